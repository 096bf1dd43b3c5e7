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
