import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import type { AuditAction } from "@/lib/schemas/audit-actions.ts";

/** A detail value: plain data only — the log never holds a secret, so entries name what changed, not values of credentials. */
export type AuditValue = string | number | boolean | null | string[];

/** What an audited change says about itself. */
export interface AuditEntry {
  action: AuditAction;
  target: { type: string; id?: string | null; label?: string | null };
  details?: Record<string, AuditValue>;
}

/** Where a request came from, as its surface knows it. */
export interface RequestOrigin {
  ip: string | null;
}

/**
 * The longest text a column keeps (the table's checks): longer values are cut, never refused —
 * the change itself must not fail for its log.
 */
const cut = (s: string | null | undefined, max: number): string | null =>
  s == null ? null : s.length > max ? `${s.slice(0, max - 1)}…` : s;

/** Who acted: a user, and the credential they acted through. */
export interface AuditActor {
  tenantId: string;
  /** Null when nobody known acted (a sign-in refused for a wrong password). */
  userId: string | null;
  credentialKind: "session" | "api_key" | "oauth";
  /** The API key's id, or the OAuth token family's. */
  credentialId: string | null;
  /** OAuth: the app, whose name the entry keeps. */
  appId?: string | null;
}

export function principalActor(principal: Principal): AuditActor {
  const c = principal.credential;
  return {
    tenantId: principal.tenantId,
    userId: principal.userId,
    credentialKind: c.kind,
    credentialId: c.kind === "api_key" ? c.id : c.kind === "oauth" ? c.familyId : null,
    appId: c.kind === "oauth" ? c.appId : null,
  };
}

/**
 * Writes the entry in the caller's transaction, so that it exists exactly when the change does.
 * The actor's email and the credential's name are read by the same statement (no extra round trip).
 */
export async function recordAuditAs(tx: SqlTx, a: AuditActor, origin: RequestOrigin | null, entry: AuditEntry): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO audit_log (tenant_id, id, action, actor_id, actor_email, credential_kind, credential_id, credential_name, ip,
                           target_type, target_id, target_label, details)
    VALUES (${a.tenantId}::uuid, ${uuidV7()}::uuid, ${entry.action}, ${a.userId}::uuid,
            (SELECT email FROM app_user WHERE tenant_id = ${a.tenantId}::uuid AND id = ${a.userId}::uuid),
            ${a.credentialKind}, ${a.credentialId},
            CASE ${a.credentialKind}::text
              WHEN 'api_key' THEN (SELECT name FROM api_key WHERE tenant_id = ${a.tenantId}::uuid AND id = ${a.credentialId}::uuid)
              WHEN 'oauth' THEN (SELECT name FROM oauth_app WHERE id = ${a.appId ?? null}::uuid)
            END,
            ${cut(origin?.ip, 64)}, ${entry.target.type}, ${cut(entry.target.id, 200)}, ${cut(entry.target.label, 500)},
            ${JSON.stringify(entry.details ?? {})}::jsonb)`;
}

/** The entry of an operation's change, as its principal. */
export const recordAudit = (tx: SqlTx, principal: Principal, origin: RequestOrigin | null, entry: AuditEntry): Promise<void> =>
  recordAuditAs(tx, principalActor(principal), origin, entry);
