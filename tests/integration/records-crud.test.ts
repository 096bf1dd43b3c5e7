import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { fieldInputSchema } from "@/lib/schemas/fields.ts";
import { archiveFieldDefinition, insertFieldDefinition } from "@/lib/services/objects/field-definitions.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { call } from "../helpers/rest.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { DELETE: deleteRoute, GET: getRoute, PATCH: patchRoute, PUT: putRoute } = restRoute("/{object}/{id}");
const { POST: restoreRoute } = restRoute("/{object}/{id}/restore");
const { GET: listRoute, POST: createRoute } = restRoute("/{object}");

describe("records CRUD", () => {
  let t: TestTenant;
  let key: string;
  beforeAll(async () => {
    t = await createTestTenant("crud");
    key = (await createTestKey(t, { allowDelete: true })).secret;
  });

  it("creates, reads, updates, trashes and restores a record", async () => {
    const company = await call(createRoute, {
      auth: key,
      params: { object: "company" },
      body: { name: "Acme", employees: 12, annual_revenue: "1000.50" },
    });
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    const c = company.json<{ id: string; name: string; open_deals: number }>();
    expect(c).toMatchObject({
      name: "Acme",
      employees: 12,
      annual_revenue: "1000.50",
      open_deals: 0,
      pipeline_amount: null,
      owner_id: t.users.admin,
    });

    const opp = await call(createRoute, {
      auth: key,
      params: { object: "opportunity" },
      body: { name: "Big deal", stage: "proposal", amount: "5000.00", probability: 50, company: c.id },
    });
    expect(opp.status, JSON.stringify(opp.body)).toBe(201);
    const o = opp.json<{ id: string }>();
    expect(opp.json()).toMatchObject({ expected_revenue: 2500, company: c.id });

    const got = await call(getRoute, { auth: key, params: { object: "company", id: c.id } });
    expect(got.json()).toMatchObject({ id: c.id, open_deals: 1, pipeline_amount: "5000.00" });

    const patched = await call(patchRoute, {
      auth: key,
      method: "PATCH",
      params: { object: "opportunity", id: o.id },
      body: { probability: 80 },
    });
    expect(patched.status).toBe(200);
    expect(patched.json()).toMatchObject({ name: "Big deal", probability: 80, expected_revenue: 4000 });

    const del = await call(deleteRoute, { auth: key, method: "DELETE", params: { object: "opportunity", id: o.id } });
    expect(del.status).toBe(204);
    expect((await call(getRoute, { auth: key, params: { object: "opportunity", id: o.id } })).status).toBe(404);
    const trash = await call(listRoute, { auth: key, params: { object: "opportunity" }, query: { trashed: "true" } });
    expect(trash.json<{ data: { id: string }[] }>().data.map((r) => r.id)).toEqual([o.id]);
    const restored = await call(restoreRoute, { auth: key, method: "POST", params: { object: "opportunity", id: o.id } });
    expect(restored.status).toBe(200);
    expect((await call(getRoute, { auth: key, params: { object: "opportunity", id: o.id } })).status).toBe(200);
  });

  it("lists with search, filters, order and total", async () => {
    for (const name of ["José Núñez", "JOSÉ Pérez", "Maria Jose", "Zoë Saldaña"]) {
      const [first_name, last_name] = name.split(" ");
      expect((await call(createRoute, { auth: key, params: { object: "contact" }, body: { first_name, last_name } })).status).toBe(201);
    }
    const res = await call(listRoute, { auth: key, params: { object: "contact" }, query: { search: "jose", order: "last_name:asc" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.json<{ data: { last_name: string }[]; total: number }>();
    expect(body.data.map((r) => r.last_name)).toEqual(["Jose", "Núñez", "Pérez"]);
    expect(body.total).toBe(3);
    const filtered = await call(listRoute, {
      auth: key,
      params: { object: "contact" },
      query: { filter: ["first_name:eq:jose", "last_name:contains:ere"] },
    });
    expect(filtered.json<{ total: number }>().total).toBe(1);
  });

  it("sees schema changes at once (object definitions are cached per schema version)", async () => {
    const created = await call(createRoute, { auth: key, params: { object: "product" }, body: { name: "Cached" } });
    const id = created.json<{ id: string }>().id;
    expect(await call(getRoute, { auth: key, params: { object: "product", id } }).then((r) => r.json())).not.toHaveProperty("color");
    await withTenantSql(t.tenantId, async (tx) =>
      insertFieldDefinition(tx, t.tenantId, "product", fieldInputSchema.parse({ apiName: "color", label: "Color", type: "text" })),
    );
    expect(await call(getRoute, { auth: key, params: { object: "product", id } }).then((r) => r.json())).toHaveProperty("color", null);
    const ordered = await call(listRoute, { auth: key, params: { object: "product" }, query: { order: "color:asc" } });
    expect(ordered.json<{ data: { id: string }[] }>().data.map((r) => r.id)).toContain(id); // back-filled index row
    await withTenantSql(t.tenantId, async (tx) => archiveFieldDefinition(tx, t.tenantId, "product", "color"));
    expect(await call(getRoute, { auth: key, params: { object: "product", id } }).then((r) => r.json())).not.toHaveProperty("color");
  });

  it("PUT answers 405 with Allow", async () => {
    const res = await call(putRoute, { auth: key, method: "PUT", params: { object: "contact", id: "x" }, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, PATCH, DELETE");
  });
});
