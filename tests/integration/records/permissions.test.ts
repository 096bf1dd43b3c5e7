/**
 * The authentication and authorization matrix (spec 5.2, 7) on every records endpoint, plus the
 * delete permission of spec 3 and tenant separation of lists.
 */
import { describe, expect, it } from "vitest";
import { authMatrix, expectError } from "../../helpers/auth-matrix.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import type { CallResult } from "../../helpers/rest.ts";
import { bigKey, RecordsApi, type ApiRecord, type ItemResult, type Query } from "./helpers.ts";

const OBJECT = "company";

interface Ctx {
  /** Tenant admin's credential, used to set up records; never the credential under test. */
  admin: RecordsApi;
  record: ApiRecord;
}

async function prepare(t: TestTenant): Promise<Ctx> {
  const admin = new RecordsApi(await bigKey(t, { allowDelete: true }), OBJECT);
  return { admin, record: await admin.mustCreate({ name: "Matrix Co", employees: 1 }) };
}

const as = (auth: string | undefined) => new RecordsApi(auth, OBJECT);

authMatrix<Ctx>({
  name: "GET /{object}",
  object: OBJECT,
  action: "read",
  okStatus: 200,
  prepare,
  call: (_ctx, auth) => as(auth).list(),
  // Every tenant has a company object; "tenant separation" below covers the records.
  crossTenantStatus: 200,
});

authMatrix<Ctx>({
  name: "GET /{object}/{id}",
  object: OBJECT,
  action: "read",
  okStatus: 200,
  prepare,
  call: (ctx, auth) => as(auth).get(ctx.record.id),
});

authMatrix<Ctx>({
  name: "POST /{object}",
  object: OBJECT,
  action: "create",
  okStatus: 201,
  prepare,
  call: (_ctx, auth) => as(auth).create({ name: "Created Co" }),
  crossTenantStatus: 201,
});

authMatrix<Ctx>({
  name: "PATCH /{object}/{id}",
  object: OBJECT,
  action: "update",
  okStatus: 200,
  prepare,
  call: (ctx, auth) => as(auth).patch(ctx.record.id, { employees: 2 }),
});

authMatrix<Ctx>({
  name: "DELETE /{object}/{id}",
  object: OBJECT,
  action: "delete",
  okStatus: 204,
  prepare,
  // Each call deletes a fresh record, so a success never hides a later check behind a 404.
  call: async (ctx, auth) => as(auth).remove((await ctx.admin.mustCreate({ name: "Doomed Co" })).id),
});

authMatrix<Ctx>({
  name: "POST /{object}/{id}/restore",
  object: OBJECT,
  action: "update",
  okStatus: 200,
  prepare,
  call: async (ctx, auth) => {
    const r = await ctx.admin.mustCreate({ name: "Trashed Co" });
    expect((await ctx.admin.remove(r.id)).status).toBe(204);
    return as(auth).restore(r.id);
  },
});

/**
 * A one-item bulk response as the matrix sees it: 200 only when the item succeeded; a failed item
 * counts as the status the single-record endpoint gives (404 when not found, else 400), so the
 * matrix checks that the write happened, and that a foreign id is not found.
 */
function asSingle(res: CallResult): CallResult {
  if (res.status !== 200) return res;
  const [item] = res.json<{ results: ItemResult[] }>().results;
  if (item?.ok) return res;
  return { ...res, status: / not found$/.test(item?.error ?? "") ? 404 : 400 };
}

authMatrix<Ctx>({
  name: "POST /{object}/bulk",
  object: OBJECT,
  action: "create",
  okStatus: 200,
  prepare,
  call: async (_ctx, auth) => asSingle(await as(auth).bulkCreate([{ name: "Bulk Co" }])),
  crossTenantStatus: 200,
});

authMatrix<Ctx>({
  name: "PATCH /{object}/bulk",
  object: OBJECT,
  action: "update",
  okStatus: 200,
  prepare,
  call: async (ctx, auth) => asSingle(await as(auth).bulkUpdate([{ id: ctx.record.id, employees: 3 }])),
});

describe("bulk update across tenants", () => {
  it("reports tenant A's id as not found per item and leaves the record unchanged", async () => {
    const a = await prepare(await createTestTenant("bulk-x-a"));
    const keyB = await bigKey(await createTestTenant("bulk-x-b"));
    const res = await as(keyB).bulkUpdate([{ id: a.record.id, employees: 99 }]);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ results: [{ index: 0, ok: false, error: `Record '${a.record.id}' not found` }], updated: 0, failed: 1 });
    expect(await a.admin.mustGet(a.record.id)).toEqual(a.record);
  });
});

describe("delete permission (spec 3)", () => {
  it("a key without allow-delete gets 403 errors.apiKeyDeleteDenied and the record is untouched", async () => {
    const t = await createTestTenant("del");
    const admin = new RecordsApi(await bigKey(t, { allowDelete: true }), OBJECT);
    const r = await admin.mustCreate({ name: "Keep Co" });
    const plain = new RecordsApi(await bigKey(t), OBJECT);
    expectError(await plain.remove(r.id), 403, "errors.apiKeyDeleteDenied");
    expect(await admin.mustGet(r.id)).toEqual(r);
    expect((await admin.page({ trashed: "true" })).total).toBe(0);

    const del = await admin.remove(r.id);
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    expect((await admin.get(r.id)).status).toBe(404);
    const trash = await admin.page({ trashed: "true" });
    expect(trash.data.map((x) => x.id)).toEqual([r.id]);
    expect(trash.data[0]!.deleted_at).toMatch(/Z$/);
    expect((await admin.page()).total).toBe(0);

    // Restoring needs write permission, not delete permission.
    const restored = await plain.restore(r.id);
    expect(restored.status).toBe(200);
    const back = restored.json<ApiRecord>();
    expect(back).not.toHaveProperty("deleted_at");
    expect({ ...back, updated_at: r.updated_at }).toEqual(r);
    expect(await admin.mustGet(r.id)).toEqual(back);
    expect((await admin.page({ trashed: "true" })).total).toBe(0);
  });
});

describe("tenant separation of lists", () => {
  it("tenant B's list, search and total never include tenant A's records", async () => {
    const a = await createTestTenant("sep-a");
    const b = await createTestTenant("sep-b");
    const apiA = new RecordsApi(await bigKey(a), OBJECT);
    const apiB = new RecordsApi(await bigKey(b), OBJECT);
    const fromA = [await apiA.mustCreate({ name: "Shared Name" }), await apiA.mustCreate({ name: "Only In A" })];
    const fromB = await apiB.mustCreate({ name: "Shared Name" });
    const queries: Query[] = [{}, { search: "shared" }, { search: "only" }, { filter: "name:eq:shared name" }, { order: "name:asc" }, { trashed: "false" }];
    for (const query of queries) {
      const page = await apiB.page({ limit: "500", ...query });
      expect(page.data.map((r) => r.id).filter((id) => fromA.some((x) => x.id === id)), JSON.stringify(query)).toEqual([]);
      expect(page.total).toBe(page.data.length);
    }
    expect((await apiB.page()).total).toBe(1);
    expect((await apiB.page({ search: "shared" })).data.map((r) => r.id)).toEqual([fromB.id]);
    expect((await apiA.page()).total).toBe(2);
  });
});
