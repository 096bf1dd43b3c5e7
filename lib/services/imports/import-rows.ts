import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { apiBaseUrl } from "@/lib/config.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import type { ApiImport, ImportStatus } from "@/lib/schemas/imports.ts";
import type { ImportColumn } from "./column-mapping.ts";

export interface ImportRow {
  id: string;
  object_api_name: string;
  status: ImportStatus;
  mode: "create" | "upsert";
  upsert_on: string | null;
  columns: ImportColumn[];
  storage_key: string;
  total: number;
  processed: number;
  created: number;
  updated: number;
  failed: number;
  error: string | null;
  created_by_id: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export const IMPORT_COLUMNS = Prisma.sql`i.id::text, i.object_api_name, i.status, i.mode, i.upsert_on, i.columns, i.storage_key, i.total,
  i.processed, i.created, i.updated, i.failed, i.error, i.created_by_id::text, i.created_at, i.started_at, i.finished_at`;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** Where an import's failed rows are read as CSV. */
export const errorsUrl = (object: string, id: string): string => `${apiBaseUrl()}/${object}/imports/${id}/errors`;

export function toApiImport(r: ImportRow): ApiImport {
  return {
    id: r.id,
    object: r.object_api_name,
    status: r.status,
    mode: r.mode,
    upsertOn: r.upsert_on,
    total: r.total,
    processed: r.processed,
    created: r.created,
    updated: r.updated,
    failed: r.failed,
    error: r.error,
    errors_url: errorsUrl(r.object_api_name, r.id),
    created_at: iso(r.created_at)!,
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

/** One import of the object (404 for another object's, as for an id that does not exist); `lock` takes its row lock. */
export async function findImport(tx: SqlTx, tenantId: string, object: string, id: string, lock = false): Promise<ImportRow> {
  const [row] = await tx.$queryRaw<ImportRow[]>`
    SELECT ${IMPORT_COLUMNS} FROM record_import i
    WHERE i.tenant_id = ${tenantId}::uuid AND i.id = ${id}::uuid AND i.object_api_name = ${object}
    ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
  if (!row) throw notFound(`Import '${id}'`);
  return row;
}
