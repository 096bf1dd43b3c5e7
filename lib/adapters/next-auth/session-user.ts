import { auth } from "./next-auth.ts";

/** The signed-in user of this request, or null (route handlers and pages outside the settings area). */
export async function sessionUser(): Promise<{ userId: string; tenantId: string } | null> {
  const session = await auth();
  return session?.user?.id && session.user.tenantId ? { userId: session.user.id, tenantId: session.user.tenantId } : null;
}
