import { verifyAgainstNothing, verifyPassword } from "@/lib/auth/password.ts";
import { findLogin, withTenant } from "@/lib/db/tenant.ts";

export interface LoginUser {
  id: string;
  tenantId: string;
  email: string;
  name: string;
}

/**
 * Why a sign-in was refused: for the server log only; the person is told "Invalid email or password".
 * Deactivated users are not found at all (auth_find_login looks up active users only).
 */
export type LoginRefusal = "no active user with this email" | "wrong password";

export type LoginOutcome = { user: LoginUser } | { refused: LoginRefusal };

/** Email + password → the user, or why not; unknown emails cost the same time as wrong passwords. */
export async function verifyLogin(email: string, password: string): Promise<LoginOutcome> {
  const normalized = email.trim().toLowerCase();
  const login = normalized ? await findLogin(normalized) : null;
  const user = login
    ? await withTenant(login.tenantId, (tx) =>
        tx.user.findUnique({ where: { tenantId_id: { tenantId: login.tenantId, id: login.userId } } }),
      )
    : null;
  // Deactivated between the lookup and this read: the same as not found.
  if (!user?.active) return verifyAgainstNothing(password).then(() => ({ refused: "no active user with this email" }));
  if (!(await verifyPassword(password, user.passwordHash))) return { refused: "wrong password" };
  return { user: { id: user.id, tenantId: user.tenantId, email: user.email, name: user.name } };
}
