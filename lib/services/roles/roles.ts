import type { SqlTx } from "@/lib/db/tenant.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import type { ActionGrant } from "@/lib/auth/principal.ts";
import { roleGrant } from "@/lib/auth/access.ts";
import { toRolePermissions } from "@/lib/auth/load-principal.ts";
import { SCOPE_ONLY_OBJECTS } from "@/lib/schemas/names.ts";
import { listObjectSummaries, loadObjectSchema } from "@/lib/services/records/object-schema.ts";

export interface RoleMatrix {
  objects: string[];
  roles: { id: string; key: string; name: string; grants: Record<string, ActionGrant> }[];
}

type RoleRow = Parameters<typeof toRolePermissions>[0] & { id: string; name: string };

/** Every role's effective permissions on every live object, and on activities. */
export async function loadRoleMatrix(tx: SqlTx, tenantId: string): Promise<RoleMatrix> {
  const objects = [...(await listObjectSummaries(tx, tenantId)).map((o) => o.apiName), ...SCOPE_ONLY_OBJECTS.map((o) => o.apiName)];
  const roles = await tx.$queryRaw<RoleRow[]>`
    SELECT r.id::text, r.key, r.name, r.default_read AS "defaultRead", r.default_create AS "defaultCreate",
      r.default_update AS "defaultUpdate", r.default_delete AS "defaultDelete",
      COALESCE((SELECT json_agg(json_build_object('objectApiName', p.object_api_name, 'canRead', p.can_read,
                  'canCreate', p.can_create, 'canUpdate', p.can_update, 'canDelete', p.can_delete))
                FROM role_permission p WHERE p.tenant_id = r.tenant_id AND p.role_id = r.id), '[]'::json) AS permissions
    FROM role r WHERE r.tenant_id = ${tenantId}::uuid ORDER BY r.created_at`;
  return {
    objects,
    roles: roles.map((r) => {
      const perms = toRolePermissions(r);
      return { id: r.id, key: r.key, name: r.name, grants: Object.fromEntries(objects.map((o) => [o, roleGrant(perms, o)])) };
    }),
  };
}

export async function setObjectPermission(
  tx: SqlTx,
  tenantId: string,
  roleId: string,
  objectApiName: string,
  grant: ActionGrant,
): Promise<void> {
  const role = await tx.$queryRaw<unknown[]>`SELECT 1 FROM role WHERE tenant_id = ${tenantId}::uuid AND id = ${roleId}::uuid`;
  if (!role.length) throw notFound("Role");
  if (!SCOPE_ONLY_OBJECTS.some((o) => o.apiName === objectApiName)) await loadObjectSchema(tx, tenantId, objectApiName);
  // Reading is the precondition of every other action.
  const g = grant.read ? grant : { read: false, create: false, update: false, delete: false };
  await tx.$executeRaw`
    INSERT INTO role_permission (tenant_id, role_id, object_api_name, can_read, can_create, can_update, can_delete)
    VALUES (${tenantId}::uuid, ${roleId}::uuid, ${objectApiName}, ${g.read}, ${g.create}, ${g.update}, ${g.delete})
    ON CONFLICT (tenant_id, role_id, object_api_name) DO UPDATE
      SET can_read = EXCLUDED.can_read, can_create = EXCLUDED.can_create, can_update = EXCLUDED.can_update, can_delete = EXCLUDED.can_delete`;
}
