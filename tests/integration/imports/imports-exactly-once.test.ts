/**
 * Every row of an import is written exactly once, however the record-imports job runs: two
 * runners at once in this process (both engines), two real instances at once, and an instance
 * killed with SIGKILL with a batch under way, then a fresh one that finishes (PostgreSQL: PGlite
 * serves one process per data directory; tests/fixtures/imports-instance.ts). The rows have no
 * unique field, so a row written twice would be a second record rather than a refused one.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { failures, killInstance, startInstance, stopInstance, waitFor } from "../../helpers/instance-process.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { bigKey } from "../records/helpers.ts";
import { ImportsApi, runImportsUntilIdle, withTempDataDir, type ApiImport } from "./import-client.ts";

const ROWS = 2_000;
const onPostgres = Boolean(process.env.DATABASE_URL);
/** Instances' start and stop and a 2,000-row import on a loaded machine: past the default limit. */
const LONG = 240_000;

/** A file of ROWS contacts named `<tag> <n>`, without emails. */
function namesCsv(tag: string): string {
  const lines = ["last_name,job_title"];
  for (let i = 1; i <= ROWS; i++) lines.push(`${tag} ${i},Row ${i}`);
  return `${lines.join("\n")}\n`;
}

describe("imports write every row exactly once", () => {
  const database = privateDatabase();
  let t: TestTenant;
  let api: ImportsApi;

  beforeAll(async () => {
    withTempDataDir();
    t = await createTestTenant("imports-once");
    api = new ImportsApi(await bigKey(t), "contact");
  });

  /** The contacts of the tag: how many, and how many distinct names among them. */
  async function written(tag: string): Promise<{ records: number; names: number }> {
    const [row] = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ records: number; names: number }[]>`
        SELECT count(*)::int AS records, count(DISTINCT r.data->>'last_name')::int AS names
        FROM record r JOIN object_def o ON o.tenant_id = r.tenant_id AND o.id = r.object_id
        WHERE r.tenant_id = ${t.tenantId}::uuid AND o.api_name = 'contact' AND r.data->>'last_name' LIKE ${`${tag} %`}`,
    );
    return row!;
  }

  async function expectExactlyOnce(id: string, tag: string): Promise<void> {
    expect(await api.mustGet(id)).toMatchObject({ status: "done", total: ROWS, processed: ROWS, created: ROWS, failed: 0 });
    expect(await written(tag)).toEqual({ records: ROWS, names: ROWS });
  }

  it("two runners at once in one process", { timeout: LONG }, async () => {
    const tag = `pair${randomBytes(3).toString("hex")}`;
    const started = await api.mustUpload(namesCsv(tag));
    expect(started.total).toBe(ROWS);
    await Promise.all([runImportsUntilIdle(), runImportsUntilIdle()]);
    await expectExactlyOnce(started.id, tag);
  });

  describe.skipIf(!onPostgres)("in real instances (PostgreSQL)", () => {
    let owner: pg.Client;
    beforeAll(async () => {
      owner = new pg.Client({ connectionString: database.ownerUrl });
      await owner.connect();
    });
    afterAll(async () => {
      await owner?.end();
    });
    const count = async (sql: string, values: unknown[] = []) => Number((await owner.query<{ n: string }>(sql, values)).rows[0]!.n);
    const processed = async (id: string) => count("SELECT processed AS n FROM record_import WHERE id = $1", [id]);
    const start = (env: Record<string, string> = {}) => startInstance("tests/fixtures/imports-instance.ts", database, env);

    it("two instances at once", { timeout: LONG }, async () => {
      const tag = `inst${randomBytes(3).toString("hex")}`;
      const instances = await Promise.all([start({ IMPORT_BATCH_ROWS: "100" }), start({ IMPORT_BATCH_ROWS: "100" })]);
      const started = await api.mustUpload(namesCsv(tag));
      await waitFor("the import to finish", 120_000, async () => (await processed(started.id)) === ROWS);
      await Promise.all(instances.map(stopInstance));
      expect(instances.map(failures)).toEqual([[], []]);
      await expectExactlyOnce(started.id, tag);
    });

    it(
      "an instance killed with SIGKILL mid-batch loses and repeats nothing: a fresh one finishes the rest",
      { timeout: LONG },
      async () => {
        const tag = `kill${randomBytes(3).toString("hex")}`;
        const first = await start({ IMPORT_BATCH_ROWS: "100", IMPORT_BATCH_PAUSE_MS: "200" });
        const started: ApiImport = await api.mustUpload(namesCsv(tag));
        // Killed while a batch after the third is written but not committed (it pauses before each commit).
        await waitFor("some batches committed", 60_000, async () => (await processed(started.id)) >= 300);
        await waitFor("a batch under way", 10_000, () =>
          first.lines().some((l) => ((l.batch as { processed?: number } | undefined)?.processed ?? 0) > 300),
        );
        await killInstance(first, count);
        const left = await processed(started.id);
        expect(left).toBeLessThan(ROWS);
        expect(left % 100).toBe(0);
        expect(await written(tag)).toEqual({ records: left, names: left });
        const second = await start();
        await waitFor("the import to finish", 120_000, async () => (await processed(started.id)) === ROWS);
        await stopInstance(second);
        expect(failures(second)).toEqual([]);
        await expectExactlyOnce(started.id, tag);
      },
    );
  });
});
