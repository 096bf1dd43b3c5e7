// Settings → Roles: per-object read/create/update/delete permissions of each role (admins)
import { z } from "zod";
import { assertAdmin } from "@/lib/auth/access.ts";
import { loadRoleMatrix, setObjectPermission } from "@/lib/services/roles/roles.ts";
import { defineOperation } from "../define.ts";

const grantSchema = z.object({ read: z.boolean(), create: z.boolean(), update: z.boolean(), delete: z.boolean() });
const matrixSchema = z.object({
  objects: z.array(z.string()),
  roles: z.array(z.object({ id: z.string(), key: z.string(), name: z.string(), grants: z.record(z.string(), grantSchema) })),
});

export const listRolesOp = defineOperation({
  name: "roles.list",
  summary: "Role permissions",
  description: "Each role's effective permissions on each object.",
  scope: "settings:manage",
  input: z.object({}),
  output: matrixSchema,
  errors: ["permission_denied"],
  authorize: assertAdmin,
  run: ({ tx, principal }) => loadRoleMatrix(tx, principal.tenantId),
});

export const setRolePermissionOp = defineOperation({
  name: "roles.setPermission",
  summary: "Set a role's permissions on an object",
  description: "Overrides the role's default permissions for one object.",
  scope: "settings:manage",
  input: z.object({ roleId: z.uuid(), objectApiName: z.string(), grant: grantSchema }),
  output: matrixSchema,
  errors: ["not_found", "permission_denied"],
  authorize: assertAdmin,
  async run({ tx, principal }, input) {
    await setObjectPermission(tx, principal.tenantId, input.roleId, input.objectApiName, input.grant);
    return loadRoleMatrix(tx, principal.tenantId);
  },
  audit: ({ roleId, objectApiName, grant }) => ({
    action: "role.permission_changed",
    target: { type: "role", id: roleId },
    details: { object: objectApiName, ...grant },
  }),
});

const MAX_CHANGES = 500;
const changeSchema = z.object({ roleId: z.uuid(), objectApiName: z.string(), grant: grantSchema });

/** Settings → Roles saves the whole matrix at once: every changed row in one transaction, each audited. */
export const setRolePermissionsOp = defineOperation({
  name: "roles.setPermissions",
  summary: "Set several roles' permissions on objects",
  description: "Overrides the roles' default permissions for each (role, object) listed, all or none.",
  scope: "settings:manage",
  input: z.object({ changes: z.array(changeSchema).min(1, "no change to save").max(MAX_CHANGES) }),
  output: matrixSchema,
  errors: ["invalid_request", "not_found", "permission_denied"],
  authorize: assertAdmin,
  async run({ tx, principal }, { changes }) {
    for (const c of changes) await setObjectPermission(tx, principal.tenantId, c.roleId, c.objectApiName, c.grant);
    return loadRoleMatrix(tx, principal.tenantId);
  },
  audit: ({ changes }) =>
    changes.map(({ roleId, objectApiName, grant }) => ({
      action: "role.permission_changed",
      target: { type: "role", id: roleId },
      details: { object: objectApiName, ...grant },
    })),
});
