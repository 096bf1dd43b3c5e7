import { verifyAgainstNothing, verifyPassword } from "@/lib/auth/password.ts";
import { findLogin, withTenantSql } from "@/lib/db/tenant.ts";
import { recordAuditAs, type RequestOrigin } from "@/lib/services/audit/audit-log.ts";

export interface LoginUser {
  id: string;
  tenantId: string;
  email: string;
  name: string;
  /** Carried in the session it opens: the session ends when the user's version rises. */
  sessionVersion: number;
}

/**
 * Why a sign-in was refused: for the server log only; the person is told "Invalid email or password".
 * Deactivated users are not found at all (auth_find_login looks up active users only).
 */
export type LoginRefusal = "no active user with this email" | "wrong password";

export type LoginOutcome = { user: LoginUser } | { refused: LoginRefusal };

type StoredUser = LoginUser & { active: boolean; passwordHash: string };

async function readUser(tenantId: string, userId: string): Promise<StoredUser | undefined> {
  const [user] = await withTenantSql(
    tenantId,
    async (tx) =>
      await tx.$queryRaw<StoredUser[]>`
        SELECT id::text, tenant_id::text AS "tenantId", email, name, session_version AS "sessionVersion", active,
               password_hash AS "passwordHash"
        FROM app_user WHERE tenant_id = ${tenantId}::uuid AND id = ${userId}::uuid`,
  );
  return user;
}

/**
 * Email + password → the user, or why not; unknown emails cost the same time as wrong passwords.
 * The user's company's audit log gets every sign-in and every wrong password (never the password
 * typed; the actor of a refusal is unknown). An email that is no active user's is logged nowhere:
 * no company may learn from its log which addresses others try, and the answer is the same either way.
 */
export async function verifyLogin(email: string, password: string, origin: RequestOrigin | null = null): Promise<LoginOutcome> {
  const normalized = email.trim().toLowerCase();
  const login = normalized ? await findLogin(normalized) : null;
  const user = login ? await readUser(login.tenantId, login.userId) : undefined;
  // Deactivated between the lookup and this read: the same as not found.
  if (!user?.active) return verifyAgainstNothing(password).then(() => ({ refused: "no active user with this email" }));
  const ok = await verifyPassword(password, user.passwordHash);
  const target = { type: "user", id: user.id, label: user.email };
  await withTenantSql(user.tenantId, (tx) =>
    recordAuditAs(tx, { tenantId: user.tenantId, userId: ok ? user.id : null, credentialKind: "session", credentialId: null }, origin, {
      action: ok ? "user.signed_in" : "user.sign_in_failed",
      target,
    }),
  );
  if (!ok) return { refused: "wrong password" };
  return { user: { id: user.id, tenantId: user.tenantId, email: user.email, name: user.name, sessionVersion: user.sessionVersion } };
}
