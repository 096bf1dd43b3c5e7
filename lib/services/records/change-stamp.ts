import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/**
 * The timestamp of a record write, strictly greater than every earlier write of the tenant in
 * commit order. Updating the tenant row takes its row lock until commit, so writers of one tenant
 * stamp and commit one after another; a poller asking for `updated_since` its last seen stamp can
 * therefore never miss a write that commits later with an earlier stamp.
 */
export async function takeChangeStamp(tx: SqlTx, tenantId: string, schemaVersion?: number): Promise<Date> {
  const rows = await tx.$queryRaw<{ stamp: Date; schema_version: number }[]>`
    UPDATE tenant SET last_change_at = GREATEST(date_trunc('milliseconds', clock_timestamp()), last_change_at + interval '1 millisecond')
    WHERE id = ${tenantId}::uuid RETURNING last_change_at AS stamp, schema_version`;
  // Schema changes take the same row lock: if one committed while this write waited, the write
  // was validated against old field definitions and must be retried, not applied.
  if (schemaVersion !== undefined && rows[0]!.schema_version !== schemaVersion) {
    throw new AppError("conflict", "The object's fields changed while this request ran; retry it");
  }
  return rows[0]!.stamp;
}
