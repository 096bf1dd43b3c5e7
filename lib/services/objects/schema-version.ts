import type { SqlTx } from "@/lib/db/tenant.ts";

/**
 * Every change to objects or fields calls this, so cached object definitions are left behind. The
 * update locks the tenant row against the record writes' shared locks (records/change-stamp.ts):
 * it waits for running writes, and writes that start meanwhile see the new version and refuse.
 */
export async function bumpSchemaVersion(tx: SqlTx, tenantId: string): Promise<void> {
  await tx.$executeRaw`UPDATE tenant SET schema_version = schema_version + 1 WHERE id = ${tenantId}::uuid`;
}
