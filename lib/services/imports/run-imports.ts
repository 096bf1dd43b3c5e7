import { withJobSql } from "@/lib/db/job-transaction.ts";
import { withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { errorSentence } from "@/lib/errors/error-table.ts";
import { getAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { csvRows, type CsvRow } from "./csv-reader.ts";
import { IMPORT_COLUMNS, type ImportRow } from "./import-rows.ts";
import { writeBatch } from "./write-batch.ts";

/** Rows per batch: one transaction writes them and the import's progress together (MAX_BULK, as one bulk request). */
export const IMPORT_BATCH_ROWS = 500;
const TENANTS_PER_RUN = 20;
const IMPORTS_PER_TENANT = 10;
/**
 * How long one run goes on with an import before handing back ("more", to run again at once): a
 * run stays well within the job's deadline, and the next run starts where this one stopped.
 */
export const RUN_BUDGET_MS = 60_000;
/** A batch's statements and locks end within this; a stuck one rolls back and the batch is done again. */
const BATCH_TIMEOUT_MS = 60_000;

export interface ImportRunOptions {
  signal?: AbortSignal;
  batchRows?: number;
  /** Called in each batch's transaction after its writes, before the commit: tests stop a process there. */
  afterBatch?: (importId: string, processed: number) => Promise<void> | void;
}

type Committed = "written" | "finished" | "stopped" | "elsewhere";

/**
 * Runs the queued and running imports, tenant by tenant (lib/jobs/record-imports.ts). Returns
 * "more" when it wrote any batch: the next run goes on at once.
 */
export async function runImports(o: ImportRunOptions = {}): Promise<"done" | "more"> {
  const tenants = await withJobSql(
    async (tx) => tx.$queryRaw<{ t: string }[]>`SELECT t::text FROM jobs_import_tenants(${TENANTS_PER_RUN}::int) AS t`,
    { timeoutMs: 15_000 },
  );
  const until = Date.now() + RUN_BUDGET_MS;
  let batches = 0;
  let failed: unknown;
  for (const { t: tenantId } of tenants) {
    o.signal?.throwIfAborted();
    // One tenant's failure (its database answer, its file store) holds up no other tenant.
    try {
      const ids = await withTenantSql(
        tenantId,
        async (tx) => tx.$queryRaw<{ id: string }[]>`
          SELECT id::text FROM record_import WHERE tenant_id = ${tenantId}::uuid AND status IN ('queued', 'running')
          ORDER BY created_at, id LIMIT ${IMPORTS_PER_TENANT}`,
      );
      for (const { id } of ids) if (Date.now() < until) batches += await runImport(tenantId, id, until, o);
    } catch (err) {
      failed ??= err;
      console.error(`imports: tenant ${tenantId}'s imports failed (${err instanceof Error ? err.message : String(err)}); retrying`);
    }
  }
  if (batches > 0) return "more";
  if (failed) throw failed;
  return "done";
}

const readImport = async (tx: SqlTx, tenantId: string, id: string) =>
  (
    await tx.$queryRaw<
      ImportRow[]
    >`SELECT ${IMPORT_COLUMNS} FROM record_import i WHERE i.tenant_id = ${tenantId}::uuid AND i.id = ${id}::uuid`
  )[0];

/** Ends an import that cannot go on (its file is gone or unreadable, its object archived), saying why. */
async function failImport(tenantId: string, imp: ImportRow, error: string): Promise<void> {
  await withTenantSql(tenantId, async (tx) => {
    await tx.$executeRaw`
      UPDATE record_import SET status = 'failed', error = ${error.slice(0, 2000)}, finished_at = now()
      WHERE tenant_id = ${tenantId}::uuid AND id = ${imp.id}::uuid AND status IN ('queued', 'running')`;
  });
  await dropFile(imp);
}

/** The file of a finished import leaves the store: its failed rows are kept in the database. */
async function dropFile(imp: ImportRow): Promise<void> {
  await getAttachmentStore()
    .delete(imp.storage_key)
    .catch((err: unknown) => console.error(`imports: the file of import ${imp.id} stays in the store (${String(err)})`));
}

/**
 * One import, from the first row not done yet: the file is read from the store (its rows up to
 * `processed` skipped), and each batch commits its records and the import's progress in one
 * transaction (commitBatch). Stops at the end of the file, when the import is cancelled or taken
 * on by another instance, or at `until`. How many batches it wrote.
 */
async function runImport(tenantId: string, id: string, until: number, o: ImportRunOptions): Promise<number> {
  const imp = await withTenantSql(tenantId, async (tx) => {
    await tx.$executeRaw`
      UPDATE record_import SET status = 'running', started_at = now()
      WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND status = 'queued'`;
    return readImport(tx, tenantId, id);
  });
  if (!imp || (imp.status !== "queued" && imp.status !== "running")) return 0;
  const bytes = await getAttachmentStore().read(imp.storage_key);
  if (!bytes) {
    await failImport(tenantId, imp, "The file is no longer in the file store");
    return 0;
  }
  const size = o.batchRows ?? IMPORT_BATCH_ROWS;
  const rows = csvRows(bytes);
  let batches = 0;
  let position = 0;
  let batch: CsvRow[] = [];
  const commit = async (): Promise<Committed> => {
    const result = await commitBatch(tenantId, imp, position - batch.length, batch, o);
    batch = [];
    if (result === "finished") await dropFile(imp);
    if (result === "written" || result === "finished") batches++;
    return result;
  };
  try {
    let header = true;
    for await (const row of rows) {
      if (header) {
        header = false;
        continue;
      }
      if (++position <= imp.processed) continue;
      batch.push(row);
      if (batch.length < size) continue;
      if ((await commit()) !== "written" || o.signal?.aborted || Date.now() >= until) return batches;
    }
    if (batch.length) await commit();
    else if (position < imp.total)
      await failImport(tenantId, imp, `The file holds ${position} rows; ${imp.total} were counted when it was accepted`);
    return batches;
  } catch (err) {
    // A file that no longer parses, or rows the object no longer takes (archived, upsertOn no longer unique): the import ends, saying why.
    // Anything else (the database, the store) is tried again by the next run.
    if (!isAppError(err) || err.status >= 500 || err.code === "conflict") throw err;
    await failImport(tenantId, imp, errorSentence(err.code, err.message));
    return batches;
  } finally {
    await rows.return(undefined);
  }
}

/**
 * One batch, exactly once: the import's row is locked (FOR UPDATE SKIP LOCKED: a batch another
 * instance is writing is left to it) and must still be active with `processed` where this
 * batch starts; then the records, the failed rows and the new counts commit together. A process
 * killed before the commit leaves nothing of the batch, and whoever runs the import next starts
 * at the same row.
 */
async function commitBatch(tenantId: string, imp: ImportRow, offset: number, rows: CsvRow[], o: ImportRunOptions): Promise<Committed> {
  return withTenantSql(tenantId, async (tx) => {
    await tx.$executeRaw`SELECT set_config('statement_timeout', ${String(BATCH_TIMEOUT_MS)}, true),
                                set_config('lock_timeout', ${String(BATCH_TIMEOUT_MS)}, true)`;
    const [current] = await tx.$queryRaw<{ status: string; processed: number }[]>`
      SELECT status, processed FROM record_import WHERE tenant_id = ${tenantId}::uuid AND id = ${imp.id}::uuid FOR UPDATE SKIP LOCKED`;
    if (!current) return "elsewhere";
    if (current.status !== "running" && current.status !== "queued") return "stopped";
    if (current.processed !== offset) return "elsewhere";
    const outcome = await writeBatch(tx, tenantId, imp, rows);
    const f = outcome.failures;
    if (f.length)
      await tx.$executeRaw`
        INSERT INTO record_import_failure (tenant_id, import_id, line, cells, error)
        SELECT ${tenantId}::uuid, ${imp.id}::uuid, r.line, r.cells, r.error
        FROM jsonb_to_recordset(${JSON.stringify(f)}::jsonb) AS r(line int, cells text[], error text)`;
    const [after] = await tx.$queryRaw<{ status: string }[]>`
      UPDATE record_import SET processed = processed + ${rows.length}::int, created = created + ${outcome.created}::int,
        updated = updated + ${outcome.updated}::int, failed = failed + ${f.length}::int,
        status = CASE WHEN processed + ${rows.length}::int >= total THEN 'done' ELSE 'running' END,
        finished_at = CASE WHEN processed + ${rows.length}::int >= total THEN now() END,
        started_at = COALESCE(started_at, now())
      WHERE tenant_id = ${tenantId}::uuid AND id = ${imp.id}::uuid RETURNING status`;
    await o.afterBatch?.(imp.id, offset + rows.length);
    return after?.status === "done" ? "finished" : "written";
  });
}
