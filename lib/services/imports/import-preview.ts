import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import type { ImportPreview, ImportRequest } from "@/lib/schemas/imports.ts";
import { noHeader } from "./column-mapping.ts";
import { csvRows, type CsvRow } from "./csv-reader.ts";
import type { ImportRow } from "./import-rows.ts";
import { attachmentSource, importColumns } from "./start-import.ts";
import { writeBatch } from "./write-batch.ts";

/** Rows a preview tries, and the most of a file it reads: the screens send the start of the file. */
export const PREVIEW_ROWS = 10;
export const PREVIEW_MAX_BYTES = 1024 * 1024;

/**
 * The header and first rows of the file (or of its start: a sample cut inside its last row ends the
 * preview at the row before; a file unreadable before its first row is refused as the import would).
 */
async function firstRows(bytes: AsyncIterable<Uint8Array>): Promise<{ headers: string[]; rows: CsvRow[] }> {
  let headers: string[] | undefined;
  const rows: CsvRow[] = [];
  try {
    for await (const row of csvRows(bytes)) {
      if (!headers) headers = row.cells;
      else rows.push(row);
      if (rows.length === PREVIEW_ROWS) break;
    }
  } catch (err) {
    if (!rows.length) throw err;
  }
  if (!headers || headers.every((h) => h.trim() === "")) throw noHeader();
  return { headers, rows };
}

/**
 * POST /{object}/imports/preview: the columns as the import would map them and the first rows
 * written exactly as the import writes them (writeBatch: the bulk service, lookups, uniqueness,
 * approval rules) inside a savepoint that is then rolled back, so every check is the real one and
 * nothing is kept — no record, event, count or notification.
 */
export async function previewImport(tx: SqlTx, p: Principal, apiName: string, body: ImportRequest): Promise<ImportPreview> {
  const source = body.file
    ? { bytes: async () => body.file!.stream() }
    : await attachmentSource(tx, p, body.attachmentId!, Number.MAX_SAFE_INTEGER);
  const { headers, rows } = await firstRows(await source.bytes());
  const { object, columns } = await importColumns(tx, p, apiName, headers, body);
  const trial = { object_api_name: object.apiName, mode: body.mode, upsert_on: body.upsertOn ?? null, columns, created_by_id: p.userId };
  await tx.$executeRaw`SAVEPOINT import_preview`;
  let failures: Map<number, string>;
  try {
    const outcome = await writeBatch(tx, p.tenantId, trial as ImportRow, rows);
    failures = new Map(outcome.failures.map((f) => [f.line, f.error]));
  } finally {
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT import_preview`;
  }
  return {
    columns,
    rows: rows.map((r) =>
      failures.has(r.line)
        ? { row: r.line, cells: r.cells, ok: false, error: failures.get(r.line)! }
        : { row: r.line, cells: r.cells, ok: true },
    ),
  };
}
