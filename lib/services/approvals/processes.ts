import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import type { ApiApprovalProcess, ApprovalProcessInput } from "@/lib/schemas/approvals.ts";
import { bumpSchemaVersion } from "@/lib/services/objects/schema-version.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { parseFilter } from "@/lib/services/records/query/filter.ts";
import type { Filter } from "@/lib/services/records/query/types.ts";

interface ProcessRow {
  id: string;
  object_api_name: string;
  name: string;
  conditions: string[];
  approver_user_id: string | null;
  approver_role: string | null;
  lock_mode: "fields" | "record";
  created_at: Date;
}

const toApi = (r: ProcessRow): ApiApprovalProcess => ({
  id: r.id,
  objectApiName: r.object_api_name,
  name: r.name,
  conditions: r.conditions,
  approver: { userId: r.approver_user_id, role: r.approver_role },
  lockMode: r.lock_mode,
  created_at: r.created_at.toISOString(),
});

export async function listProcesses(tx: SqlTx, tenantId: string): Promise<ApiApprovalProcess[]> {
  const rows = await tx.$queryRaw<ProcessRow[]>`
    SELECT id::text, object_api_name, name, conditions, approver_user_id::text, approver_role, lock_mode, created_at
    FROM approval_process WHERE tenant_id = ${tenantId}::uuid ORDER BY object_api_name`;
  return rows.map(toApi);
}

/**
 * Creates or replaces the object's process (one per object). Each condition must parse as a list
 * filter on the object (the same operators and messages as GET /{object}); the approver must be an
 * active user or an existing role. Cached object definitions are left behind (schema version).
 */
export async function saveProcess(tx: SqlTx, tenantId: string, userId: string, input: ApprovalProcessInput): Promise<ApiApprovalProcess> {
  const object = await loadObjectSchema(tx, tenantId, input.objectApiName).catch(() => {
    throw invalid(`objectApiName: no object '${input.objectApiName}'`, [{ path: "objectApiName", message: "must be an object's apiName" }]);
  });
  input.conditions.forEach((c, i) => {
    let filter: Filter;
    try {
      filter = parseFilter(object.fields, c);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw invalid(`conditions.${i}: ${message}`, [{ path: `conditions.${i}`, message }]);
    }
    // Every write changes updated_at: a condition on it would take every edit for "entering".
    if (filter.target.kind === "system" && filter.target.column === "updated_at")
      throw invalid(`conditions.${i}: updated_at changes with every write and cannot be a condition`, [
        { path: `conditions.${i}`, message: "updated_at cannot be a condition" },
      ]);
  });
  if ("userId" in input.approver) {
    const [user] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM app_user WHERE tenant_id = ${tenantId}::uuid AND id = ${input.approver.userId}::uuid AND active`;
    if (!user)
      throw invalid("approver.userId: no active user with this id", [{ path: "approver.userId", message: "must be an active user" }]);
  } else {
    const [role] = await tx.$queryRaw<
      { key: string }[]
    >`SELECT key FROM role WHERE tenant_id = ${tenantId}::uuid AND key = ${input.approver.role}`;
    if (!role)
      throw invalid(`approver.role: no role '${input.approver.role}'`, [{ path: "approver.role", message: "must be a role's key" }]);
  }
  const userApprover = "userId" in input.approver ? input.approver.userId : null;
  const roleApprover = "role" in input.approver ? input.approver.role : null;
  const [row] = await tx.$queryRaw<ProcessRow[]>`
    INSERT INTO approval_process AS p (tenant_id, id, object_api_name, name, conditions, approver_user_id, approver_role, lock_mode, created_by_id)
    VALUES (${tenantId}::uuid, ${uuidV7()}::uuid, ${object.apiName}, ${input.name}, ${input.conditions}::text[], ${userApprover}::uuid,
            ${roleApprover}, ${input.lockMode}, ${userId}::uuid)
    ON CONFLICT (tenant_id, object_api_name) DO UPDATE SET name = excluded.name, conditions = excluded.conditions,
      approver_user_id = excluded.approver_user_id, approver_role = excluded.approver_role, lock_mode = excluded.lock_mode, updated_at = now()
    RETURNING id::text, object_api_name, name, conditions, approver_user_id::text, approver_role, lock_mode, created_at`;
  await bumpSchemaVersion(tx, tenantId);
  return toApi(row!);
}

/** Removes the process: records no longer open requests by themselves; pending ones can still be decided, and lock nothing any more. */
export async function deleteProcess(tx: SqlTx, tenantId: string, id: string): Promise<void> {
  const deleted = await tx.$executeRaw`DELETE FROM approval_process WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`;
  if (!deleted) throw notFound(`Approval process '${id}'`);
  await bumpSchemaVersion(tx, tenantId);
}

/** Who can be an approver: the tenant's roles and active users (Settings → Approvals' choices). */
export async function approverChoices(
  tx: SqlTx,
  tenantId: string,
): Promise<{ roles: { key: string; name: string }[]; users: { id: string; name: string; email: string }[] }> {
  const roles = await tx.$queryRaw<
    { key: string; name: string }[]
  >`SELECT key, name FROM role WHERE tenant_id = ${tenantId}::uuid ORDER BY name`;
  const users = await tx.$queryRaw<{ id: string; name: string; email: string }[]>`
    SELECT id::text, name, email FROM app_user WHERE tenant_id = ${tenantId}::uuid AND active ORDER BY name, email LIMIT 500`;
  return { roles, users };
}
