import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Applies prisma/migrations the way `prisma migrate deploy` does, without the native engine:
 * under Prisma's advisory lock, each pending folder runs as ONE transaction together with its
 * `_prisma_migrations` row, so a failing migration leaves nothing behind and the online Prisma CLI
 * still recognises the history (same table, same sha256 checksums).
 */
export interface SqlExecutor {
  /** Runs a multi-statement script in one simple-protocol call. */
  exec(sql: string): Promise<void>;
  query<T>(sql: string): Promise<T[]>;
}

export interface MigrationResult {
  applied: string[];
}

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    readonly cause: unknown,
  ) {
    super(`Migration ${migration} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

const PRISMA_MIGRATE_LOCK = 72707369;

const CREATE_HISTORY = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`;

export interface MigrationFile {
  name: string;
  sql: string;
}

export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(names.map(async (name) => ({ name, sql: await readFile(path.join(dir, name, "migration.sql"), "utf8") })));
}

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;

export async function applyMigrations(db: SqlExecutor, migrations: MigrationFile[]): Promise<MigrationResult> {
  await db.exec(CREATE_HISTORY);
  await db.query(`SELECT pg_advisory_lock(${PRISMA_MIGRATE_LOCK})`);
  try {
    const rows = await db.query<{ migration_name: string; finished_at: unknown; rolled_back_at: unknown }>(
      `SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
    const unfinished = rows.find((r) => r.finished_at == null && r.rolled_back_at == null);
    if (unfinished) throw new MigrationError(unfinished.migration_name, new Error("a previous attempt did not finish"));
    const done = new Set(rows.filter((r) => r.finished_at != null && r.rolled_back_at == null).map((r) => r.migration_name));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      const checksum = createHash("sha256").update(m.sql).digest("hex");
      const record = `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
        VALUES (${quote(randomUUID())}, ${quote(checksum)}, ${quote(m.name)}, now(), now(), 1)`;
      try {
        await db.exec(`BEGIN;\n${m.sql}\n;\n${record};\nCOMMIT;`);
      } catch (err) {
        await db.exec("ROLLBACK").catch(() => undefined);
        throw new MigrationError(m.name, err);
      }
      applied.push(m.name);
    }
    return { applied };
  } finally {
    await db.query(`SELECT pg_advisory_unlock(${PRISMA_MIGRATE_LOCK})`);
  }
}

export function migrationsDir(): string {
  return path.join(process.cwd(), "prisma", "migrations");
}
