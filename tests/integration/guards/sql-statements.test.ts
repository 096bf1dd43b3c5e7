/**
 * Every statement the app's source spells out is prepared against the migrated schema, on both
 * engines, and its result compared with the row type its code declares (issue 35 item 2): a renamed
 * column or a drifted row type fails here, not in a request. Statements put together at run time
 * from filters and slot columns are prepared by sql-builders.test.ts, over every way they vary.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations, migrationsDir, readMigrations } from "@/lib/db/migrate.ts";
import { openPglite } from "@/lib/db/pglite.ts";
import { readSqlCatalogue, type Catalogue } from "../../guards/sql-catalogue.ts";
import { statementProblems } from "../../guards/sql-statements.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * Statements whose text depends on run-time lists (filters, slot columns, changed fields), each
 * with where its statements are prepared or run. A new one fails the last test here until it is
 * either made readable (a fixed text, or fragments the catalogue can follow) or named below with
 * the test that covers it.
 */
const COMPOSED: Record<string, string> = {
  "lib/services/records/list-sql.ts": "sql-builders.test.ts: every filter operator × field type, order and search",
  "lib/services/records/search-sql.ts": "sql-builders.test.ts: search counts and walks",
  "lib/services/records/read-records.ts": "sql-builders.test.ts: the data endpoint's pages",
  "lib/services/records/record-store.ts": "sql-builders.test.ts: staged inserts and updates of every object, unique claims",
  "lib/services/records/computed-fields.ts": "records/computed-fields and rollups tests (rollup per child object)",
  "lib/services/objects/field-index.ts": "objects field tests (unique and backfill per slot kind)",
  "lib/services/activities/activities.ts": "activities tests (update of the changed columns)",
  "lib/services/activities/activity-list.ts": "activities list tests (order and filters)",
  "lib/services/flows/run-steps.ts": "flows tests (update_record step)",
  "lib/jobs/analyze-tables.ts": "jobs/analyze-tables.test.ts (ANALYZE of a named table, as the owner)",
  "lib/jobs/vacuum-tables.ts": "jobs/vacuum-tables.test.ts (VACUUM of a named table, as the owner)",
};

let catalogue: Catalogue;
let describer: PGlite;
let ownsDescriber = false;

beforeAll(async () => {
  catalogue = readSqlCatalogue(ROOT, ["lib", "app"]);
  // PGlite describes a statement without running it (Parse + Describe). On the PostgreSQL half of
  // the suite it is a fresh migrated PGlite, and PostgreSQL itself prepares every statement too.
  const snapshot = inject("pgliteSnapshot");
  describer = snapshot ? await openPglite("memory://", { loadDataDir: new Blob([await readFile(snapshot)]) }) : await migratedPglite();
  ownsDescriber = true;
  // Reading the source with the type checker takes 10-20 s alone, minutes on a machine as busy as CI's.
}, 300_000);

afterAll(async () => {
  if (ownsDescriber) await describer.close();
});

async function migratedPglite(): Promise<PGlite> {
  const db = await openPglite("memory://");
  await applyMigrations(
    { exec: async (s) => void (await db.exec(s)), query: async <T>(s: string) => (await db.query<T>(s)).rows },
    await readMigrations(migrationsDir()),
  );
  return db;
}

const describeOnPglite = async (text: string) => (await describer.describeQuery(text)).resultFields;

describe("every SQL statement in the source", () => {
  it("is read from the source: hundreds of statements, with the row types their code declares", () => {
    expect(catalogue.statements.length).toBeGreaterThan(250);
    expect(catalogue.statements.filter((s) => s.row).length).toBeGreaterThan(150);
    // A statement followed through a fragment const, a conditional and a builder: the record GET.
    const get = catalogue.statements.filter((s) => s.site.startsWith("lib/services/records/record-store.ts"));
    expect(get.length).toBeGreaterThan(3);
  });

  it("prepares against the migrated schema, and returns the columns its row type declares", async () => {
    expect(await statementProblems(describeOnPglite, catalogue.statements)).toEqual([]);
  }, 120_000);

  it.runIf(inject("pgAppUrl"))(
    "prepares on PostgreSQL as the request login",
    async () => {
      const client = new pg.Client({ connectionString: inject("pgAppUrl") });
      await client.connect();
      try {
        const failures: string[] = [];
        for (const [i, s] of catalogue.statements.entries()) {
          try {
            await client.query(`PREPARE check_${i} AS ${s.text}`);
            await client.query(`DEALLOCATE check_${i}`);
          } catch (err) {
            failures.push(`${s.site}: ${(err as Error).message}`);
          }
        }
        expect(failures).toEqual([]);
      } finally {
        await client.end();
      }
    },
    120_000,
  );

  it("finds a renamed column, a missing table, a drifted row type and a bigint promised as a number", async () => {
    const problems = await statementProblems(describeOnPglite, [
      { site: "a", text: "SELECT r.nmae FROM record r WHERE r.tenant_id = $1::uuid" },
      { site: "b", text: "SELECT 1 FROM records" },
      {
        site: "c",
        text: "SELECT id::text, created_at FROM record WHERE tenant_id = $1::uuid",
        row: [
          { name: "id", optional: false, kind: "string" },
          { name: "createdAt", optional: false, kind: "Date" },
        ],
      },
      { site: "d", text: "SELECT count(*) AS n FROM record", row: [{ name: "n", optional: false, kind: "number" }] },
      { site: "e", text: "SELECT api_name FROM object_def", row: [{ name: "api_name", optional: false, kind: "number" }] },
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^a: column r\.nmae does not exist/),
      expect.stringMatching(/^b: relation "records" does not exist/),
      "c: the row type's 'createdAt' is not a column of the result",
      "c: result column 'created_at' is missing from the row type",
      "d: 'n' (bigint) is declared number: it arrives as a string on PostgreSQL and a number on PGlite",
      "e: 'api_name' is declared number, but arrives as string",
    ]);
  });

  it("are the only way to the database: nothing in lib/, app/, tests/ or bench/ makes Prisma's client or uses its models", async () => {
    const PRISMA_USE =
      /PrismaClient\b|\.prisma\b|\{ prisma \}|\bprisma\.\$|TransactionClient|\$(query|execute)RawUnsafe|\btx\.[a-z]\w*\.(find|create|update|delete|upsert|count|aggregate|groupBy)\w*\(/;
    const offenders: string[] = [];
    for (const dir of ["lib", "app", "tests", "bench"]) {
      for (const entry of await readdir(path.join(ROOT, dir), { recursive: true })) {
        const file = path.join(dir, entry);
        if (!/\.tsx?$/.test(file) || file.includes(`${path.sep}generated${path.sep}`)) continue;
        if (file === path.join("tests", "integration", "guards", "sql-statements.test.ts")) continue;
        const text = await readFile(path.join(ROOT, file), "utf8");
        text.split("\n").forEach((line, i) => {
          if (PRISMA_USE.test(line) && !line.trim().startsWith("*") && !line.trim().startsWith("//"))
            offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        });
      }
    }
    expect(offenders).toEqual([]);
  });

  it("leaves only the known run-time builders unread, each covered where COMPOSED says", () => {
    const files = [...new Set(catalogue.composed.map((site) => site.replace(/:\d+$/, "")))].sort();
    expect(files).toEqual(Object.keys(COMPOSED).sort());
  });
});
