import { authenticate } from "@/lib/auth/authenticate.ts";
import { sessionCredentialOf, type SessionCredentialInput } from "@/lib/auth/credential.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { auth } from "./next-auth.ts";

/**
 * The credential of this request's Auth.js session, or null when signed out. Not checked yet:
 * whatever runs with it checks it (runOperation, or sessionUser below).
 */
export async function signedInCredential(): Promise<SessionCredentialInput | null> {
  const user = (await auth())?.user;
  return user ? sessionCredentialOf({ sub: user.id, tenantId: user.tenantId, sv: user.sessionVersion }) : null;
}

/**
 * The signed-in user of this request, or null (route handlers and pages that run no operation:
 * the OAuth authorization and consent). Checked as every session is — the user active, and the
 * session not ended since it began (one query) — so an ended session can never approve an app.
 */
export async function sessionUser(): Promise<{ userId: string; tenantId: string } | null> {
  const credential = await signedInCredential();
  if (!credential) return null;
  try {
    await authenticate(credential);
  } catch (err) {
    if (isAppError(err) && err.status === 401) return null;
    throw err;
  }
  return { userId: credential.userId, tenantId: credential.tenantId };
}
