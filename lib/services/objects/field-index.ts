import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid } from "@/lib/errors/app-error.ts";
import { exactColumn, slotColumn } from "./slot-columns.ts";

/**
 * A new unslotted field (multiselect, or beyond the object's slots) gets an empty record_value
 * row on every existing record of its object, so that ordering by it (an inner join on the
 * index) still returns every record. A slotted field needs nothing: its column is already NULL.
 */
export async function backfillFieldRows(tx: SqlTx, tenantId: string, objectId: string, fieldId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO record_value (tenant_id, record_id, field_id, ordinal)
    SELECT r.tenant_id, r.id, ${fieldId}::uuid, 0 FROM record r WHERE r.tenant_id = ${tenantId}::uuid AND r.object_id = ${objectId}::uuid
    ON CONFLICT DO NOTHING`;
}

/** The unique key of each live record's value of the field (as index-rows.ts uniqueClaims computes it). */
function liveValues(tenantId: string, field: { id: string; slot: string | null }): Prisma.Sql {
  if (field.slot !== null) {
    const slotted = { slot: field.slot };
    const value = slotted.slot.startsWith("n") ? exactColumn(slotted) : slotColumn(slotted);
    return Prisma.sql`SELECT r.id AS record_id, ${value}::text AS value FROM record r
      WHERE r.tenant_id = ${tenantId}::uuid AND ${value} IS NOT NULL AND r.deleted_at IS NULL
        AND r.object_id = (SELECT object_id FROM field_def WHERE tenant_id = ${tenantId}::uuid AND id = ${field.id}::uuid)`;
  }
  return Prisma.sql`SELECT v.record_id, v.value_text AS value
    FROM record_value v JOIN record r ON r.tenant_id = v.tenant_id AND r.id = v.record_id
    WHERE v.tenant_id = ${tenantId}::uuid AND v.field_id = ${field.id}::uuid AND v.ordinal = 0 AND r.deleted_at IS NULL AND v.value_text IS NOT NULL`;
}

/** Turning `unique` on claims the existing values, and fails if live records already share one. */
export async function setFieldUnique(
  tx: SqlTx,
  tenantId: string,
  field: { id: string; slot: string | null },
  unique: boolean,
): Promise<void> {
  if (!unique) {
    await tx.$executeRaw`DELETE FROM record_unique WHERE tenant_id = ${tenantId}::uuid AND field_id = ${field.id}::uuid`;
    return;
  }
  const [{ values, claimed }] = (await tx.$queryRaw<{ values: number; claimed: number }[]>`
    WITH live AS (${liveValues(tenantId, field)}),
    ins AS (
      INSERT INTO record_unique (tenant_id, field_id, value, record_id)
      SELECT ${tenantId}::uuid, ${field.id}::uuid, value, record_id FROM live ON CONFLICT DO NOTHING RETURNING 1)
    SELECT (SELECT count(*)::int FROM live) AS values, (SELECT count(*)::int FROM ins) AS claimed`) as [
    { values: number; claimed: number },
  ];
  if (claimed < values) throw invalid("unique: existing records share values of this field; make them distinct first");
}
