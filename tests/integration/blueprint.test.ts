/**
 * The versioned built-in blueprint (README "Built-in objects reach existing tenants"): a tenant
 * created by the previous release (version 1) receives version 2's product fields on start,
 * once, even with two instances starting together; an admin's own field of the same name is
 * kept; new tenants are provisioned at the current version; line items then take the product's
 * tax rate and term as defaults.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { fieldInputSchema } from "@/lib/schemas/fields.ts";
import { insertFieldDefinition } from "@/lib/services/objects/field-definitions.ts";
import { applyBlueprintToAllTenants, BLUEPRINT_VERSION } from "@/lib/services/tenants/blueprint.ts";
import { provisionTenant } from "@/lib/services/tenants/provision-tenant.ts";
import { createTestKey, createTestTenant } from "../helpers/fixtures.ts";
import { privateDatabase } from "../helpers/private-database.ts";
import { call } from "../helpers/rest.ts";
import { RecordsApi } from "./records/helpers.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { POST: addLine } = restRoute("/line-items");

privateDatabase();

const previousRelease = () => provisionTenant({ name: "Old", slug: `old-${randomBytes(5).toString("hex")}`, blueprintVersion: 1 });

async function productFields(tenantId: string) {
  return withTenantSql(tenantId, async (tx) => {
    const fields = await tx.$queryRaw<{ apiName: string; type: string; custom: boolean }[]>`
      SELECT f.api_name AS "apiName", f.type, f.custom
      FROM field_def f JOIN object_def o ON o.tenant_id = f.tenant_id AND o.id = f.object_id
      WHERE f.tenant_id = ${tenantId}::uuid AND o.api_name = 'product'
      ORDER BY f.position`;
    const [tenant] = await tx.$queryRaw<{ v: number }[]>`SELECT blueprint_version AS v FROM tenant WHERE id = ${tenantId}::uuid`;
    return { fields: fields.map((f) => ({ apiName: f.apiName, type: f.type, custom: f.custom })), version: tenant!.v };
  });
}

describe("built-in blueprint", () => {
  it("is at version 3: version 2 adds the product's tax rate and term, version 3 the email opt-out of contacts and leads", () => {
    expect(BLUEPRINT_VERSION).toBe(3);
  });

  it("brings a tenant of the previous release up to date once, keeping its records", async () => {
    const old = await previousRelease();
    const before = await productFields(old.tenantId);
    expect(before.version).toBe(1);
    expect(before.fields.map((f) => f.apiName)).not.toContain("tax_rate");
    const [admin] = await withTenantSql(
      old.tenantId,
      async (tx) =>
        await tx.$queryRaw<[{ id: string }]>`
        INSERT INTO app_user (tenant_id, id, email, name, password_hash, role_id)
        VALUES (${old.tenantId}::uuid, gen_random_uuid(), ${`a-${randomBytes(4).toString("hex")}@old.test`}, 'A', 'x', ${old.roles.admin!}::uuid)
        RETURNING id::text`,
    );
    const t = {
      tenantId: old.tenantId,
      roles: old.roles,
      users: { admin: admin.id, member: admin.id, read_only: admin.id },
      emails: { admin: "", member: "", read_only: "" },
    };
    const key = (await createTestKey(t)).secret;
    const product = await new RecordsApi(key, "product").mustCreate({ name: "Old widget", price: "10.00" });

    // Two instances starting together: each step once.
    const upgraded = await Promise.all([applyBlueprintToAllTenants(() => undefined), applyBlueprintToAllTenants(() => undefined)]);
    expect(upgraded[0] + upgraded[1]).toBeGreaterThanOrEqual(1);
    const after = await productFields(old.tenantId);
    expect(after.version).toBe(BLUEPRINT_VERSION);
    expect(after.fields.filter((f) => f.apiName === "tax_rate")).toEqual([{ apiName: "tax_rate", type: "percent", custom: false }]);
    expect(after.fields.filter((f) => f.apiName === "term_months")).toEqual([{ apiName: "term_months", type: "number", custom: false }]);
    // Idempotent: nothing is behind any more.
    expect(await applyBlueprintToAllTenants(() => undefined)).toBe(0);
    expect((await productFields(old.tenantId)).fields).toEqual(after.fields);

    const api = new RecordsApi(key, "product");
    expect(await api.mustGet(product.id)).toMatchObject({ name: "Old widget", price: "10.00", tax_rate: null, term_months: null });
    const res = await api.patch(product.id, { tax_rate: 20, term_months: 12 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("keeps an admin's own field of the same name and adds the rest", async () => {
    const old = await previousRelease();
    await withTenantSql(old.tenantId, async (tx) =>
      insertFieldDefinition(tx, old.tenantId, "product", fieldInputSchema.parse({ apiName: "tax_rate", label: "Tax code", type: "text" })),
    );
    const lines: string[] = [];
    await applyBlueprintToAllTenants((line) => lines.push(line));
    const after = await productFields(old.tenantId);
    expect(after.version).toBe(BLUEPRINT_VERSION);
    expect(after.fields.filter((f) => f.apiName === "tax_rate")).toEqual([{ apiName: "tax_rate", type: "text", custom: true }]);
    expect(after.fields.some((f) => f.apiName === "term_months")).toBe(true);
    expect(lines.find((l) => l.includes(old.tenantId))).toContain("kept the tenant's own product.tax_rate");
  });

  it("provisions new tenants at the current version, and line items default to the product's tax rate and term", async () => {
    const t = await createTestTenant("bp-new");
    expect((await productFields(t.tenantId)).version).toBe(BLUEPRINT_VERSION);
    const key = (await createTestKey(t, { rateLimit: 10_000 })).secret;
    const product = await new RecordsApi(key, "product").mustCreate({ name: "Plan", price: "99.00", tax_rate: 20, term_months: 12 });
    const opp = await new RecordsApi(key, "opportunity").mustCreate({ name: "Deal", stage: "proposal" });
    const res = await call(addLine, {
      auth: key,
      path: "/line-items",
      body: { opportunity_id: opp.id, product_id: product.id, quantity: 2 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.json()).toMatchObject({ name: "Plan", unit_price: "99.00", tax: "20.00", term: 12, total: "237.60" });
  });
});
