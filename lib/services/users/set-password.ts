import { endSessionsAndTokens } from "./end-sessions.ts";
import { hashPassword } from "@/lib/auth/password.ts";
import { parseTenantSecret, secretMatches } from "@/lib/auth/tenant-secret.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { recordAuditAs, type RequestOrigin } from "@/lib/services/audit/audit-log.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules.ts";
import type { LinkPurpose } from "./users.ts";

/** What a valid link is for: shown on the page before the person chooses a password. */
export interface LinkInfo {
  purpose: LinkPurpose;
  email: string;
  name: string;
  company: string;
}

const SQL_FOR_UPDATE = Prisma.raw("FOR UPDATE OF l");
const SQL_NOTHING = Prisma.empty;

interface LinkRow {
  id: string;
  user_id: string;
  purpose: LinkPurpose;
  secret_hash: string;
  expires_at: Date;
  used_at: Date | null;
  email: string;
  name: string;
  company: string;
  active: boolean;
  joined: boolean;
}

/** The link's row if the secret is one of ours, unused and unexpired; null otherwise (one answer for every reason). */
async function liveLink(tx: SqlTx, tenantId: string, id: string, secret: string, lock: boolean): Promise<LinkRow | null> {
  const rows = await tx.$queryRaw<LinkRow[]>`
    SELECT l.id::text, l.user_id::text, l.purpose, l.secret_hash, l.expires_at, l.used_at, u.email, u.name, t.name AS company,
           u.active, u.joined_at IS NOT NULL AS joined
    FROM user_link l JOIN app_user u ON u.tenant_id = l.tenant_id AND u.id = l.user_id JOIN tenant t ON t.id = l.tenant_id
    WHERE l.tenant_id = ${tenantId}::uuid AND l.id = ${id}::uuid ${lock ? SQL_FOR_UPDATE : SQL_NOTHING}`;
  const row = rows[0];
  if (!row || !secretMatches(secret, row.secret_hash) || row.used_at || row.expires_at <= new Date()) return null;
  // A reset for someone deactivated since does not bring them back.
  if (row.purpose === "reset" && !row.active) return null;
  return row;
}

export async function linkInfo(secret: string): Promise<LinkInfo | null> {
  const ids = parseTenantSecret("userLink", secret);
  if (!ids) return null;
  const row = await withTenantSql(ids.tenantId, (tx) => liveLink(tx, ids.tenantId, ids.id, secret, false));
  return row && { purpose: row.purpose, email: row.email, name: row.name, company: row.company };
}

export type SetPasswordOutcome = { ok: true; email: string } | { ok: false; error: string };

/**
 * Spends the link: the person's password becomes `password` (an invitation also makes them a
 * member who can sign in), and every session opened with the old password ends (a reset is what
 * someone does who fears their password is known). Once only: the row is locked, so two
 * submissions cannot both use it. The audit log gets the link's use, as the person.
 */
export async function setPasswordWithLink(secret: string, password: string, origin: RequestOrigin): Promise<SetPasswordOutcome> {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
    return { ok: false, error: `The password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long` };
  const ids = parseTenantSecret("userLink", secret);
  const expired = { ok: false as const, error: "This link is invalid, was used already or has expired: ask an admin for a new one" };
  if (!ids) return expired;
  const passwordHash = await hashPassword(password);
  return withTenantSql(ids.tenantId, async (tx) => {
    const row = await liveLink(tx, ids.tenantId, ids.id, secret, true);
    if (!row) return expired;
    await tx.$executeRaw`UPDATE user_link SET used_at = now() WHERE tenant_id = ${ids.tenantId}::uuid AND id = ${row.id}::uuid`;
    if (row.purpose === "invite") {
      await tx.$executeRaw`
        UPDATE app_user SET password_hash = ${passwordHash}, active = true, joined_at = now()
        WHERE tenant_id = ${ids.tenantId}::uuid AND id = ${row.user_id}::uuid AND joined_at IS NULL`;
    } else {
      await endSessionsAndTokens(
        tx,
        ids.tenantId,
        row.user_id,
        () => tx.$executeRaw`
          UPDATE app_user SET password_hash = ${passwordHash}, session_version = session_version + 1
          WHERE tenant_id = ${ids.tenantId}::uuid AND id = ${row.user_id}::uuid`,
      );
    }
    await recordAuditAs(tx, { tenantId: ids.tenantId, userId: row.user_id, credentialKind: "session", credentialId: null }, origin, {
      action: row.purpose === "invite" ? "user.joined" : "user.reset_link_used",
      target: { type: "user", id: row.user_id, label: row.email },
    });
    return { ok: true as const, email: row.email };
  });
}
