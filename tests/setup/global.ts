import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations, migrationsDir, readMigrations } from "../../lib/db/migrate.ts";
import { openPglite } from "../../lib/db/pglite.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a migrated data-dir snapshot that every test file clones. */
    pgliteSnapshot: string;
    /** PostgreSQL: the throwaway database of this run (owner and app-role URLs). */
    pgOwnerUrl: string;
    pgAppUrl: string;
    /** PostgreSQL: a migrated database nobody connects to, which private and server databases copy. */
    pgTemplate: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Migrates once per run. PGlite: snapshot the migrated directory (cloning takes ~0.5 s, initdb 2+ s).
 * PostgreSQL (DATABASE_URL): a fresh database per run, dropped at the end; crm_app may log in.
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const db = await openPglite("memory://");
    await applyMigrations(
      { exec: async (s) => void (await db.exec(s)), query: async <T>(s: string) => (await db.query<T>(s)).rows },
      await readMigrations(migrationsDir()),
    );
    const file = path.join(os.tmpdir(), `crm-test-${randomBytes(6).toString("hex")}.tar.gz`);
    await writeFile(file, Buffer.from(await (await db.dumpDataDir("gzip")).arrayBuffer()));
    await db.close();
    project.provide("pgliteSnapshot", file);
    project.provide("pgOwnerUrl", "");
    project.provide("pgAppUrl", "");
    project.provide("pgTemplate", "");
    return () => rm(file, { force: true });
  }
  const name = `crm_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const ownerUrl = withDatabase(base, name);
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  await applyMigrations(
    { exec: async (s) => void (await owner.query(s)), query: async <T>(s: string) => (await owner.query(s)).rows as T[] },
    await readMigrations(migrationsDir()),
  );
  await owner.query("ALTER ROLE crm_app LOGIN");
  await owner.end();
  // Copied while nobody is connected to it: a file's or a server's own database is then a file
  // copy (about 0.1 s) instead of every migration again (about 1 s of the database's time each).
  const template = `${name}_template`;
  await admin.query(`CREATE DATABASE ${template} TEMPLATE ${name}`);
  const appUrl = new URL(ownerUrl);
  appUrl.username = "crm_app";
  appUrl.password = "";
  project.provide("pgliteSnapshot", "");
  project.provide("pgOwnerUrl", ownerUrl);
  project.provide("pgAppUrl", appUrl.toString());
  project.provide("pgTemplate", template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    if (process.env.KEEP_TEST_DB !== "true") await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
