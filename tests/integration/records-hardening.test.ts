import { beforeAll, describe, expect, it } from "vitest";
import { serverActor } from "@/lib/auth/actor.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { bumpSchemaVersion } from "@/lib/services/objects/schema-version.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { createRecords } from "@/lib/services/records/write-records.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { call } from "../helpers/rest.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { GET: getRoute } = restRoute("/{object}/{id}");
const { GET: listRoute } = restRoute("/{object}");

describe("records: hostile input and races end in 4xx, never 500", () => {
  let t: TestTenant;
  let key: string;
  beforeAll(async () => {
    t = await createTestTenant("hard");
    key = (await createTestKey(t, { rateLimit: 10_000 })).secret;
  });

  it("a NUL in a filter value is a 400", async () => {
    const res = await call(listRoute, { auth: key, params: { object: "contact" }, query: { filter: "last_name:eq:a\u0000b" } });
    expect(res.status).toBe(400);
    expect(res.json().error).toContain("NUL");
  });

  it("an object name no object can have is a 404", async () => {
    for (const object of ["a\u0000b", "Contact", "x".repeat(100)]) {
      expect((await call(listRoute, { auth: key, params: { object } })).status).toBe(404);
      expect((await call(getRoute, { auth: key, params: { object, id: "00000000-0000-0000-0000-000000000000" } })).status).toBe(404);
    }
  });

  it("a number too large for a range filter is a 400", async () => {
    const res = await call(listRoute, { auth: key, params: { object: "opportunity" }, query: { filter: `amount:gt:1${"0".repeat(400)}` } });
    expect(res.status).toBe(400);
    expect(res.json().error).toContain("is not a number");
  });

  it("a write validated against fields that changed meanwhile is refused with 409, not applied", async () => {
    await expect(
      withTenantSql(t.tenantId, async (tx) => {
        const version = (await tx.$queryRaw<{ v: number }[]>`SELECT schema_version AS v FROM tenant WHERE id = ${t.tenantId}::uuid`)[0]!.v;
        const object = await loadObjectSchema(tx, t.tenantId, "product", version);
        await bumpSchemaVersion(tx, t.tenantId); // another admin's change, committed first
        return createRecords(tx, { actor: serverActor(t.tenantId, t.users.admin), object, inputs: [{ name: "Stale" }] });
      }),
    ).rejects.toSatisfy((e: unknown) => isAppError(e) && e.status === 409);
    const list = await call(listRoute, { auth: key, params: { object: "product" }, query: { filter: "name:Stale" } });
    expect(list.json<{ total: number }>().total).toBe(0);
  });
});
