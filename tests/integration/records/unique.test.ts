/**
 * Unique fields (spec 2.2 `unique`): contact.email is unique per tenant, compared case-insensitively;
 * races between concurrent requests have exactly one winner; trash frees values, restore retakes them.
 * A taken value is a business-rule failure: 400 naming the field (spec 7 has no 409 for it).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import {
  bigKey,
  createCustomObject,
  errorOf,
  RecordsApi,
  type ApiRecord,
  type BulkCreateResult,
  type BulkUpdateResult,
} from "./helpers.ts";

const TAKEN = "email: another record already has this value";

describe("unique values", () => {
  let t: TestTenant;
  let api: RecordsApi;
  const withEmail = async (email: string) => (await api.page({ filter: `email:eq:${email}`, limit: "500" })).data;
  const eventCount = async () =>
    (await withTenantSql(t.tenantId, async (tx) => await tx.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM outbox_event`))[0].n;

  beforeAll(async () => {
    t = await createTestTenant("unique");
    api = new RecordsApi(await bigKey(t, { allowDelete: true }), "contact");
  });

  it("refuses a duplicate in another case with 400 naming the field, and writes nothing", async () => {
    const first = await api.mustCreate({ last_name: "First", email: "Ann@Example.com" });
    expect(first.email).toBe("ann@example.com");
    const [total, events] = [(await api.page()).total, await eventCount()];
    for (const email of ["ann@example.com", "ANN@EXAMPLE.COM", "  ann@Example.com "]) {
      const res = await api.create({ last_name: "Second", email });
      expect(errorOf(res, 400)).toBe(TAKEN);
      expect(res.json()).toMatchObject({
        code: "invalid_request",
        message: TAKEN,
        details: [{ path: "email", message: "another record already has this value" }],
      });
    }
    expect((await api.page()).total).toBe(total);
    expect(await eventCount()).toBe(events);
    expect((await api.page({ search: "second" })).total).toBe(0);
    expect((await withEmail("ann@example.com")).map((r) => r.id)).toEqual([first.id]);
  });

  it("lets exactly one of 20 concurrent creates of one email win", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.create({ last_name: `Racer ${i}`, email: "race@example.com" })),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(results.map((r) => r.body)),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    const winner = results.find((r) => r.status === 201)!.json<ApiRecord>();
    expect((await withEmail("race@example.com")).map((r) => r.id)).toEqual([winner.id]);
    expect((await api.page({ search: "racer", limit: "50" })).total).toBe(1);
  });

  it("lets exactly one item win when two concurrent bulk requests carry the same value", async () => {
    const [x, y] = await Promise.all([
      api.bulkCreate([
        { last_name: "BulkX1", email: "shared@example.com" },
        { last_name: "BulkX2", email: "x2@example.com" },
      ]),
      api.bulkCreate([
        { last_name: "BulkY1", email: "SHARED@example.com" },
        { last_name: "BulkY2", email: "y2@example.com" },
      ]),
    ]);
    const bx = x.json<BulkCreateResult>();
    const by = y.json<BulkCreateResult>();
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(bx.created + by.created).toBe(3);
    const sharedResults = [bx.results[0]!, by.results[0]!];
    expect(sharedResults.filter((r) => r.ok)).toHaveLength(1);
    expect(sharedResults.find((r) => !r.ok)!.error).toBe(TAKEN);
    expect([bx.results[1]!.ok, by.results[1]!.ok]).toEqual([true, true]);
    expect(await withEmail("shared@example.com")).toHaveLength(1);
  });

  it("lets only the first of two items with the same value in one bulk request win", async () => {
    const res = await api.bulkCreate([
      { last_name: "Dup1", email: "dup@example.com" },
      { last_name: "Dup2", email: "DUP@example.com" },
      { last_name: "Dup3", email: "dup3@example.com" },
    ]);
    const body = res.json<BulkCreateResult>();
    expect(body.results.map((r) => [r.ok, r.error])).toEqual([
      [true, undefined],
      [false, TAKEN],
      [true, undefined],
    ]);
    expect({ created: body.created, failed: body.failed }).toEqual({ created: 2, failed: 1 });
    expect((await withEmail("dup@example.com")).map((r) => r.last_name)).toEqual(["Dup1"]);
  });

  it("refuses updating a record to another record's value, leaving it unchanged", async () => {
    const a = await api.mustCreate({ last_name: "Holder", email: "holder@example.com" });
    const b = await api.mustCreate({ last_name: "Other", email: "other@example.com", job_title: "CTO" });
    const patch = await api.patch(b.id, { email: "HOLDER@example.com", job_title: "CEO" });
    expect(errorOf(patch, 400)).toBe(TAKEN);
    expect(patch.json()).toMatchObject({
      code: "invalid_request",
      details: [{ path: "email", message: "another record already has this value" }],
    });
    expect(await api.mustGet(b.id)).toEqual(b);
    expect(await api.mustGet(a.id)).toEqual(a);
    // b still holds its own value, and no one else can take it.
    expect(errorOf(await api.create({ last_name: "Third", email: "other@example.com" }), 400)).toBe(TAKEN);
  });

  it("refuses two bulk updates to the same new value in one request", async () => {
    const a = await api.mustCreate({ last_name: "SwapA", email: "swap-a@example.com" });
    const b = await api.mustCreate({ last_name: "SwapB", email: "swap-b@example.com" });
    const same = (
      await api.bulkUpdate([
        { id: a.id, email: "both@example.com" },
        { id: b.id, email: "Both@example.com" },
      ])
    ).json<BulkUpdateResult>();
    expect(same.results.map((r) => [r.ok, r.error])).toEqual([
      [true, undefined],
      [false, TAKEN],
    ]);
    expect((await withEmail("both@example.com")).map((r) => r.id)).toEqual([a.id]);
    expect((await api.mustGet(b.id)).email).toBe("swap-b@example.com");
    // a gave up swap-a@ when it moved to both@.
    expect((await api.create({ last_name: "Taker", email: "swap-a@example.com" })).status).toBe(201);
  });

  it("lets two records swap their values in one bulk update", async () => {
    const a = await api.mustCreate({ last_name: "SwapperA", email: "swapper-a@example.com" });
    const b = await api.mustCreate({ last_name: "SwapperB", email: "swapper-b@example.com" });
    const res = (
      await api.bulkUpdate([
        { id: a.id, email: "swapper-b@example.com" },
        { id: b.id, email: "swapper-a@example.com" },
      ])
    ).json<BulkUpdateResult>();
    expect(res.results.map((r) => [r.ok, r.error])).toEqual([
      [true, undefined],
      [true, undefined],
    ]);
    expect((await withEmail("swapper-a@example.com")).map((r) => r.id)).toEqual([b.id]);
    expect((await withEmail("swapper-b@example.com")).map((r) => r.id)).toEqual([a.id]);
    for (const email of ["swapper-a@example.com", "swapper-b@example.com"])
      expect(errorOf(await api.create({ last_name: "Late", email }), 400)).toBe(TAKEN);
  });

  it("keeps a failed update's old value: a later item may not take it", async () => {
    await api.mustCreate({ last_name: "Outsider", email: "outsider@example.com" });
    const a = await api.mustCreate({ last_name: "ChainA", email: "chain-a@example.com" });
    const b = await api.mustCreate({ last_name: "ChainB", email: "chain-b@example.com" });
    const res = (
      await api.bulkUpdate([
        { id: a.id, email: "outsider@example.com" },
        { id: b.id, email: "chain-a@example.com" },
      ])
    ).json<BulkUpdateResult>();
    expect(res.results.map((r) => [r.ok, r.error])).toEqual([
      [false, TAKEN],
      [false, TAKEN],
    ]);
    expect((await api.mustGet(a.id)).email).toBe("chain-a@example.com");
    expect((await api.mustGet(b.id)).email).toBe("chain-b@example.com");
    expect(errorOf(await api.create({ last_name: "Late", email: "chain-b@example.com" }), 400)).toBe(TAKEN);
  });

  it("does not fail an item over a value claimed by an item that failed", async () => {
    await createCustomObject(t, "member", [
      { apiName: "email", label: "Email", type: "email", unique: true },
      { apiName: "code", label: "Code", type: "text", unique: true },
    ]);
    const members = new RecordsApi(api.auth, "member");
    await members.mustCreate({ name: "Holder", email: "held@example.com", code: "h" });
    const res = (
      await members.bulkCreate([
        { name: "Loses email", email: "held@example.com", code: "c1" },
        { name: "Wants c1", email: "free@example.com", code: "C1" },
        { name: "Wants c1 too", email: "free2@example.com", code: "c1" },
      ])
    ).json<BulkCreateResult>();
    expect(res.results.map((r) => [r.ok, r.error])).toEqual([
      [false, TAKEN],
      [true, undefined],
      [false, "code: another record already has this value"],
    ]);
    const page = await members.page({ filter: "code:eq:c1" });
    expect(page.data.map((r) => r.name)).toEqual(["Wants c1"]);
  });

  it("frees a value when the record changes or clears it", async () => {
    const a = await api.mustCreate({ last_name: "Mover", email: "old@example.com" });
    expect((await api.patch(a.id, { email: "new@example.com" })).status).toBe(200);
    expect((await api.create({ last_name: "Old taker", email: "old@example.com" })).status).toBe(201);
    expect(errorOf(await api.create({ last_name: "New taker", email: "new@example.com" }), 400)).toBe(TAKEN);
    expect((await api.patch(a.id, { email: null })).status).toBe(200);
    expect((await api.create({ last_name: "New taker", email: "new@example.com" })).status).toBe(201);
  });

  it("trashing frees the value; restoring the first record then answers 400 naming the field", async () => {
    const first = await api.mustCreate({ last_name: "Trashed", email: "trash@example.com" });
    expect((await api.remove(first.id)).status).toBe(204);
    const second = await api.mustCreate({ last_name: "Successor", email: "trash@example.com" });
    const restore = await api.restore(first.id);
    expect(errorOf(restore, 400)).toBe(TAKEN);
    expect(restore.json()).toMatchObject({
      code: "invalid_request",
      details: [{ path: "email", message: "another record already has this value" }],
    });
    expect((await api.get(first.id)).status).toBe(404);
    expect((await api.page({ trashed: "true", filter: `id:eq:${first.id}` })).total).toBe(1);
    expect((await withEmail("trash@example.com")).map((r) => r.id)).toEqual([second.id]);
    // Once the successor gives the value up, the restore succeeds and holds it again.
    expect((await api.remove(second.id)).status).toBe(204);
    expect((await api.restore(first.id)).status).toBe(200);
    expect(errorOf(await api.create({ last_name: "Late", email: "trash@example.com" }), 400)).toBe(TAKEN);
  });

  it("accepts a PATCH that sends the record's own unchanged value", async () => {
    const a = await api.mustCreate({ last_name: "Self", email: "self@example.com" });
    const same = await api.patch(a.id, { email: "self@example.com", job_title: "VP" });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const recased = await api.patch(a.id, { email: "SELF@example.com" });
    expect(recased.status, JSON.stringify(recased.body)).toBe(200);
    expect(recased.json()).toMatchObject({ email: "self@example.com", job_title: "VP" });
    const bulk = (await api.bulkUpdate([{ id: a.id, email: "self@example.com" }])).json<BulkUpdateResult>();
    expect(bulk.updated).toBe(1);
    expect(errorOf(await api.create({ last_name: "Copy", email: "self@example.com" }), 400)).toBe(TAKEN);
  });

  it("compares unique text accent- and case-insensitively (product.sku)", async () => {
    const products = new RecordsApi(api.auth, "product");
    await products.mustCreate({ name: "Widget", sku: "ÉTÉ-1" });
    expect(errorOf(await products.create({ name: "Widget 2", sku: "ete-1" }), 400)).toBe("sku: another record already has this value");
    expect((await products.create({ name: "Widget 3", sku: "ete-2" })).status).toBe(201);
  });

  it("is per tenant: another tenant may use the same value", async () => {
    const other = new RecordsApi(await bigKey(await createTestTenant("unique-b")), "contact");
    expect((await other.create({ last_name: "Elsewhere", email: "ann@example.com" })).status).toBe(201);
  });
});
