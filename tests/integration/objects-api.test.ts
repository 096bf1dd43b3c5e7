import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { objectInputSchema } from "@/lib/schemas/objects.ts";
import { insertObjectDefinition } from "@/lib/services/objects/object-definitions.ts";
import { createTestKey, createTestTenant, denyRole, type TestTenant } from "../helpers/fixtures.ts";
import { call } from "../helpers/rest.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { GET: getObject } = restRoute("/objects/{apiName}");
const { GET: listObjects } = restRoute("/objects");

async function addCustomObject(t: TestTenant, apiName: string) {
  await withTenantSql(t.tenantId, async (tx) =>
    insertObjectDefinition(tx, t.tenantId, objectInputSchema.parse({ apiName, label: apiName, pluralLabel: `${apiName}s` })),
  );
}

describe("GET /objects", () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await createTestTenant();
    await addCustomObject(t, "project");
  });

  it("lists built-in and custom objects", async () => {
    const res = await call(listObjects, { auth: (await createTestKey(t)).secret });
    expect(res.status).toBe(200);
    expect(res.json<{ data: unknown[] }>().data).toEqual([
      { apiName: "company", label: "Company", custom: false },
      { apiName: "contact", label: "Contact", custom: false },
      { apiName: "lead", label: "Lead", custom: false },
      { apiName: "opportunity", label: "Opportunity", custom: false },
      { apiName: "product", label: "Product", custom: false },
      { apiName: "project", label: "project", custom: true },
    ]);
  });

  it("is filtered to the key's objects and the role's readable objects", async () => {
    const limited = await createTestKey(t, { allowedObjects: ["contact", "project"] });
    const names = (await call(listObjects, { auth: limited.secret })).json<{ data: { apiName: string }[] }>().data.map((o) => o.apiName);
    expect(names).toEqual(["contact", "project"]);
    await denyRole(t, "member", "lead", { read: false, create: false, update: false, delete: false });
    const member = await createTestKey(t, { role: "member" });
    const memberNames = (await call(listObjects, { auth: member.secret }))
      .json<{ data: { apiName: string }[] }>()
      .data.map((o) => o.apiName);
    expect(memberNames).not.toContain("lead");
    expect(memberNames).toContain("contact");
  });

  it("does not show another tenant's custom objects", async () => {
    const other = await createTestTenant();
    const names = (await call(listObjects, { auth: (await createTestKey(other)).secret }))
      .json<{ data: { apiName: string }[] }>()
      .data.map((o) => o.apiName);
    expect(names).not.toContain("project");
  });
});

describe("GET /objects/{apiName}", () => {
  it("describes fields per spec 2.2", async () => {
    const t = await createTestTenant();
    const res = await call(getObject, { auth: (await createTestKey(t)).secret, params: { apiName: "opportunity" } });
    const body = res.json<{ apiName: string; fields: Record<string, unknown>[] }>();
    expect(body.apiName).toBe("opportunity");
    const byName = Object.fromEntries(body.fields.map((f) => [f.apiName, f]));
    expect(byName.name).toMatchObject({ type: "text", required: true, unique: false, readOnly: false });
    expect(byName.company).toMatchObject({ type: "lookup", targetObject: "company" });
    expect(byName.stage).toMatchObject({
      type: "select",
      required: true,
      options: expect.arrayContaining([{ value: "closed_won", label: "Closed won" }]),
    });
    expect(byName.expected_revenue).toMatchObject({
      type: "formula",
      readOnly: true,
      formula: { expression: "ROUND(amount * probability / 100, 2)", resultType: "number" },
    });
  });

  it("404 for an unknown object", async () => {
    const t = await createTestTenant();
    const res = await call(getObject, { auth: (await createTestKey(t)).secret, params: { apiName: "nope" } });
    expect(res.status).toBe(404);
    expect(res.json().error).toBe("Object 'nope' not found");
  });
});
