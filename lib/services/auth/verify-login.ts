import { verifyAgainstNothing, verifyPassword } from "@/lib/auth/password.ts";
import { findLogin, withTenant } from "@/lib/db/tenant.ts";

export interface LoginUser {
  id: string;
  tenantId: string;
  email: string;
  name: string;
}

/** Email + password → the user, or null; unknown emails cost the same time as wrong passwords. */
export async function verifyLogin(email: string, password: string): Promise<LoginUser | null> {
  const normalized = email.trim().toLowerCase();
  const login = normalized ? await findLogin(normalized) : null;
  if (!login) return verifyAgainstNothing(password).then(() => null);
  const user = await withTenant(login.tenantId, (tx) =>
    tx.user.findUnique({ where: { tenantId_id: { tenantId: login.tenantId, id: login.userId } } }),
  );
  if (!user || !user.active || !(await verifyPassword(password, user.passwordHash))) return null;
  return { id: user.id, tenantId: user.tenantId, email: user.email, name: user.name };
}
