/**
 * POST and PATCH /{object}/bulk (spec 2.4, 7, 8; DESIGN "Contract decisions"): up to 500 items,
 * partial success per item, results in request order, counts.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { bigKey, errorOf, RecordsApi, sorted, UUID_RE, type ApiRecord, type BulkCreateResult, type BulkUpdateResult } from "./helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: bulkCreateRoute } = restRoute("/{object}/bulk");

/** What went wrong with item i (null when it is valid). */
function invalidItem(i: number): { body: unknown; error: string } | null {
  switch (i % 10) {
    case 3:
      return { body: { employees: i }, error: "name: is required" };
    case 5:
      return { body: { name: `Co ${i}`, employees: "many" }, error: "employees: must be a number" };
    case 7:
      return { body: { name: `Co ${i}`, colour: "red" }, error: "colour: is not a field of this object" };
    case 9:
      return i % 20 === 9
        ? { body: i, error: "must be a JSON object" }
        : { body: { name: `Co ${i}`, domain: "not a url" }, error: "domain: must be an http or https URL" };
    default:
      return null;
  }
}

describe("bulk create", () => {
  let t: TestTenant;
  let api: RecordsApi;
  beforeAll(async () => {
    t = await createTestTenant("bulk");
    api = new RecordsApi(await bigKey(t), "company");
  });

  it("creates the valid items of 500 and reports each item in order", async () => {
    const items = Array.from({ length: 500 }, (_, i) => invalidItem(i)?.body ?? { name: `Co ${i}`, employees: i, industry: "retail" });
    const res = await api.bulkCreate(items);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const body = res.json<BulkCreateResult>();
    expect(body.results).toHaveLength(500);
    const createdIds = new Map<string, number>();
    body.results.forEach((r, i) => {
      const bad = invalidItem(i);
      expect(r.index).toBe(i);
      if (bad) {
        expect(r, `item ${i}`).toMatchObject({ index: i, ok: false, error: bad.error, code: "invalid_request" });
      } else {
        expect(Object.keys(r).sort(), `item ${i}`).toEqual(["id", "index", "ok"]);
        expect(r.ok).toBe(true);
        expect(r.id).toMatch(UUID_RE);
        createdIds.set(r.id!, i);
      }
    });
    const expectedCreated = items.filter((_, i) => !invalidItem(i)).length;
    expect(expectedCreated).toBe(300);
    expect({ created: body.created, failed: body.failed }).toEqual({ created: 300, failed: 200 });
    expect(createdIds.size).toBe(300);

    const page = await api.page({ limit: "500" });
    expect(page.total).toBe(300);
    expect(sorted(page.data.map((r) => r.id))).toEqual(sorted([...createdIds.keys()]));
    for (const r of page.data) {
      const i = createdIds.get(r.id)!;
      expect({ name: r.name, employees: r.employees, industry: r.industry }).toEqual({ name: `Co ${i}`, employees: i, industry: "retail" });
    }
  });

  it("refuses 501 items with a message naming the limit, writing nothing", async () => {
    const before = (await api.page({ limit: "1" })).total;
    const items = Array.from({ length: 501 }, (_, i) => ({ name: `Over ${i}` }));
    expect(errorOf(await api.bulkCreate(items), 400)).toBe("records: at most 500 records per request");
    expect((await api.page({ limit: "1" })).total).toBe(before);
  });

  it("refuses a body without a records list, or an empty one", async () => {
    expect(errorOf(await api.bulkCreate([]), 400)).toBe("records: needs at least one record");
    expect(errorOf(await api.bulkCreate({ name: "x" }), 400)).toMatch(/^records: /);
    const bare = await call(bulkCreateRoute, { auth: api.auth, method: "POST", params: { object: "company" }, body: [{ name: "x" }] });
    expect(errorOf(bare, 400)).toMatch(/expected object/);
    expect((await api.page({ search: "x" })).total).toBe(0);
  });

  it("gives every failed item its code and every field's error in details, as a single create's error body", async () => {
    const res = await api.bulkCreate([{ name: "Two faults", employees: "many", nope: 1 }, { name: "Fine too" }]);
    expect(res.status).toBe(200);
    const [failed, fine] = res.json<BulkCreateResult>().results;
    expect(failed).toEqual({
      index: 0,
      ok: false,
      error: expect.stringMatching(/\(and 1 more\)$/),
      message: expect.stringMatching(/\(and 1 more\)$/),
      code: "invalid_request",
      details: expect.arrayContaining([
        { path: "employees", message: expect.any(String) },
        { path: "nope", message: expect.any(String) },
      ]),
    });
    expect(failed!.details).toHaveLength(2);
    expect(Object.keys(fine!).sort()).toEqual(["id", "index", "ok"]);
    const single = await api.create({ name: "Two faults", employees: "many", nope: 1 });
    expect(single.status).toBe(400);
    expect(single.json<{ error: string; details: unknown[] }>()).toMatchObject({ error: failed!.error, details: failed!.details });
  });

  it("reports non-object items per item instead of failing the request", async () => {
    const res = await api.bulkCreate([1, "x", null, [], true, [{ name: "nested" }], { name: "Fine" }]);
    expect(res.status).toBe(200);
    const body = res.json<BulkCreateResult>();
    expect(body.results.slice(0, 6)).toMatchObject(
      [0, 1, 2, 3, 4, 5].map((index) => ({ index, ok: false, error: "must be a JSON object", code: "invalid_request" })),
    );
    expect(body.results[6]).toMatchObject({ index: 6, ok: true, id: expect.stringMatching(UUID_RE) });
    expect({ created: body.created, failed: body.failed }).toEqual({ created: 1, failed: 6 });
  });

  it("answers 404 for an unknown object", async () => {
    expect(errorOf(await new RecordsApi(api.auth, "nope").bulkCreate([{ name: "x" }]), 404)).toBe("Object 'nope' not found");
  });
});

describe("bulk update", () => {
  let api: RecordsApi;
  let key: string;
  beforeAll(async () => {
    const t = await createTestTenant("bulk-upd");
    key = await bigKey(t, { allowDelete: true });
    api = new RecordsApi(key, "company");
  });

  it("updates valid items and reports nonexistent, invalid, duplicate and missing ids per item", async () => {
    const [a, b, c, d, trashed] = [
      await api.mustCreate({ name: "A", employees: 1 }),
      await api.mustCreate({ name: "B", employees: 2 }),
      await api.mustCreate({ name: "C", employees: 3 }),
      await api.mustCreate({ name: "D", employees: 5 }),
      await api.mustCreate({ name: "T", employees: 4 }),
    ];
    expect((await api.remove(trashed.id)).status).toBe(204);
    const ghost = randomUUID();
    const res = await api.bulkUpdate([
      { id: a.id, employees: 10 },
      { id: ghost, name: "Ghost" },
      { id: b.id, employees: "many" },
      { id: a.id, name: "A twice" },
      { name: "No id" },
      { id: "not-a-uuid", name: "x" },
      { id: c.id.toUpperCase(), name: "C renamed", domain: null },
      { id: trashed.id, name: "From trash" },
      { id: d.id, nope: 1 },
      42,
      { id: 42, name: "numeric id" },
      { id: c.id, name: "" },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.json<BulkUpdateResult>();
    expect(body.results).toMatchObject([
      { index: 0, ok: true, id: a.id },
      { index: 1, ok: false, error: `Record '${ghost}' not found` },
      { index: 2, ok: false, error: "employees: must be a number" },
      { index: 3, ok: false, error: `id: '${a.id}' appears more than once in this request` },
      { index: 4, ok: false, error: "id: is required" },
      { index: 5, ok: false, error: "Record 'not-a-uuid' not found" },
      { index: 6, ok: true, id: c.id },
      { index: 7, ok: false, error: `Record '${trashed.id}' not found` },
      { index: 8, ok: false, error: "nope: is not a field of this object" },
      { index: 9, ok: false, error: "id: is required" },
      { index: 10, ok: false, error: "id: is required" },
      { index: 11, ok: false, error: `id: '${c.id}' appears more than once in this request` },
    ]);
    expect({ updated: body.updated, failed: body.failed }).toEqual({ updated: 2, failed: 10 });

    expect(await api.mustGet(a.id)).toMatchObject({ name: "A", employees: 10 });
    const bAfter = await api.mustGet(b.id);
    expect(bAfter).toEqual(b);
    expect(await api.mustGet(c.id)).toMatchObject({ name: "C renamed", employees: 3, domain: null });
    expect(await api.mustGet(d.id)).toEqual(d);
    expect((await api.get(trashed.id)).status).toBe(404);
  });

  it("sets updated and failed counts when every item fails or every item succeeds", async () => {
    const records: ApiRecord[] = [];
    for (const name of ["P", "Q", "R"]) records.push(await api.mustCreate({ name }));
    const allOk = (await api.bulkUpdate(records.map((r, i) => ({ id: r.id, employees: i })))).json<BulkUpdateResult>();
    expect({ updated: allOk.updated, failed: allOk.failed }).toEqual({ updated: 3, failed: 0 });
    expect(allOk.results.map((r) => r.id)).toEqual(records.map((r) => r.id));
    const allBad = (await api.bulkUpdate(records.map((r) => ({ id: r.id, employees: "x" })))).json<BulkUpdateResult>();
    expect({ updated: allBad.updated, failed: allBad.failed }).toEqual({ updated: 0, failed: 3 });
    for (const [i, r] of records.entries()) expect((await api.mustGet(r.id)).employees).toBe(i);
  });

  it("refuses 501 updates with a message naming the limit, and an empty list", async () => {
    const a = await api.mustCreate({ name: "Limit" });
    const updates = Array.from({ length: 501 }, () => ({ id: a.id, employees: 1 }));
    expect(errorOf(await api.bulkUpdate(updates), 400)).toBe("updates: at most 500 updates per request");
    expect((await api.mustGet(a.id)).employees).toBeNull();
    expect(errorOf(await api.bulkUpdate([]), 400)).toBe("updates: needs at least one update");
  });

  it("accepts exactly 500 updates", async () => {
    const created = (await api.bulkCreate(Array.from({ length: 500 }, (_, i) => ({ name: `Big ${i}` })))).json<BulkCreateResult>();
    expect(created.created).toBe(500);
    const res = await api.bulkUpdate(created.results.map((r, i) => ({ id: r.id, employees: i })));
    const body = res.json<BulkUpdateResult>();
    expect({ status: res.status, updated: body.updated, failed: body.failed }).toEqual({ status: 200, updated: 500, failed: 0 });
    const page = await api.page({ filter: "employees:gte:0", search: "big", limit: "500" });
    expect(page.total).toBe(500);
    const byId = new Map(created.results.map((r, i) => [r.id, i]));
    for (const r of page.data) expect(r.employees).toBe(byId.get(r.id));
  });
});
