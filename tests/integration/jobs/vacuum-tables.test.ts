/**
 * The vacuum-tables job (lib/jobs/vacuum-tables.ts): on PostgreSQL, after an import over the
 * threshold it runs VACUUM on the worn tables once they have been analyzed, on the owner's login, so that their pages are marked
 * all-visible (what index-only scans and counts need); runs at once vacuum each table once; a table
 * whose lock another session holds is left to it; real instances at once (and one killed with
 * SIGKILL) vacuum every worn table, each once. On PGlite it does nothing.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { analyzeChangedTables, analyzeTables } from "@/lib/jobs/analyze-tables.ts";
import { startJobs } from "@/lib/jobs/start-jobs.ts";
import { DEFAULT_VACUUM_THRESHOLD_ROWS, vacuumTables, vacuumThresholdRows, vacuumWornTables } from "@/lib/jobs/vacuum-tables.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { failures, killInstance, startInstance, stopInstance, waitFor } from "../../helpers/instance-process.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);
// The job reaches every table: on PostgreSQL this file gets a database of its own.
const database = privateDatabase();

let t: TestTenant;
let api: RecordsApi;
let owner: pg.Client;

interface TableState {
  inserted: number;
  vacuums: number;
  pages: number;
  allVisible: number;
}

/** The table's counts as the statistics views show them now, and its pages as the last VACUUM left them. */
async function state(table: string): Promise<TableState> {
  await owner.query("SELECT pg_stat_clear_snapshot()");
  const { rows } = await owner.query<TableState>(
    `SELECT s.n_ins_since_vacuum::float8 AS inserted, s.vacuum_count::float8 AS vacuums,
       pg_relation_size(s.relid)::float8 / current_setting('block_size')::float8 AS pages, c.relallvisible::float8 AS "allVisible"
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = $1`,
    [table],
  );
  return rows[0]!;
}

/** 2,000 contacts through the bulk API: over the default threshold in record (1,000 + 20 % of its rows). */
async function importContacts(start: number): Promise<void> {
  for (let i = start; i < start + 2000; i += 500) {
    const batch = Array.from({ length: 500 }, (_, k) => ({ first_name: "Ada", last_name: `Import ${i + k}`, email: `a${i + k}@x.test` }));
    expect((await api.bulkCreate(batch)).status).toBe(200);
  }
  // A backend reports its counts within about a second of going idle.
  await waitFor("the import's counts to reach the statistics views", 20_000, async () => (await state("record")).inserted >= 2000);
}

beforeAll(async () => {
  t = await createTestTenant("vacuum");
  api = new RecordsApi(`Bearer ${await bigKey(t)}`, "contact");
  if (onPostgres) {
    owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
  }
});
afterAll(async () => {
  await owner?.end();
});

describe("vacuum-tables", () => {
  it("VACUUM_THRESHOLD_ROWS sets the threshold's fixed part", () => {
    expect(vacuumThresholdRows({})).toBe(DEFAULT_VACUUM_THRESHOLD_ROWS);
    expect(vacuumThresholdRows({ VACUUM_THRESHOLD_ROWS: "50" })).toBe(50);
    expect(vacuumThresholdRows({ VACUUM_THRESHOLD_ROWS: "-1" })).toBe(DEFAULT_VACUUM_THRESHOLD_ROWS);
    expect(vacuumThresholdRows({ VACUUM_THRESHOLD_ROWS: "lots" })).toBe(DEFAULT_VACUUM_THRESHOLD_ROWS);
  });

  it.skipIf(onPostgres)("does nothing on PGlite, whose one connection a VACUUM would hold", async () => {
    for (let i = 0; i < 2000; i += 500) {
      const batch = Array.from({ length: 500 }, (_, k) => ({ first_name: "Ada", last_name: `Import ${i + k}` }));
      expect((await api.bulkCreate(batch)).status).toBe(200);
    }
    expect(await vacuumWornTables({ minRows: 0 })).toEqual({ vacuumed: [], lockedElsewhere: [] });
  });

  it.skipIf(!onPostgres)(
    "after an import over the threshold, two runs at once vacuum each worn table once, and mark its pages all-visible",
    async () => {
      // Statistics taken before the import (as a migration leaves them), stale once it has arrived.
      await owner.query("ANALYZE record");
      await importContacts(0);
      const before = await state("record");
      expect(before.allVisible).toBeLessThan(before.pages);
      // Its statistics not current: left alone (a size with an empty table's statistics misleads the planner).
      expect((await vacuumWornTables()).vacuumed.map((v) => v.table)).not.toContain("record");
      expect((await state("record")).vacuums).toBe(before.vacuums);
      await analyzeChangedTables();
      // Under the threshold, nothing is vacuumed.
      expect((await vacuumWornTables({ minRows: 1_000_000 })).vacuumed).toEqual([]);

      const runs = await Promise.all([vacuumWornTables(), vacuumWornTables()]);
      const tables = runs.flatMap((r) => r.vacuumed.map((v) => v.table));
      expect(tables).toEqual(expect.arrayContaining(["record", "record_token"]));
      expect(new Set(tables).size).toBe(tables.length);
      const after = await state("record");
      expect(after.vacuums).toBe(before.vacuums + 1);
      expect(after.inserted).toBe(0);
      expect(after.allVisible).toBe(after.pages);
      // Nothing worn since: the next run has nothing to do.
      expect((await vacuumWornTables()).vacuumed.map((v) => v.table)).not.toContain("record");
    },
  );

  it.skipIf(!onPostgres)(
    "the job, run as the server runs it (after the analyze job), vacuums an import within seconds and says so in one line per table",
    async () => {
      const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
      const vacuumedRecord = () => log.mock.calls.map(([line]) => String(line)).find((line) => line.includes("vacuumed record "));
      let line: string | undefined;
      await importContacts(20_000);
      const stop = startJobs([analyzeTables, vacuumTables]);
      try {
        await waitFor("the job to vacuum record", 15_000, async () => (await state("record")).inserted === 0);
        await waitFor("its log line", 5_000, () => vacuumedRecord() !== undefined);
        line = vacuumedRecord();
      } finally {
        await stop();
        log.mockRestore();
      }
      expect(line).toMatch(/^job vacuum-tables: vacuumed record \(\d+ rows inserted, \d+ dead, \d+ rows\) in \d+ ms$/);
    },
  );

  it.skipIf(!onPostgres)("a table whose lock another session holds is left to it, and vacuumed by a later run", async () => {
    await importContacts(10_000);
    await analyzeChangedTables({ minRows: 0 });
    // 2,000 of 6,000 rows: under the default threshold's 20 %, over its fixed part alone.
    const minRows = 0;
    const holder = new pg.Client({ connectionString: database.ownerUrl });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(hashtextextended('job:vacuum-tables:record', 0))");
      const aside = await vacuumWornTables({ minRows });
      expect(aside.lockedElsewhere).toContain("record");
      expect(aside.vacuumed.map((v) => v.table)).not.toContain("record");
      expect((await state("record")).inserted).toBeGreaterThanOrEqual(2000);
    } finally {
      await holder.end();
    }
    expect((await vacuumWornTables({ minRows })).vacuumed.map((v) => v.table)).toContain("record");
    expect((await state("record")).inserted).toBe(0);
  });
});

describe.skipIf(!onPostgres)("vacuum-tables in several instances (PostgreSQL)", () => {
  const SEEDED = ["idempotency_key", "oauth_consent_use"];

  /** 3,000 rows inserted into each of two tables (as the owner), reported to the statistics views at once. */
  async function seedInserts(): Promise<void> {
    await owner.query(`INSERT INTO idempotency_key (tenant_id, credential_id, key, request_hash, status, response)
      SELECT gen_random_uuid(), gen_random_uuid(), 'k' || i || random(), 'h', 200, 'null' FROM generate_series(1, 3000) i`);
    await owner.query(`INSERT INTO oauth_consent_use (tenant_id, token_hash, expires_at)
      SELECT gen_random_uuid(), 'u' || i || random(), now() + interval '1 hour' FROM generate_series(1, 3000) i`);
    await owner.query("SELECT pg_stat_force_next_flush()");
    await owner.query("SELECT 1");
    // Analyzed after the inserts are counted (the analyze job's part): only tables with current statistics are vacuumed.
    await owner.query("ANALYZE idempotency_key, oauth_consent_use");
  }

  const allVacuumed = async (tables: string[]) => (await Promise.all(tables.map(state))).every((s) => s.inserted === 0);
  const start = () => startInstance("tests/fixtures/maintenance-instance.ts", database, { MAINTENANCE_JOB: "vacuum-tables" });
  const vacuumedBy = (lines: Record<string, unknown>[], table: string) => lines.filter((l) => l.vacuumed === table).length;

  it("two instances at once vacuum every worn table, each once between them", async () => {
    await seedInserts();
    expect(await allVacuumed(SEEDED)).toBe(false);
    const instances = await Promise.all([start(), start()]);
    await waitFor("the worn tables to be vacuumed", 30_000, () => allVacuumed(SEEDED));
    // A few more runs of each, which must find nothing left to do.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all(instances.map(stopInstance));
    expect(instances.map(failures)).toEqual([[], []]);
    const lines = instances.flatMap((i) => i.lines());
    for (const table of SEEDED) expect(vacuumedBy(lines, table), table).toBe(1);
  }, 90_000);

  it("an instance killed with SIGKILL leaves nothing undone: the next one vacuums what is still worn", async () => {
    await seedInserts();
    const first = await start();
    await killInstance(first, async (sql, values) => Number((await owner.query<{ n: string }>(sql, values)).rows[0]!.n));
    const second = await start();
    await waitFor("the worn tables to be vacuumed", 30_000, () => allVacuumed(SEEDED));
    await stopInstance(second);
    expect(failures(second)).toEqual([]);
    const lines = [...first.lines(), ...second.lines()];
    for (const table of SEEDED) expect(vacuumedBy(lines, table), table).toBeLessThanOrEqual(1);
  }, 90_000);
});
