import type { SqlTx } from "@/lib/db/tenant.ts";
import { computeFields } from "./computed-fields.ts";
import type { ObjectSchema } from "./object-schema.ts";
import type { StoredRecord } from "./record-store.ts";

export type ApiRecord = Record<string, unknown> & { id: string; owner_id: string | null; created_at: string; updated_at: string };

/**
 * The record as the API returns it: id, every live field by apiName (null when empty, computed
 * fields filled in), then the system keys. Trashed records also carry deleted_at.
 */
export async function toApiRecords(tx: SqlTx, tenantId: string, object: ObjectSchema, rows: StoredRecord[], opts: { fresh?: boolean } = {}): Promise<ApiRecord[]> {
  const values = rows.map((r) => ({
    id: r.id,
    data: Object.fromEntries(object.fields.map((f) => [f.apiName, f.readOnly ? null : (r.data[f.apiName] ?? null)])),
  }));
  await computeFields(tx, tenantId, object.fields, values, opts);
  return rows.map((r, i) => ({
    id: r.id,
    ...values[i]!.data,
    owner_id: r.ownerId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    ...(r.deletedAt ? { deleted_at: r.deletedAt.toISOString() } : {}),
  }));
}
