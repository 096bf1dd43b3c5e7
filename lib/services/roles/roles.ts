import type { Tx } from "@/lib/db/tenant.ts";
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

/** Every role's effective permissions on every live object, and on activities. */
export async function loadRoleMatrix(tx: Tx, tenantId: string): Promise<RoleMatrix> {
  const objects = [...(await listObjectSummaries(tx, tenantId)).map((o) => o.apiName), ...SCOPE_ONLY_OBJECTS.map((o) => o.apiName)];
  const roles = await tx.role.findMany({ where: { tenantId }, include: { permissions: true }, orderBy: { createdAt: "asc" } });
  return {
    objects,
    roles: roles.map((r) => {
      const perms = toRolePermissions(r);
      return { id: r.id, key: r.key, name: r.name, grants: Object.fromEntries(objects.map((o) => [o, roleGrant(perms, o)])) };
    }),
  };
}

export async function setObjectPermission(
  tx: Tx,
  tenantId: string,
  roleId: string,
  objectApiName: string,
  grant: ActionGrant,
): Promise<void> {
  const role = await tx.role.findUnique({ where: { tenantId_id: { tenantId, id: roleId } } });
  if (!role) throw notFound("Role");
  if (!SCOPE_ONLY_OBJECTS.some((o) => o.apiName === objectApiName)) await loadObjectSchema(tx, tenantId, objectApiName);
  // Reading is the precondition of every other action.
  const g = grant.read ? grant : { read: false, create: false, update: false, delete: false };
  const data = { canRead: g.read, canCreate: g.create, canUpdate: g.update, canDelete: g.delete };
  await tx.rolePermission.upsert({
    where: { tenantId_roleId_objectApiName: { tenantId, roleId, objectApiName } },
    create: { tenantId, roleId, objectApiName, ...data },
    update: data,
  });
}
