import type { Tx } from "@/lib/db/tenant.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { apiKeyMatches } from "./api-key-format.ts";
import type { Credential } from "./credential.ts";
import type { Principal, RolePermissions } from "./principal.ts";

type RoleRow = {
  key: string;
  defaultRead: boolean;
  defaultCreate: boolean;
  defaultUpdate: boolean;
  defaultDelete: boolean;
  permissions: { objectApiName: string; canRead: boolean; canCreate: boolean; canUpdate: boolean; canDelete: boolean }[];
};

export function toRolePermissions(role: RoleRow): RolePermissions {
  return {
    roleKey: role.key,
    defaults: { read: role.defaultRead, create: role.defaultCreate, update: role.defaultUpdate, delete: role.defaultDelete },
    objects: Object.fromEntries(
      role.permissions.map((p) => [p.objectApiName, { read: p.canRead, create: p.canCreate, update: p.canUpdate, delete: p.canDelete }]),
    ),
  };
}

const roleInclude = { include: { permissions: true } } as const;

// last_used_at is written at most once a minute per key: one write per request would turn every
// read into a write.
const LAST_USED_GRANULARITY_MS = 60_000;

/** Resolves the credential inside the tenant's transaction; any mismatch is the same 401. */
export async function loadPrincipal(tx: Tx, credential: Credential): Promise<Principal> {
  if (credential.kind === "session") {
    const user = await tx.user.findUnique({
      where: { tenantId_id: { tenantId: credential.tenantId, id: credential.userId } },
      include: { role: roleInclude },
    });
    if (!user || !user.active) throw new AppError("invalid_credential", "Session expired");
    return { tenantId: user.tenantId, userId: user.id, role: toRolePermissions(user.role), credential: { kind: "session" } };
  }

  const key = await tx.apiKey.findUnique({
    where: { tenantId_id: { tenantId: credential.tenantId, id: credential.keyId } },
    include: { createdBy: { include: { role: roleInclude } } },
  });
  if (!key || key.revokedAt || !key.createdBy.active || !apiKeyMatches(credential.secret, key.secretHash)) {
    throw new AppError("invalid_credential");
  }
  const now = Date.now();
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
    await tx.apiKey.update({ where: { tenantId_id: { tenantId: key.tenantId, id: key.id } }, data: { lastUsedAt: new Date(now) } });
  }
  return {
    tenantId: key.tenantId,
    userId: key.createdById,
    role: toRolePermissions(key.createdBy.role),
    credential: {
      kind: "api_key",
      id: key.id,
      readOnly: key.readOnly,
      allowedObjects: key.allowedObjects.length ? key.allowedObjects : null,
      allowDelete: key.allowDelete,
      rateLimit: key.rateLimit,
    },
  };
}
