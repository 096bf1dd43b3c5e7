import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { ACTIVE_IMPORT_STATUSES, type ApiImport, type ImportPage } from "@/lib/schemas/imports.ts";
import { getAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { csvLine } from "@/lib/services/csv/csv-cell.ts";
import { findImport, IMPORT_COLUMNS, toApiImport, type ImportRow } from "./import-rows.ts";

export async function getImport(tx: SqlTx, p: Principal, object: string, id: string): Promise<ApiImport> {
  return toApiImport(await findImport(tx, p.tenantId, object, id));
}

/** An object's imports, newest first, with the exact total. */
export async function listImports(tx: SqlTx, p: Principal, object: string, page: { limit: number; offset: number }): Promise<ImportPage> {
  const rows = await tx.$queryRaw<(ImportRow & { total_count: number })[]>`
    SELECT ${IMPORT_COLUMNS}, count(*) OVER ()::int AS total_count FROM record_import i
    WHERE i.tenant_id = ${p.tenantId}::uuid AND i.object_api_name = ${object}
    ORDER BY i.created_at DESC, i.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
  let total = rows[0]?.total_count ?? 0;
  if (!rows.length && page.offset > 0) {
    const [count] = await tx.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM record_import WHERE tenant_id = ${p.tenantId}::uuid AND object_api_name = ${object}`;
    total = count?.n ?? 0;
  }
  return { data: rows.map(toApiImport), total, limit: page.limit, offset: page.offset };
}

/**
 * Cancels a queued or running import: the job stops before its next batch (a batch under way
 * ends first: this waits for its row lock), the rows written so far stay. Cancelling a cancelled
 * import answers it as it is; a done or failed one is final (409). The file leaves the store.
 */
export async function cancelImport(tx: SqlTx, p: Principal, object: string, id: string): Promise<ApiImport> {
  const row = await findImport(tx, p.tenantId, object, id, true);
  if (row.status === "cancelled") return toApiImport(row);
  if (!ACTIVE_IMPORT_STATUSES.includes(row.status))
    throw new AppError("conflict", `Import '${id}' is ${row.status}: only a queued or running import can be cancelled`);
  const [cancelled] = await tx.$queryRaw<ImportRow[]>`
    UPDATE record_import i SET status = 'cancelled', finished_at = now()
    WHERE i.tenant_id = ${p.tenantId}::uuid AND i.id = ${id}::uuid RETURNING ${IMPORT_COLUMNS}`;
  await getAttachmentStore().delete(row.storage_key);
  return toApiImport(cancelled!);
}

/** The failed rows as CSV: the file's columns, then `row` (the line the row starts on) and `error` (the API's sentence). */
export async function importErrorsCsv(tx: SqlTx, p: Principal, object: string, id: string): Promise<string> {
  const row = await findImport(tx, p.tenantId, object, id);
  const failures = await tx.$queryRaw<{ line: number; cells: string[]; error: string }[]>`
    SELECT line, cells, error FROM record_import_failure
    WHERE tenant_id = ${p.tenantId}::uuid AND import_id = ${id}::uuid ORDER BY line`;
  const width = row.columns.length;
  const lines = [csvLine([...row.columns.map((c) => c.header), "row", "error"])];
  for (const f of failures) {
    const cells = Array.from({ length: Math.max(width, f.cells.length) }, (_, i) => f.cells[i] ?? "");
    lines.push(csvLine([...cells.slice(0, width), String(f.line), f.error]));
  }
  return lines.join("");
}
