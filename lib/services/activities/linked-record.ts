import { assertObjectAccess } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { isAppError, invalid } from "@/lib/errors/app-error.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { findRecords } from "@/lib/services/records/record-store.ts";

/** Whether the principal may read records of the object (key and token scopes, then the role). */
export function mayRead(p: Principal, objectApiName: string): boolean {
  try {
    assertObjectAccess(p, objectApiName, "read");
    return true;
  } catch (e) {
    if (isAppError(e)) return false;
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

/** Whether the id is a live record of the object (a live object: unknown and archived ones have none). */
export async function liveRecord(tx: SqlTx, p: Principal, objectApiName: string, recordId: string): Promise<boolean> {
  const object = await loadObjectSchema(tx, p.tenantId, objectApiName, p.schemaVersion).catch((e: unknown) => {
    if (isAppError(e) && e.code === "not_found") return null;
    throw e;
  });
  return !!object && (await findRecords(tx, p.tenantId, object.id, [recordId.toLowerCase()])).length > 0;
}

/**
 * The record a new activity belongs to: the caller must be allowed to read its object (403 with
 * the scope identifiers, decided on the name alone, before any lookup), and it must be a live
 * record of that object in the tenant (400, naming the field, like a lookup).
 */
export async function assertLinkableRecord(tx: SqlTx, p: Principal, objectApiName: string, recordId: string): Promise<void> {
  assertObjectAccess(p, objectApiName, "read");
  if (!(await liveRecord(tx, p, objectApiName, recordId)))
    throw invalid(`record_id: no live ${objectApiName} record with id '${recordId}'`, [
      { path: "record_id", message: `must be the id of a ${objectApiName} record that is not in the trash` },
    ]);
}
