/**
 * Totals the writes keep (record-counts.ts): a list with no filter and a search for one word of up
 * to three letters read their total from record_count. Through creates (one and bulk), renames
 * (one and bulk), trash and restore, run one by one and many at once, every kept total equals the
 * count of the general path, and the counts equal what the migration computes from the stored
 * records. Another tenant's records are in none of them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { call } from "../../helpers/rest.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { bigKey, RecordsApi, type BulkCreateResult, type Query } from "./helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: dataRoute } = restRoute("/data/{object}");

/** A condition every record meets: it sends the same list down the general path (countQuery), for reference. */
const GENERAL = "created_at:gt:2000-01-01T00:00:00Z";
const FIRST = ["Maria", "Mateo", "Łukasz", "Zoë", "José", "Al", "M"];
const LAST = ["Mendoza", "Meyer", "Martín-Mejía", "Ng", "O'Brien", "Åström"];
/** Prefixes of one to three letters (folded or not, as a user types them), a longer word, and no match. */
const TERMS = [
  "m",
  "M",
  "ma",
  "mat",
  "me",
  "men",
  "mej",
  "l",
  "łu",
  "zo",
  "zoe",
  "jos",
  "a",
  "al",
  "n",
  "ng",
  "o",
  "ob",
  "as",
  "ast",
  "mendoza",
  "q",
];

let a: TestTenant;
let b: TestTenant;
let contacts: RecordsApi;
let others: RecordsApi;
const live = new Set<string>();

const contact = (i: number) => ({ first_name: FIRST[i % FIRST.length], last_name: `${LAST[(i * 5) % LAST.length]}` });

async function bulk(api: RecordsApi, records: Record<string, unknown>[]): Promise<string[]> {
  const res = await api.bulkCreate(records);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.json<BulkCreateResult>().results.map((r) => r.id!);
}

async function total(api: RecordsApi, query: Query): Promise<number> {
  return (await api.page({ limit: "1", ...query })).total;
}

/** Every kept total against the general path's count. */
async function expectKeptTotalsExact(api: RecordsApi): Promise<void> {
  const kept = await Promise.all([total(api, {}), ...TERMS.map((search) => total(api, { search }))]);
  const general = await Promise.all([total(api, { filter: GENERAL }), ...TERMS.map((search) => total(api, { search, filter: GENERAL }))]);
  expect(kept).toEqual(general);
}

/** The tenant's counts as the rows sum them, and as the migration computes them from the stored records. */
async function countsOf(t: TestTenant): Promise<{ kept: Record<string, number>; recomputed: Record<string, number> }> {
  return withTenantSql(t.tenantId, async (tx) => {
    const kept = await tx.$queryRaw<{ key: string; n: number }[]>`
      SELECT key, sum(n)::int AS n FROM record_count WHERE tenant_id = ${t.tenantId}::uuid GROUP BY key HAVING sum(n) <> 0`;
    const recomputed = await tx.$queryRaw<{ key: string; n: number }[]>`
      SELECT '' AS key, count(*)::int AS n FROM record r WHERE r.tenant_id = ${t.tenantId}::uuid AND r.deleted_at IS NULL
      UNION ALL
      SELECT p.prefix, count(DISTINCT t.record_id)::int FROM record_token t
      JOIN record r ON r.tenant_id = t.tenant_id AND r.id = t.record_id AND r.deleted_at IS NULL
      CROSS JOIN LATERAL (SELECT DISTINCT left(t.token, k) FROM generate_series(1, 3) k) p(prefix)
      WHERE t.tenant_id = ${t.tenantId}::uuid GROUP BY p.prefix`;
    const byKey = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [r.key, r.n]));
    return { kept: byKey(kept), recomputed: byKey(recomputed) };
  });
}

/** The data endpoint's total: every final change (kept, less those stamped since), or through a filter every record meets. */
async function dataTotal(t: TestTenant, general = false): Promise<number> {
  const query = { pageSize: "1", ...(general ? { updated_since: "2000-01-01T00:00:00Z" } : {}) };
  const res = await call(dataRoute, { auth: `Bearer ${await bigKey(t)}`, params: { object: "contact" }, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.json<{ total: number }>().total;
}

async function expectCountsRecomputable(t: TestTenant): Promise<void> {
  const { kept, recomputed } = await countsOf(t);
  expect(kept).toEqual(recomputed);
}

beforeAll(async () => {
  a = await createTestTenant("kept-totals-a");
  b = await createTestTenant("kept-totals-b");
  contacts = new RecordsApi(await bigKey(a, { allowDelete: true }), "contact");
  others = new RecordsApi(await bigKey(b, { allowDelete: true }), "contact");
  for (const id of await bulk(
    contacts,
    Array.from({ length: 300 }, (_, i) => contact(i)),
  ))
    live.add(id);
  // The other tenant: names that share every prefix, and more of them.
  await bulk(
    others,
    Array.from({ length: 400 }, (_, i) => contact(i + 1)),
  );
}, 120_000);

describe("kept totals", () => {
  it("after bulk creates, equal the general path's counts and the migration's", async () => {
    expect(await total(contacts, {})).toBe(300);
    expect(await total(others, {})).toBe(400);
    await expectKeptTotalsExact(contacts);
    await expectKeptTotalsExact(others);
    await expectCountsRecomputable(a);
    await expectCountsRecomputable(b);
  });

  it("follow renames, one by one and in bulk, where a new word shares prefixes with the old", async () => {
    const ids = [...live];
    // "Maria Mendoza" → "Mateo Mendoza": "ma" and "m" stay, "mar" goes, "mat" comes.
    for (const id of ids.slice(0, 20)) {
      const res = await contacts.patch(id, { first_name: "Mateo", last_name: "Mendoza" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const updates = ids.slice(20, 120).map((id, i) => ({ id, patch: i % 2 ? { last_name: "Quist" } : { first_name: "" } }));
    expect((await contacts.bulkUpdate(updates)).status).toBe(200);
    // A change that leaves the name alone changes no count.
    expect((await contacts.patch(ids[200]!, { email: "kept@example.test" })).status).toBe(200);
    await expectKeptTotalsExact(contacts);
    await expectCountsRecomputable(a);
  });

  it("follow the trash: a trashed record leaves every total it was in, a restored one comes back", async () => {
    const ids = [...live];
    const before = await total(contacts, { search: "m" });
    for (const id of ids.slice(100, 160)) {
      expect((await contacts.remove(id)).status).toBe(204);
      live.delete(id);
    }
    // Trashing what is already in the trash is refused and counts nothing twice.
    expect((await contacts.remove(ids[100]!)).status).toBe(404);
    expect(await total(contacts, {})).toBe(240);
    expect(await total(contacts, { search: "m" })).toBeLessThan(before);
    await expectKeptTotalsExact(contacts);
    for (const id of ids.slice(100, 130)) {
      expect((await contacts.restore(id)).status).toBe(200);
      live.add(id);
    }
    expect((await contacts.restore(ids[100]!)).status).toBe(404);
    expect(await total(contacts, {})).toBe(270);
    await expectKeptTotalsExact(contacts);
    await expectCountsRecomputable(a);
  });

  it("stay exact with many writers at once: nobody waits on a count, nobody is lost", async () => {
    const ids = [...live];
    const writes = [
      ...Array.from(
        { length: 6 },
        (_, w) => () =>
          bulk(
            contacts,
            Array.from({ length: 50 }, (_, i) => contact(w * 50 + i + 7)),
          ),
      ),
      ...ids.slice(0, 40).map((id, i) => () => contacts.patch(id, { last_name: i % 2 ? "Mejía" : "Ng" })),
      ...ids.slice(40, 60).map((id) => () => contacts.remove(id)),
    ];
    const results = await Promise.all(writes.map((w) => w()));
    for (const r of results) if (!Array.isArray(r)) expect([200, 204]).toContain(r.status);
    expect(await total(contacts, {})).toBe(270 + 300 - 20);
    await expectKeptTotalsExact(contacts);
    await expectCountsRecomputable(a);
  });

  it("give the data endpoint's total of final changes: the kept total less the records stamped since its horizon", async () => {
    const everyone = await total(contacts, {});
    expect(await dataTotal(a)).toBe(everyone);
    expect(await dataTotal(a, true)).toBe(everyone);
    // A record stamped past the horizon is not final yet (change-stamp.ts): out of the rows and out of the total.
    const [late] = [...live];
    const stamp = (at: Prisma.Sql) =>
      withTenantSql(
        a.tenantId,
        async (tx) => tx.$executeRaw`UPDATE record SET updated_at = ${at} WHERE tenant_id = ${a.tenantId}::uuid AND id = ${late}::uuid`,
      );
    await stamp(Prisma.sql`now() + interval '1 hour'`);
    try {
      expect(await dataTotal(a)).toBe(everyone - 1);
      expect(await dataTotal(a, true)).toBe(everyone - 1);
      expect(await total(contacts, {})).toBe(everyone);
    } finally {
      await stamp(Prisma.sql`now()`);
    }
    expect(await dataTotal(b)).toBe(await total(others, {}));
    // Read from the kept counts, not by counting every record: a count row added by hand shows in it (and is taken away).
    const skew = (sql: Prisma.Sql) => withTenantSql(a.tenantId, async (tx) => tx.$executeRaw(sql));
    await skew(Prisma.sql`INSERT INTO record_count (tenant_id, object_id, key, stripe, n)
      SELECT tenant_id, object_id, '', -1, 1000 FROM record WHERE tenant_id = ${a.tenantId}::uuid AND id = ${late}::uuid`);
    try {
      expect(await dataTotal(a)).toBe(everyone + 1000);
    } finally {
      await skew(Prisma.sql`DELETE FROM record_count WHERE tenant_id = ${a.tenantId}::uuid AND stripe = -1`);
    }
  });

  it("are what the migration computes for records stored before it (migration record_counts)", async () => {
    const { kept } = await countsOf(a);
    const migration = readFileSync(path.join(process.cwd(), "prisma/migrations/20261129150000_record_counts/migration.sql"), "utf8");
    const backfill = /-- The counts of the records already stored[^\n]*\n([\s\S]*?)\n-- Tenant isolation/.exec(migration)![1]!;
    // Run as the app in the tenant's transaction, whose policy confines it to the tenant's rows.
    await withTenantSql(a.tenantId, async (tx) => {
      await tx.$executeRaw`DELETE FROM record_count WHERE tenant_id = ${a.tenantId}::uuid`;
      for (const statement of backfill.split(";").filter((s) => s.trim())) await tx.$executeRaw(Prisma.raw(statement));
    });
    expect((await countsOf(a)).kept).toEqual(kept);
    await expectKeptTotalsExact(contacts);
  });

  it("are the tenant's own: the other tenant's totals and rows are untouched and unseen", async () => {
    expect(await total(others, {})).toBe(400);
    await expectKeptTotalsExact(others);
    await expectCountsRecomputable(b);
    const seen = await withTenantSql(
      a.tenantId,
      async (tx) => await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM record_count WHERE tenant_id <> ${a.tenantId}::uuid`,
    );
    expect(seen[0]!.n).toBe(0);
  });
});
