import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { call } from "../helpers/rest.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { PATCH: patchRoute, DELETE: deleteRoute } = restRoute("/{object}/{id}");
const { POST: bulkRoute } = restRoute("/{object}/bulk");
const { POST: createRoute } = restRoute("/{object}");
const { GET: dataRoute } = restRoute("/data/{object}");

interface DataPage {
  object: string;
  columns: { name: string; type: string }[];
  page: number;
  pageSize: number;
  total: number;
  rows: Record<string, unknown>[];
}

const data = (key: string, object: string, query: Record<string, string | string[]> = {}) =>
  call(dataRoute, { auth: key, params: { object }, query });

async function bulkCreate(key: string, object: string, records: Record<string, unknown>[]): Promise<string[]> {
  const res = await call(bulkRoute, { auth: key, params: { object }, body: { records } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.json<{ results: { id: string }[] }>().results.map((r) => r.id);
}

describe("GET /data/{object}", () => {
  let t: TestTenant;
  let key: string;
  beforeAll(async () => {
    t = await createTestTenant("data");
    key = (await createTestKey(t, { allowDelete: true, rateLimit: 10_000 })).secret;
  });

  it("returns fixed columns then one per field, with types, and flat rows", async () => {
    await bulkCreate(key, "opportunity", [
      { name: "Flat", stage: "proposal", amount: "10.50", probability: 10, tags: ["upsell", "renewal"] },
    ]);
    const res = await data(key, "opportunity", { filter: "name:Flat" });
    expect(res.status).toBe(200);
    const body = res.json<DataPage>();
    expect(body.object).toBe("opportunity");
    expect(body.columns.slice(0, 4)).toEqual([
      { name: "id", type: "uuid" },
      { name: "created_at", type: "datetime" },
      { name: "updated_at", type: "datetime" },
      { name: "owner_id", type: "uuid" },
    ]);
    expect(body.columns).toContainEqual({ name: "amount", type: "currency" });
    expect(body.columns).toContainEqual({ name: "expected_revenue", type: "number" });
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({
      name: "Flat",
      amount: "10.50",
      tags: "upsell;renewal",
      expected_revenue: 1.05,
      owner_id: t.users.admin,
    });
    expect(Object.keys(body.rows[0]!)).toEqual(body.columns.map((c) => c.name));
  });

  it("pages with page/pageSize or limit/offset, newest change first, with an exact total", async () => {
    const ids = await bulkCreate(
      key,
      "product",
      Array.from({ length: 25 }, (_, i) => ({ name: `Paged ${i}` })),
    );
    const all = (await data(key, "product", { pageSize: "1000" })).json<DataPage>();
    expect(all.total).toBe(25);
    expect(new Set(all.rows.map((r) => r.id))).toEqual(new Set(ids));
    const updated = all.rows.map((r) => String(r.updated_at));
    expect([...updated].sort().reverse()).toEqual(updated);

    const defaults = (await data(key, "product")).json<DataPage>();
    expect({ page: defaults.page, pageSize: defaults.pageSize }).toEqual({ page: 1, pageSize: 100 });
    const seen: unknown[] = [];
    for (let page = 1; page <= 3; page++) {
      const p = (await data(key, "product", { page: String(page), pageSize: "10" })).json<DataPage>();
      expect(p).toMatchObject({ page, pageSize: 10, total: 25 });
      seen.push(...p.rows.map((r) => r.id));
    }
    expect(seen).toEqual(all.rows.map((r) => r.id));
    const byOffset = (await data(key, "product", { limit: "10", offset: "20" })).json<DataPage>();
    expect(byOffset).toMatchObject({ page: 3, pageSize: 10 });
    expect(byOffset.rows.map((r) => r.id)).toEqual(all.rows.slice(20).map((r) => r.id));
  });

  it("refuses bad paging and non-equality filters with a clear 400", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ page: "0" }, "page"],
      [{ pageSize: "1001" }, "pageSize"],
      [{ limit: "0" }, "limit"],
      [{ page: "1", limit: "5" }, "not both"],
      [{ updated_since: "yesterday" }, "updated_since"],
      [{ filter: "amount:gt:5" }, "equality"],
    ];
    for (const [query, words] of cases) {
      const res = await data(key, "opportunity", query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json<{ error: string }>().error).toContain(words);
    }
  });

  it("polling with updated_since sees every change exactly once, trashed records excluded", async () => {
    const poller = await createTestTenant("poll");
    const k = (await createTestKey(poller, { allowDelete: true, rateLimit: 10_000 })).secret;
    const ids = await bulkCreate(
      k,
      "lead",
      Array.from({ length: 10 }, (_, i) => ({ last_name: `Lead ${i}`, status: "new" })),
    );
    let since: string | undefined;
    const seen: string[] = [];
    const poll = async () => {
      const rows: Record<string, unknown>[] = [];
      for (let page = 1; ; page++) {
        const q: Record<string, string> = { page: String(page), pageSize: "7" };
        if (since) q.updated_since = since;
        const p = (await data(k, "lead", q)).json<DataPage>();
        rows.push(...p.rows);
        if (page * 7 >= p.total) break;
      }
      for (const r of rows) seen.push(`${r.id}@${r.updated_at}`);
      const newest = rows
        .map((r) => String(r.updated_at))
        .sort()
        .pop();
      if (newest) since = newest;
    };
    await poll();
    const expected = new Set(seen);
    // Rounds of updates, polling in between and concurrently with writes.
    for (let round = 0; round < 4; round++) {
      const changes = ids.filter((_, i) => i % (round + 2) === 0);
      const writes = Promise.all(
        changes.map(async (id) => {
          const res = await call(patchRoute, { auth: k, method: "PATCH", params: { object: "lead", id }, body: { score: round } });
          expect(res.status).toBe(200);
          expected.add(`${id}@${res.json<{ updated_at: string }>().updated_at}`);
        }),
      );
      await poll();
      await writes;
      // A change shows once every write of the database that started before it has ended (the
      // horizon, change-stamp.ts); other test files' writers may hold it back for a moment. The
      // next round overwrites these versions, so poll as a poller would until they have shown.
      for (const deadline = Date.now() + 10_000; [...expected].some((v) => !seen.includes(v)) && Date.now() < deadline;) {
        await poll();
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    expect(seen.length).toBe(new Set(seen).size); // nothing twice
    expect(new Set(seen)).toEqual(expected); // nothing missed

    await call(deleteRoute, { auth: k, method: "DELETE", params: { object: "lead", id: ids[0]! } });
    const after = (await data(k, "lead", { pageSize: "1000" })).json<DataPage>();
    expect(after.total).toBe(9);
    expect(after.rows.map((r) => r.id)).not.toContain(ids[0]);
  });

  it("an update stamps after the version it replaces, even one stamped ahead of this clock", async () => {
    const created = await call(createRoute, { auth: key, params: { object: "product" }, body: { name: "Ahead" } });
    const id = created.json<{ id: string }>().id;
    // As if written when the clock was an hour ahead: a poller that saw it asks updated_since that.
    const bump = Prisma.sql`UPDATE record SET updated_at = updated_at + interval '1 hour' WHERE id = ${id}::uuid RETURNING updated_at AS at`;
    const [ahead] = await withTenantSql(t.tenantId, async (tx) => tx.$queryRaw<{ at: Date }[]>(bump));
    const patched = await call(patchRoute, { auth: key, method: "PATCH", params: { object: "product", id }, body: { name: "Ahead 2" } });
    expect(patched.status).toBe(200);
    expect(new Date(patched.json<{ updated_at: string }>().updated_at).getTime()).toBeGreaterThan(ahead!.at.getTime());
  });

  it("created_since and field:value filters narrow the rows", async () => {
    const first = await call(createRoute, { auth: key, params: { object: "company" }, body: { name: "Before", industry: "retail" } });
    const cutoff = first.json<{ created_at: string }>().created_at;
    await bulkCreate(key, "company", [
      { name: "After A", industry: "retail" },
      { name: "After B", industry: "software" },
    ]);
    const since = (await data(key, "company", { created_since: cutoff })).json<DataPage>();
    expect(since.rows.map((r) => r.name).sort()).toEqual(["After A", "After B"]);
    const filtered = (await data(key, "company", { created_since: cutoff, filter: "industry:retail" })).json<DataPage>();
    expect(filtered.rows.map((r) => r.name)).toEqual(["After A"]);
  });

  it("tenant B sees none of tenant A's rows", async () => {
    const b = await createTestTenant("data-b");
    const kb = (await createTestKey(b)).secret;
    const page = (await data(kb, "opportunity", { pageSize: "1000" })).json<DataPage>();
    expect(page.total).toBe(0);
    expect(page.rows).toEqual([]);
  });
});
