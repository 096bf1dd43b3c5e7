/**
 * The fold-record-counts job on the real database: the record_count rows of connections that have
 * ended are folded into each key's stripe 0, in every tenant, every total unchanged; the rows of
 * open connections are left to them; two instances folding at once move each row once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { foldRecordCounts } from "@/lib/jobs/fold-record-counts.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { bigKey, RecordsApi, type Query } from "../records/helpers.ts";

privateDatabase();

/** Pids no backend ever has: rows of connections that have ended. */
const ENDED = [-1, -2, -3];

let tenants: TestTenant[];

interface Row {
  key: string;
  stripe: number;
  n: number;
}

const rowsOf = (t: TestTenant) =>
  withTenantSql(
    t.tenantId,
    async (tx) => await tx.$queryRaw<Row[]>`SELECT key, stripe, n::int AS n FROM record_count ORDER BY key, stripe`,
  );

/** Each key's total, as a list's total reads it. */
function totals(rows: Row[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const r of rows) sums[r.key] = (sums[r.key] ?? 0) + r.n;
  return sums;
}

/** Moves part of each key's count into the rows of connections that have ended: totals stay as they are. */
async function scatter(t: TestTenant): Promise<void> {
  await withTenantSql(t.tenantId, async (tx) => {
    await tx.$executeRaw`
      INSERT INTO record_count (tenant_id, object_id, key, stripe, n)
      SELECT c.tenant_id, c.object_id, c.key, e.stripe, e.n
      FROM (SELECT DISTINCT tenant_id, object_id, key FROM record_count) c
      CROSS JOIN unnest(${ENDED}::int[], ARRAY[7, -3, 5]::bigint[]) AS e(stripe, n)`;
    await tx.$executeRaw`
      UPDATE record_count c SET n = c.n - 9 WHERE c.stripe > 0`;
  });
}

beforeAll(async () => {
  tenants = [await createTestTenant("fold-a"), await createTestTenant("fold-b")];
  for (const [i, t] of tenants.entries()) {
    const api = new RecordsApi(await bigKey(t), "contact");
    const res = await api.bulkCreate(
      Array.from({ length: 20 + i * 10 }, (_, k) => ({ first_name: ["Maria", "Mateo", "Noor"][k % 3], last_name: `Lane ${k}` })),
    );
    expect(res.status).toBe(200);
  }
});

describe("fold-record-counts", () => {
  it("folds the rows of ended connections into stripe 0 in every tenant, every total unchanged, open connections' rows kept", async () => {
    const before = await Promise.all(tenants.map(rowsOf));
    for (const t of tenants) await scatter(t);
    const scattered = await Promise.all(tenants.map(rowsOf));
    for (const [i, rows] of scattered.entries()) {
      expect(totals(rows)).toEqual(totals(before[i]!));
      expect(rows.some((r) => ENDED.includes(r.stripe))).toBe(true);
    }
    const { folded, lockedElsewhere } = await foldRecordCounts({ batchSize: 7 });
    expect(lockedElsewhere).toBe(false);
    expect(folded).toBe(scattered.flat().filter((r) => ENDED.includes(r.stripe)).length);
    for (const [i, t] of tenants.entries()) {
      const after = await rowsOf(t);
      expect(totals(after)).toEqual(totals(before[i]!));
      expect(after.filter((r) => ENDED.includes(r.stripe))).toEqual([]);
      // The writing connections' own rows (live pids) are theirs still.
      expect(after.filter((r) => r.stripe > 0)).toEqual(scattered[i]!.filter((r) => r.stripe > 0));
    }
    // Nothing is left to fold.
    expect((await foldRecordCounts()).folded).toBe(0);
  });

  it("two instances folding at once move each row once", async () => {
    const before = await Promise.all(tenants.map(rowsOf));
    for (const t of tenants) await scatter(t);
    const runs = await Promise.all([foldRecordCounts({ batchSize: 3 }), foldRecordCounts({ batchSize: 3 })]);
    // The one that found the lock taken stood aside; whatever it left, the next run takes.
    await foldRecordCounts();
    expect(runs.some((r) => !r.lockedElsewhere)).toBe(true);
    for (const [i, t] of tenants.entries()) {
      const after = await rowsOf(t);
      expect(totals(after)).toEqual(totals(before[i]!));
      expect(after.filter((r) => ENDED.includes(r.stripe))).toEqual([]);
    }
  });

  it("changes nothing a list reads: the kept totals still equal the counted ones", async () => {
    for (const t of tenants) {
      const api = new RecordsApi(await bigKey(t), "contact");
      for (const search of [undefined, "m", "ma", "mat", "n", "la"]) {
        const query: Query = search ? { search } : {};
        const kept = (await api.page({ limit: "1", ...query })).total;
        const counted = (await api.page({ limit: "1", ...query, filter: "created_at:gt:2000-01-01T00:00:00Z" })).total;
        expect(kept).toBe(counted);
      }
    }
  });
});
