/**
 * No name or id contains a control character, so a path parameter holding one (`%00` in the URL)
 * names nothing: every operation of the registry answers 404 JSON for each of its path parameters,
 * before anything reaches the database (PostgreSQL refuses U+0000, which answered 500).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { createTestKey, createTestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const paramsOf = (apiPath: string) => [...apiPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
/** Values the other parameters take: they name something that could exist. */
const plausible = (param: string) =>
  param === "object" || param === "apiName" ? "contact" : param === "fieldApiName" ? "email" : randomUUID();

describe("a control character in a path parameter", () => {
  let key: string;

  beforeAll(async () => {
    key = (await createTestKey(await createTestTenant("ctl"), { allowDelete: true, rateLimit: 10_000 })).secret;
  });

  const cases = HTTP_OPERATIONS.flatMap((op) =>
    paramsOf(op.http!.path).flatMap((param) => ["\u0000", "x\u001fy"].map((value) => ({ op, param, value }))),
  );

  it.each(cases.map((c) => [`${c.op.http!.method} ${c.op.http!.path} ${c.param}=${JSON.stringify(c.value)}`, c] as const))(
    "%s: 404 JSON",
    async (_, { op, param, value }) => {
      const { method, path } = op.http!;
      const params = Object.fromEntries(paramsOf(path).map((p) => [p, p === param ? value : plausible(p)]));
      const res = await call(restRoute(path)[method], { method, auth: key, params, body: op.http!.body ? {} : undefined });
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ code: "not_found", requestId: expect.any(String) });
    },
  );
});
