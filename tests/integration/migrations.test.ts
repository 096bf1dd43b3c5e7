/**
 * The migration runner (lib/db/migrate.ts) on a database of its own: PGlite always, and
 * PostgreSQL too when DATABASE_URL is set (a throwaway database, dropped afterwards).
 */
import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, MigrationError, migrationsDir, readMigrations, type MigrationFile, type SqlExecutor } from "@/lib/db/migrate.ts";
import { openPglite } from "@/lib/db/pglite.ts";

interface FreshDatabase {
  executor: SqlExecutor;
  close(): Promise<void>;
}

interface HistoryRow {
  id: string;
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

async function freshPglite(): Promise<FreshDatabase> {
  const db = await openPglite("memory://");
  return {
    executor: {
      exec: async (sql) => void (await db.exec(sql)),
      query: async <T>(sql: string) => (await db.query<T>(sql)).rows,
    },
    close: () => db.close(),
  };
}

async function freshPostgres(baseUrl: string): Promise<FreshDatabase> {
  const name = `crm_migtest_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    executor: {
      exec: async (sql) => void (await client.query(sql)),
      query: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    },
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const engines: { name: string; open: () => Promise<FreshDatabase> }[] = [{ name: "PGlite", open: freshPglite }];
const pgUrl = process.env.DATABASE_URL;
if (pgUrl) engines.push({ name: "PostgreSQL", open: () => freshPostgres(pgUrl) });

const BROKEN: MigrationFile = { name: "99999999999999_broken", sql: "CREATE TABLE broken_probe(id int);\nSELECT 1/0;\n" };

const DO_BLOCK: MigrationFile = {
  name: "99999999999998_do_block",
  sql: `-- A DO block whose body has semicolons: the runner must send it whole, not split it.
CREATE TABLE do_probe (id int PRIMARY KEY, note text NOT NULL);
DO $$
DECLARE i int;
BEGIN
  INSERT INTO do_probe VALUES (1, 'semi;colon; inside');
  FOR i IN 2..3 LOOP
    INSERT INTO do_probe VALUES (i, format('row %s;', i));
  END LOOP;
END $$;
INSERT INTO do_probe VALUES (4, 'after the block');
`,
};

/** Its SQL succeeds, but then its own history row cannot be written: all of it must roll back. */
const HISTORY_REFUSED: MigrationFile = {
  name: "99999999999997_history_refused",
  sql: `CREATE TABLE half_done_probe (id int);
ALTER TABLE "_prisma_migrations" ADD CONSTRAINT refuse_probe CHECK (migration_name <> '99999999999997_history_refused');
`,
};

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

async function tableExists(db: SqlExecutor, table: string): Promise<boolean> {
  const rows = await db.query<{ t: string | null }>(`SELECT to_regclass('public.${table}')::text AS t`);
  return rows[0]?.t != null;
}

async function history(db: SqlExecutor): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(
    `SELECT id, migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name`,
  );
}

describe.each(engines)("migration runner on a fresh $name database", ({ open }) => {
  let db: FreshDatabase;
  let real: MigrationFile[];

  beforeAll(async () => {
    db = await open();
    real = await readMigrations(migrationsDir());
  });

  afterAll(async () => {
    await db?.close();
  });

  it("applies every real migration, in folder order, and records each", async () => {
    expect(real.length).toBeGreaterThanOrEqual(2);
    expect(real.map((m) => m.name)).toEqual([...real.map((m) => m.name)].sort());
    const result = await applyMigrations(db.executor, real);
    expect(result.applied).toEqual(real.map((m) => m.name));
    const rows = await history(db.executor);
    expect(rows.map((r) => r.migration_name)).toEqual(real.map((m) => m.name));
    for (const r of rows) {
      expect(r.finished_at, r.migration_name).not.toBeNull();
      expect(r.rolled_back_at, r.migration_name).toBeNull();
    }
    for (const table of ["tenant", "record", "api_key"]) expect(await tableExists(db.executor, table), table).toBe(true);
  });

  it("stores the sha256 of each migration.sql file as its checksum", async () => {
    const rows = await history(db.executor);
    expect(rows).toHaveLength(real.length);
    for (const r of rows) {
      const file = await readFile(path.join(process.cwd(), "prisma", "migrations", r.migration_name, "migration.sql"));
      expect(r.checksum, r.migration_name).toBe(createHash("sha256").update(file).digest("hex"));
      expect(r.checksum).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("a failing migration throws MigrationError naming it and leaves nothing behind", async () => {
    const before = await history(db.executor);
    const err: unknown = await applyMigrations(db.executor, [...real, BROKEN]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MigrationError);
    expect((err as MigrationError).migration).toBe(BROKEN.name);
    expect((err as MigrationError).message).toContain(BROKEN.name);
    expect((err as MigrationError).message).toMatch(/division by zero/);

    // The table created before the failure was rolled back with it.
    expect(await tableExists(db.executor, "broken_probe")).toBe(false);
    // No history row for it; the earlier rows are exactly as they were.
    const after = await history(db.executor);
    expect(after.map((r) => r.migration_name)).not.toContain(BROKEN.name);
    expect(after).toEqual(before);
    // The connection is usable again (not stuck in an aborted transaction).
    expect(await db.executor.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("a migration and its history row commit together: if the row fails, the migration's changes roll back", async () => {
    const before = await history(db.executor);
    const err: unknown = await applyMigrations(db.executor, [...real, HISTORY_REFUSED]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MigrationError);
    expect((err as MigrationError).migration).toBe(HISTORY_REFUSED.name);
    expect(await tableExists(db.executor, "half_done_probe")).toBe(false);
    const constraints = await db.executor.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_constraint WHERE conname = 'refuse_probe'",
    );
    expect(constraints).toEqual([{ n: 0 }]);
    expect(await history(db.executor)).toEqual(before);
  });

  it("re-running with only the real migrations applies nothing", async () => {
    expect(await applyMigrations(db.executor, real)).toEqual({ applied: [] });
    expect((await history(db.executor)).map((r) => r.migration_name)).toEqual(real.map((m) => m.name));
  });

  it("re-running with the broken migration fails again without touching anything else", async () => {
    await expect(applyMigrations(db.executor, [...real, BROKEN])).rejects.toThrow(MigrationError);
    expect(await tableExists(db.executor, "broken_probe")).toBe(false);
    expect((await history(db.executor)).map((r) => r.migration_name)).toEqual(real.map((m) => m.name));
  });

  it("applies a migration with a DO $$ … $$ block containing semicolons intact", async () => {
    const result = await applyMigrations(db.executor, [...real, DO_BLOCK]);
    expect(result.applied).toEqual([DO_BLOCK.name]);
    const rows = await db.executor.query<{ id: number; note: string }>("SELECT id, note FROM do_probe ORDER BY id");
    expect(rows).toEqual([
      { id: 1, note: "semi;colon; inside" },
      { id: 2, note: "row 2;" },
      { id: 3, note: "row 3;" },
      { id: 4, note: "after the block" },
    ]);
    const recorded = (await history(db.executor)).find((r) => r.migration_name === DO_BLOCK.name);
    expect(recorded?.checksum).toBe(sha256(DO_BLOCK.sql));
    expect(await applyMigrations(db.executor, [...real, DO_BLOCK])).toEqual({ applied: [] });
  });

  it("releases the migration advisory lock after success and after failure", async () => {
    await expect(applyMigrations(db.executor, [BROKEN])).rejects.toThrow(MigrationError);
    const locks = await db.executor.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 72707369 AND pid = pg_backend_pid()",
    );
    expect(locks).toEqual([{ n: 0 }]);
  });
});
