/**
 * Records permissions beyond the auth matrix (tests/guards/matrices/records.ts): bulk updates
 * across tenants, the delete permission of spec 3 and tenant separation of lists.
 */
import { describe, expect, it } from "vitest";
import { expectError } from "../../helpers/auth-matrix.ts";
import { createTestTenant } from "../../helpers/fixtures.ts";
import { as, OBJECT, prepare } from "../../guards/matrices/records.ts";
import { bigKey, RecordsApi, type ApiRecord, type Query } from "./helpers.ts";

describe("bulk update across tenants", () => {
  it("reports tenant A's id as not found per item and leaves the record unchanged", async () => {
    const a = await prepare(await createTestTenant("bulk-x-a"));
    const keyB = await bigKey(await createTestTenant("bulk-x-b"));
    const res = await as(keyB).bulkUpdate([{ id: a.record.id, employees: 99 }]);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      results: [
        {
          index: 0,
          ok: false,
          error: `Record '${a.record.id}' not found`,
          message: `Record '${a.record.id}' not found`,
          code: "not_found",
        },
      ],
      updated: 0,
      failed: 1,
    });
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
    const queries: Query[] = [
      {},
      { search: "shared" },
      { search: "only" },
      { filter: "name:eq:shared name" },
      { order: "name:asc" },
      { trashed: "false" },
    ];
    for (const query of queries) {
      const page = await apiB.page({ limit: "500", ...query });
      expect(
        page.data.map((r) => r.id).filter((id) => fromA.some((x) => x.id === id)),
        JSON.stringify(query),
      ).toEqual([]);
      expect(page.total).toBe(page.data.length);
    }
    expect((await apiB.page()).total).toBe(1);
    expect((await apiB.page({ search: "shared" })).data.map((r) => r.id)).toEqual([fromB.id]);
    expect((await apiA.page()).total).toBe(2);
  });
});
