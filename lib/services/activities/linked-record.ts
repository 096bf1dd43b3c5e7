import { assertObjectAccess } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError, invalid } from "@/lib/errors/app-error.ts";

/** Whether the principal may read records of the object (key and token scopes, then the role). */
export function mayRead(p: Principal, objectApiName: string): boolean {
  try {
    assertObjectAccess(p, objectApiName, "read");
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

/**
 * The tenant's objects the principal may not read, archived ones included (their records keep
 * their activities): those activities stay out of its sight.
 */
export async function unreadableObjects(tx: SqlTx, p: Principal): Promise<string[]> {
  const objects = await tx.$queryRaw<{ api_name: string }[]>`SELECT api_name FROM object_def WHERE tenant_id = ${p.tenantId}::uuid`;
  return objects.map((o) => o.api_name).filter((name) => !mayRead(p, name));
}

const liveRecord = (tx: SqlTx, tenantId: string, objectApiName: string, recordId: string) =>
  tx.$queryRaw<{ found: number }[]>`
    SELECT 1 AS found FROM record r JOIN object_def o ON o.tenant_id = r.tenant_id AND o.id = r.object_id
    WHERE r.tenant_id = ${tenantId}::uuid AND r.id = ${recordId}::uuid AND o.api_name = ${objectApiName}
      AND o.archived_at IS NULL AND r.deleted_at IS NULL`;

/**
 * The record a new activity belongs to: the caller must be allowed to read its object (403 with
 * the scope identifiers, decided on the name alone, before any lookup), and it must be a live
 * record of that object in the tenant (400, naming the field, like a lookup).
 */
export async function assertLinkableRecord(tx: SqlTx, p: Principal, objectApiName: string, recordId: string): Promise<void> {
  assertObjectAccess(p, objectApiName, "read");
  if (!(await liveRecord(tx, p.tenantId, objectApiName, recordId)).length)
    throw invalid(`record_id: no live ${objectApiName} record with id '${recordId}'`, [
      { path: "record_id", message: `must be the id of a ${objectApiName} record that is not in the trash` },
    ]);
}
