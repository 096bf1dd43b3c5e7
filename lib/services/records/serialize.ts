import type { SqlTx } from "@/lib/db/tenant.ts";
import { DEFAULT_CURRENCY_SCALE } from "@/lib/schemas/fields.ts";
import { computeFields } from "./computed-fields.ts";
import type { ObjectSchema, SchemaField } from "./object-schema.ts";
import type { StoredRecord } from "./record-store.ts";
import { currencyValue } from "./values/index.ts";
import { ownValue } from "@/lib/schemas/names.ts";

export type ApiRecord = Record<string, unknown> & { id: string; owner_id: string | null; created_at: string; updated_at: string };

/** A stored value as the API returns it: currency with exactly its field's scale (values stored before scales existed too). */
export function apiValue(field: SchemaField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return field.type === "currency" ? currencyValue(value, field.scale ?? DEFAULT_CURRENCY_SCALE) : value;
}

/**
 * The record as the API returns it: id, every live field by apiName (null when empty, computed
 * fields filled in), then the system keys. Trashed records also carry deleted_at. Every surface
 * (REST, MCP, the data endpoint, webhook payloads) answers with these.
 */
export async function toApiRecords(
  tx: SqlTx,
  tenantId: string,
  object: ObjectSchema,
  rows: StoredRecord[],
  opts: { fresh?: boolean } = {},
): Promise<ApiRecord[]> {
  const values = rows.map((r) => ({
    id: r.id,
    data: Object.fromEntries(object.fields.map((f) => [f.apiName, f.readOnly ? null : apiValue(f, ownValue(r.data, f.apiName))])),
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
