import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid } from "@/lib/errors/app-error.ts";

/**
 * A new stored field gets an empty index row on every existing record of its object, so that
 * ordering by it (an inner join on the index) still returns every record.
 */
export async function backfillFieldRows(tx: SqlTx, tenantId: string, objectId: string, fieldId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO record_value (tenant_id, record_id, field_id, ordinal)
    SELECT r.tenant_id, r.id, ${fieldId}::uuid, 0 FROM record r WHERE r.tenant_id = ${tenantId}::uuid AND r.object_id = ${objectId}::uuid
    ON CONFLICT DO NOTHING`;
}

/** Turning `unique` on claims the existing values, and fails if live records already share one. */
export async function setFieldUnique(tx: SqlTx, tenantId: string, fieldId: string, unique: boolean): Promise<void> {
  if (!unique) {
    await tx.$executeRaw`DELETE FROM record_unique WHERE tenant_id = ${tenantId}::uuid AND field_id = ${fieldId}::uuid`;
    return;
  }
  const [{ values, claimed }] = await tx.$queryRaw<{ values: number; claimed: number }[]>`
    WITH live AS (
      SELECT v.record_id, COALESCE(v.value_text, v.value_num::text) AS value
      FROM record_value v JOIN record r ON r.tenant_id = v.tenant_id AND r.id = v.record_id
      WHERE v.tenant_id = ${tenantId}::uuid AND v.field_id = ${fieldId}::uuid AND v.ordinal = 0 AND r.deleted_at IS NULL
        AND COALESCE(v.value_text, v.value_num::text) IS NOT NULL),
    ins AS (
      INSERT INTO record_unique (tenant_id, field_id, value, record_id)
      SELECT ${tenantId}::uuid, ${fieldId}::uuid, value, record_id FROM live ON CONFLICT DO NOTHING RETURNING 1)
    SELECT (SELECT count(*)::int FROM live) AS values, (SELECT count(*)::int FROM ins) AS claimed` as [{ values: number; claimed: number }];
  if (claimed < values) throw invalid("unique: existing records share values of this field; make them distinct first");
}
