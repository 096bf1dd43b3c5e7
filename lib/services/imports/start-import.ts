import { assertObjectAccess, canSeeObject } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { importMaxBytes } from "@/lib/config.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError, invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import type { ApiImport, ImportRequest } from "@/lib/schemas/imports.ts";
import { attachmentStatement, type AttachmentRow } from "@/lib/services/attachments/attachment-rows.ts";
import { loadObjectSchema, type ObjectSchema } from "@/lib/services/records/object-schema.ts";
import { upsertField } from "@/lib/services/records/upsert-records.ts";
import { getAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { newStorageKey } from "@/lib/storage/storage-key.ts";
import { mapColumns, noHeader, type ImportColumn } from "./column-mapping.ts";
import { csvRows } from "./csv-reader.ts";
import { IMPORT_COLUMNS, toApiImport, type ImportRow } from "./import-rows.ts";

/** The channel a new import is announced on, so that the record-imports job of any instance starts it at once. */
export const IMPORT_CHANNEL = "record_imports";

export interface Source {
  size: number;
  fileName: string;
  bytes(): Promise<AsyncIterable<Uint8Array>>;
}

/** What the file holds: its header and how many data rows follow it (each parsed, so a malformed file is refused now). */
async function scanCsv(bytes: AsyncIterable<Uint8Array>): Promise<{ headers: string[]; total: number }> {
  let headers: string[] | undefined;
  let total = 0;
  for await (const row of csvRows(bytes)) {
    if (headers) total++;
    else headers = row.cells;
  }
  if (!headers || headers.every((h) => h.trim() === "")) throw noHeader();
  return { headers, total };
}

export const tooLarge = (size: number, max: number) =>
  new AppError("payload_too_large", `The file has ${size} bytes: the limit of an import is ${max} bytes (IMPORT_MAX_BYTES)`);

/** An attachment the caller may read, as the file to import; its bytes are read from the store. */
export async function attachmentSource(tx: SqlTx, p: Principal, id: string, max: number): Promise<Source> {
  const [row] = await tx.$queryRaw<AttachmentRow[]>(attachmentStatement(p.tenantId, id));
  if (!row || !canSeeObject(p, row.object_api_name)) throw notFound(`Attachment '${id}'`);
  assertObjectAccess(p, row.object_api_name, "read");
  if (row.size > max) throw tooLarge(row.size, max);
  return {
    size: Number(row.size),
    fileName: row.file_name,
    bytes: async () => {
      const bytes = await getAttachmentStore().read(row.storage_key);
      if (!bytes)
        throw invalid("attachmentId: the attachment's file is missing from the file store", [
          { path: "attachmentId", message: "has no file" },
        ]);
      return bytes;
    },
  };
}

/**
 * The object and the fields the file's columns fill, checked as an import (and its preview) needs:
 * the mapping's fields exist, upsertOn is a unique field a column fills, and every lookup column
 * points at an object the caller may read, as in a single create.
 */
export async function importColumns(
  tx: SqlTx,
  p: Principal,
  apiName: string,
  headers: string[],
  body: Pick<ImportRequest, "upsertOn" | "mapping">,
): Promise<{ object: ObjectSchema; columns: ImportColumn[] }> {
  const object = await loadObjectSchema(tx, p.tenantId, apiName, p.schemaVersion);
  if (body.upsertOn !== undefined) upsertField(object, body.upsertOn);
  const columns = mapColumns(object, headers, body.mapping);
  if (body.upsertOn !== undefined && !columns.some((c) => c.field === body.upsertOn))
    throw invalid(`upsertOn: no column of the file fills ${body.upsertOn}`, [{ path: "upsertOn", message: "must be filled by a column" }]);
  for (const c of columns) {
    const target = object.fields.find((f) => f.apiName === c.field)?.targetObject;
    if (target) assertObjectAccess(p, target, "read");
  }
  return { object, columns };
}

/**
 * POST /{object}/imports: the file is read through once (its header and rows counted, a malformed
 * one refused with the line at fault), its columns matched to the object's fields, and a copy
 * written to the file store under a key of the import's own (an attachment may be deleted
 * meanwhile) before the import is recorded as queued, so it outlives this instance. The
 * record-imports job (lib/jobs/record-imports.ts) does the rest. The caller's lookups must point
 * at objects it may read, as in a single create.
 */
export async function startImport(tx: SqlTx, p: Principal, apiName: string, body: ImportRequest): Promise<ApiImport> {
  const max = importMaxBytes();
  const upload = body.file;
  const source: Source = upload
    ? { size: upload.size, fileName: upload.fileName || "import.csv", bytes: async () => upload.stream() }
    : await attachmentSource(tx, p, body.attachmentId!, max);
  if (source.size > max) throw tooLarge(source.size, max);
  const { headers, total } = await scanCsv(await source.bytes());
  // Stored before the first statement of an upload's transaction, so that no transaction (and no
  // idle connection) waits on the file store; a refusal below takes the copy away again (a key
  // with nothing under it is no error).
  const storageKey = newStorageKey(p.tenantId);
  const store = getAttachmentStore();
  // A file of a header alone is done at once: the job never reads it, so it is not kept.
  if (total > 0) await store.put(storageKey, { size: source.size, contentType: "text/csv" }, await source.bytes());
  try {
    const { object, columns } = await importColumns(tx, p, apiName, headers, body);
    const [row] = await tx.$queryRaw<ImportRow[]>`
      INSERT INTO record_import AS i (tenant_id, id, object_api_name, status, mode, upsert_on, columns, storage_key, file_name, size, total,
        created_by_id, created_at, finished_at)
      VALUES (${p.tenantId}::uuid, ${uuidV7()}::uuid, ${object.apiName}, ${total > 0 ? "queued" : "done"}, ${body.mode},
        ${body.upsertOn ?? null}, ${JSON.stringify(columns)}::jsonb, ${storageKey}, ${source.fileName.slice(0, 255)}, ${source.size},
        ${total}, ${p.userId}::uuid, now(), ${total > 0 ? null : new Date()})
      RETURNING ${IMPORT_COLUMNS}`;
    await tx.$executeRaw`SELECT pg_notify(${IMPORT_CHANNEL}, '')`;
    return toApiImport(row!);
  } catch (err) {
    await store.delete(storageKey).catch(() => undefined);
    throw err;
  }
}
