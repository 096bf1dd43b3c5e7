import type { SqlTx } from "@/lib/db/tenant.ts";

/**
 * The timestamp of a record write, strictly greater than every earlier write of the tenant in
 * commit order. Updating the tenant row takes its row lock until commit, so writers of one tenant
 * stamp and commit one after another; a poller asking for `updated_since` its last seen stamp can
 * therefore never miss a write that commits later with an earlier stamp.
 */
export async function takeChangeStamp(tx: SqlTx, tenantId: string): Promise<Date> {
  const rows = await tx.$queryRaw<{ stamp: Date }[]>`
    UPDATE tenant SET last_change_at = GREATEST(date_trunc('milliseconds', clock_timestamp()), last_change_at + interval '1 millisecond')
    WHERE id = ${tenantId}::uuid RETURNING last_change_at AS stamp`;
  return rows[0]!.stamp;
}
