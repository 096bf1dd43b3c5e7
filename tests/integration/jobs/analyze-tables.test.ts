/**
 * The analyze-tables job (lib/jobs/analyze-tables.ts): after writes over the threshold it runs
 * ANALYZE on the changed tables (their n_mod_since_analyze back to 0), as crm_app through
 * jobs_analyze_table; runs at once analyze each table once; a table whose lock another holds is left
 * to it; and on PostgreSQL, real instances at once (and one killed with SIGKILL) analyze every
 * changed table, each once.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { analyzeChangedTables, analyzeTables, analyzeThresholdRows, DEFAULT_ANALYZE_THRESHOLD_ROWS } from "@/lib/jobs/analyze-tables.ts";
import { startJobs } from "@/lib/jobs/start-jobs.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { failures, killInstance, startInstance, stopInstance, waitFor } from "../../helpers/instance-process.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);
// The job reaches every tenant's tables: on PostgreSQL this file gets a database of its own.
const database = privateDatabase();

let t: TestTenant;
let api: RecordsApi;

interface TableStats {
  changed: number;
  analyzedAt: Date | null;
}

/** The table's counts as the statistics views show them now (crm_app may read them). */
async function stats(table: string): Promise<TableStats> {
  return withTenantSql(t.tenantId, async (tx) => {
    await tx.$executeRaw`SELECT pg_stat_clear_snapshot()`;
    const [row] = await tx.$queryRaw<TableStats[]>`
      SELECT n_mod_since_analyze::float8 AS changed, last_analyze AS "analyzedAt" FROM pg_stat_user_tables WHERE relname = ${table}`;
    return row!;
  });
}

/** 2,000 contacts through the bulk API: over the default threshold in record (1,000 + 10 % of its rows). */
async function importContacts(start: number): Promise<void> {
  for (let i = start; i < start + 2000; i += 500) {
    const batch = Array.from({ length: 500 }, (_, k) => ({ first_name: "Ada", last_name: `Import ${i + k}`, email: `a${i + k}@x.test` }));
    expect((await api.bulkCreate(batch)).status).toBe(200);
  }
  // A backend reports its counts within about a second of going idle.
  await waitFor("the import's counts to reach the statistics views", 20_000, async () => (await stats("record")).changed >= 2000);
}

beforeAll(async () => {
  t = await createTestTenant("analyze");
  api = new RecordsApi(`Bearer ${await bigKey(t)}`, "contact");
});

describe("analyze-tables", () => {
  it("ANALYZE_THRESHOLD_ROWS sets the threshold's fixed part", () => {
    expect(analyzeThresholdRows({})).toBe(DEFAULT_ANALYZE_THRESHOLD_ROWS);
    expect(analyzeThresholdRows({ ANALYZE_THRESHOLD_ROWS: "50" })).toBe(50);
    expect(analyzeThresholdRows({ ANALYZE_THRESHOLD_ROWS: "-1" })).toBe(DEFAULT_ANALYZE_THRESHOLD_ROWS);
    expect(analyzeThresholdRows({ ANALYZE_THRESHOLD_ROWS: "lots" })).toBe(DEFAULT_ANALYZE_THRESHOLD_ROWS);
  });

  it("after an import over the threshold, two runs at once analyze each changed table once", async () => {
    await importContacts(0);
    const before = await stats("record");
    // Under the threshold, nothing is analyzed.
    expect((await analyzeChangedTables({ minRows: 1_000_000 })).analyzed).toEqual([]);
    expect((await stats("record")).changed).toBe(before.changed);

    const runs = await Promise.all([analyzeChangedTables(), analyzeChangedTables()]);
    const tables = runs.flatMap((r) => r.analyzed.map((a) => a.table));
    expect(tables).toEqual(expect.arrayContaining(["record", "record_token", "record_unique"]));
    expect(new Set(tables).size).toBe(tables.length);
    const after = await stats("record");
    expect(after.changed).toBe(0);
    expect(after.analyzedAt!.getTime()).toBeGreaterThan(before.analyzedAt?.getTime() ?? 0);
    // Nothing changed since: the next run has nothing to do.
    expect((await analyzeChangedTables()).analyzed.map((a) => a.table)).not.toContain("record");
  });

  it("the job, run as the server runs it, analyzes an import within seconds and says so in one line per table", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const analyzedRecord = () => log.mock.calls.map(([line]) => String(line)).find((line) => line.includes("analyzed record "));
    const stop = startJobs([analyzeTables]);
    let line: string | undefined;
    try {
      await importContacts(20_000);
      const started = Date.now();
      await waitFor("the job to analyze record", 15_000, async () => (await stats("record")).changed === 0);
      expect(Date.now() - started).toBeLessThan(15_000);
      await waitFor("its log line", 5_000, () => analyzedRecord() !== undefined);
      line = analyzedRecord();
    } finally {
      await stop();
      log.mockRestore();
    }
    expect(line).toMatch(/^job analyze-tables: analyzed record \(\d+ rows changed, \d+ rows\) in \d+ ms$/);
  });

  it.skipIf(!onPostgres)("a table whose lock another instance holds is left to it, and analyzed by a later run (PostgreSQL)", async () => {
    await importContacts(10_000);
    const holder = new pg.Client({ connectionString: database.appUrl });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT pg_advisory_xact_lock(hashtextextended('job:analyze-tables:record', 0))");
      const aside = await analyzeChangedTables();
      expect(aside.lockedElsewhere).toContain("record");
      expect(aside.analyzed.map((a) => a.table)).not.toContain("record");
      expect((await stats("record")).changed).toBeGreaterThanOrEqual(2000);
      await holder.query("COMMIT");
    } finally {
      await holder.end();
    }
    expect((await analyzeChangedTables()).analyzed.map((a) => a.table)).toContain("record");
    expect((await stats("record")).changed).toBe(0);
  });
});

describe.skipIf(!onPostgres)("analyze-tables in several instances (PostgreSQL)", () => {
  let owner: pg.Client;
  const SEEDED = ["idempotency_key", "oauth_consent_use"];

  beforeAll(async () => {
    owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
  });
  afterAll(async () => {
    await owner?.end();
  });

  /** 3,000 rows inserted into each of two tables (as the owner), reported to the statistics views at once. */
  async function seedChanges(): Promise<void> {
    await owner.query(`INSERT INTO idempotency_key (tenant_id, credential_id, key, request_hash, status, response)
      SELECT gen_random_uuid(), gen_random_uuid(), 'k' || i, 'h', 200, 'null' FROM generate_series(1, 3000) i`);
    await owner.query(`INSERT INTO oauth_consent_use (tenant_id, token_hash, expires_at)
      SELECT gen_random_uuid(), 'u' || i || random(), now() + interval '1 hour' FROM generate_series(1, 3000) i`);
    // Reported when this session next goes idle, rather than within the second it may wait.
    await owner.query("SELECT pg_stat_force_next_flush()");
    await owner.query("SELECT 1");
  }

  const changedOf = async (table: string) => {
    await owner.query("SELECT pg_stat_clear_snapshot()");
    const { rows } = await owner.query<{ n: number }>(
      "SELECT n_mod_since_analyze::float8 AS n FROM pg_stat_user_tables WHERE relname = $1",
      [table],
    );
    return rows[0]!.n;
  };
  const allAnalyzed = async (tables: string[]) => (await Promise.all(tables.map(changedOf))).every((n) => n === 0);
  const start = () => startInstance("tests/fixtures/maintenance-instance.ts", database);
  const analyzedBy = (lines: Record<string, unknown>[], table: string) => lines.filter((l) => l.analyzed === table).length;

  it("two instances at once analyze every changed table, each once between them", async () => {
    await seedChanges();
    expect(await allAnalyzed(SEEDED)).toBe(false);
    const instances = await Promise.all([start(), start()]);
    await waitFor("the changed tables to be analyzed", 30_000, () => allAnalyzed(SEEDED));
    // A few more runs of each, which must find nothing left to do.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all(instances.map(stopInstance));
    expect(instances.map(failures)).toEqual([[], []]);
    const lines = instances.flatMap((i) => i.lines());
    for (const table of SEEDED) expect(analyzedBy(lines, table), table).toBe(1);
    // Two instances' start, the analyses and a graceful stop: past 30 s on a slow machine.
  }, 90_000);

  it("an instance killed with SIGKILL leaves nothing undone: the next one analyzes what is still changed", async () => {
    await seedChanges();
    const first = await start();
    await killInstance(first, async (sql, values) => Number((await owner.query<{ n: string }>(sql, values)).rows[0]!.n));
    const second = await start();
    await waitFor("the changed tables to be analyzed", 30_000, () => allAnalyzed(SEEDED));
    await stopInstance(second);
    expect(failures(second)).toEqual([]);
    const lines = [...first.lines(), ...second.lines()];
    for (const table of SEEDED) expect(analyzedBy(lines, table), table).toBeLessThanOrEqual(1);
  }, 90_000);

  it("a table grown past the pages its last ANALYZE saw is analyzed though the statistics counters were lost (PGlite reopened)", async () => {
    await owner.query(`INSERT INTO oauth_consent_use (tenant_id, token_hash, expires_at)
      SELECT gen_random_uuid(), 'g' || i || random(), now() + interval '1 hour' FROM generate_series(1, 20000) i`);
    // What an engine opened again knows of the import: nothing (the counters live in memory).
    await owner.query("SELECT pg_stat_reset()");
    expect(await changedOf("oauth_consent_use")).toBe(0);
    expect((await analyzeChangedTables()).analyzed.map((a) => a.table)).toContain("oauth_consent_use");
    // Analyzed, its pages are known: the next run leaves it alone.
    expect((await analyzeChangedTables()).analyzed.map((a) => a.table)).not.toContain("oauth_consent_use");
  });
});
