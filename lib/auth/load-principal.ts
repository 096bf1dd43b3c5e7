import { prepared, type SqlTx } from "@/lib/db/tenant.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { secretMatches } from "@/lib/auth/tenant-secret.ts";
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
    objects: new Map(
      role.permissions.map((p) => [p.objectApiName, { read: p.canRead, create: p.canCreate, update: p.canUpdate, delete: p.canDelete }]),
    ),
  };
}

// last_used_at is written at most once a minute per key: one write per request would turn every
// read into a write.
const LAST_USED_GRANULARITY_MS = 60_000;

/** The role's grants and the tenant's schema version, read with every credential. */
interface RoleColumns {
  role_key: string;
  default_read: boolean;
  default_create: boolean;
  default_update: boolean;
  default_delete: boolean;
  permissions: RoleRow["permissions"];
  schema_version: number;
}

const roleColumns = Prisma.sql`r.key AS role_key, r.default_read, r.default_create, r.default_update, r.default_delete,
  COALESCE((SELECT json_agg(json_build_object('objectApiName', p.object_api_name, 'canRead', p.can_read,
              'canCreate', p.can_create, 'canUpdate', p.can_update, 'canDelete', p.can_delete))
            FROM role_permission p WHERE p.tenant_id = r.tenant_id AND p.role_id = r.id), '[]'::json) AS permissions,
  (SELECT t.schema_version FROM tenant t WHERE t.id = r.tenant_id) AS schema_version`;

const roleOf = (r: RoleColumns): RolePermissions =>
  toRolePermissions({
    key: r.role_key,
    defaultRead: r.default_read,
    defaultCreate: r.default_create,
    defaultUpdate: r.default_update,
    defaultDelete: r.default_delete,
    permissions: r.permissions,
  });

interface KeyRow extends RoleColumns {
  id: string;
  secret_hash: string;
  revoked_at: Date | null;
  read_only: boolean;
  allowed_objects: string[];
  allow_delete: boolean;
  rate_limit: number;
  last_used_at: Date | null;
  created_by_id: string;
  active: boolean;
}

interface SessionRow extends RoleColumns {
  active: boolean;
  platform_admin: boolean;
  session_version: number;
}

interface TokenRow extends RoleColumns {
  secret_hash: string;
  revoked_at: Date | null;
  expires_at: Date;
  scopes: string[];
  app_id: string;
  family_id: string;
  user_id: string;
  grant_live: boolean;
  grant_scopes: string[];
  active: boolean;
}

/** OAuth tokens share the API keys' default limit (spec 8): one bucket per token family. */
const OAUTH_RATE_LIMIT = 120;

/**
 * The one statement that reads a credential's key (or user), creator and role. It runs on every
 * request, so it is prepared: planning it would cost several times what running it does.
 */
function principalQuery(credential: Credential): Prisma.Sql {
  return prepared(`principal_${credential.kind}`, principalStatement(credential));
}

function principalStatement(credential: Credential): Prisma.Sql {
  if (credential.kind === "session") {
    return Prisma.sql`
      SELECT u.active, u.platform_admin, u.session_version, ${roleColumns} FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
      WHERE u.tenant_id = ${credential.tenantId}::uuid AND u.id = ${credential.userId}::uuid`;
  }
  if (credential.kind === "oauth") {
    return Prisma.sql`
      SELECT t.secret_hash, t.revoked_at, t.expires_at, t.scopes, t.app_id::text, t.family_id::text, t.user_id::text,
             (g.revoked_at IS NULL) AS grant_live, g.scopes AS grant_scopes, u.active, ${roleColumns}
      FROM oauth_token t
      JOIN oauth_grant g ON g.tenant_id = t.tenant_id AND g.id = t.grant_id
      JOIN app_user u ON u.tenant_id = t.tenant_id AND u.id = t.user_id
      JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
      WHERE t.tenant_id = ${credential.tenantId}::uuid AND t.id = ${credential.tokenId}::uuid AND t.kind = 'access'`;
  }
  return Prisma.sql`
    SELECT k.id::text, k.secret_hash, k.revoked_at, k.read_only, COALESCE(k.allowed_objects, '{}') AS allowed_objects, k.allow_delete, k.rate_limit,
           k.last_used_at, k.created_by_id::text, u.active, ${roleColumns}
    FROM api_key k
    JOIN app_user u ON u.tenant_id = k.tenant_id AND u.id = k.created_by_id
    JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
    WHERE k.tenant_id = ${credential.tenantId}::uuid AND k.id = ${credential.keyId}::uuid`;
}

/** Resolves the credential inside the tenant's transaction; any mismatch is the same 401. */
export async function loadPrincipal(tx: SqlTx, credential: Credential): Promise<Principal> {
  const found = await tx.$queryRaw<unknown[]>(principalQuery(credential));
  if (credential.kind === "session") {
    const user = found[0] as SessionRow | undefined;
    // A session begun before the user's version last rose (a password set, a deactivation, "sign
    // out everywhere") has ended, whatever its cookie's own expiry says.
    if (!user || !user.active || user.session_version !== credential.sessionVersion)
      throw new AppError("invalid_credential", "Session expired");
    return {
      tenantId: credential.tenantId,
      userId: credential.userId,
      schemaVersion: user.schema_version,
      role: roleOf(user),
      credential: { kind: "session", platformAdmin: user.platform_admin, apiConsole: credential.apiConsole === true },
    };
  }
  if (credential.kind === "oauth") {
    const token = found[0] as TokenRow | undefined;
    if (
      !token ||
      token.revoked_at ||
      token.expires_at.getTime() <= Date.now() ||
      !token.grant_live ||
      !token.active ||
      !secretMatches(credential.secret, token.secret_hash)
    ) {
      throw new AppError("invalid_credential", "Invalid or expired access token");
    }
    return {
      tenantId: credential.tenantId,
      userId: token.user_id,
      schemaVersion: token.schema_version,
      role: roleOf(token),
      // A grant the user narrowed since narrows the tokens issued before.
      credential: {
        kind: "oauth",
        tokenId: credential.tokenId,
        appId: token.app_id,
        familyId: token.family_id,
        scopes: token.scopes.filter((s) => token.grant_scopes.includes(s)),
        rateLimit: OAUTH_RATE_LIMIT,
      },
    };
  }

  const key = found[0] as KeyRow | undefined;
  if (!key || key.revoked_at || !key.active || !secretMatches(credential.secret, key.secret_hash)) {
    throw new AppError("invalid_credential");
  }
  const now = Date.now();
  if (!key.last_used_at || now - key.last_used_at.getTime() > LAST_USED_GRANULARITY_MS) {
    await tx.$executeRaw`UPDATE api_key SET last_used_at = ${new Date(now)} WHERE tenant_id = ${credential.tenantId}::uuid AND id = ${key.id}::uuid`;
  }
  const role = roleOf(key);
  return {
    tenantId: credential.tenantId,
    userId: key.created_by_id,
    schemaVersion: key.schema_version,
    role,
    credential: {
      kind: "api_key",
      id: key.id,
      readOnly: key.read_only,
      allowedObjects: key.allowed_objects.length ? key.allowed_objects : null,
      allowDelete: key.allow_delete,
      rateLimit: key.rate_limit,
    },
  };
}
