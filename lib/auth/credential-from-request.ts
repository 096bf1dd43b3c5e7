import { getToken } from "next-auth/jwt";
import { publicBaseUrl } from "@/lib/config.ts";
import { authSecret } from "@/lib/secrets.ts";
import { apiConsoleTokenValid } from "./api-console-csrf.ts";
import { credentialFromHeaders, sessionCredentialOf, type Credential, type SessionCredentialInput } from "./credential.ts";

/** The header the API reference's Try it sends its anti-CSRF token in (api-console-csrf.ts). */
export const API_CONSOLE_CSRF_HEADER = "x-csrf-token";

/** All a credential is read from: a Fetch Request, or the API route layer's view of a Node request. */
interface RequestHeaders {
  readonly headers: Pick<Headers, "get" | "has">;
}

/**
 * The credential of a REST request. `Authorization: Bearer` (API key or OAuth token) decides alone,
 * exactly as credentialFromHeaders. Without it, the API reference's Try it may act as the signed-in
 * user: session cookie AND the page's anti-CSRF token AND a same-origin request. Anything less is no
 * credential at all: the same 401 "Missing API key" as a bare request, so a cookie alone never
 * authenticates a call to the API.
 */
export async function credentialFromRequest(req: RequestHeaders): Promise<Credential> {
  if (!req.headers.has("authorization")) {
    const user = await apiConsoleUser(req);
    if (user) return { ...user, apiConsole: true };
  }
  return credentialFromHeaders(req.headers);
}

async function apiConsoleUser(req: RequestHeaders): Promise<SessionCredentialInput | null> {
  const csrf = req.headers.get(API_CONSOLE_CSRF_HEADER);
  if (!csrf || !sameOrigin(req.headers)) return null;
  // The session cookie is all getToken reads here: this branch runs only without an Authorization header.
  const session = await getToken({
    req: { headers: { cookie: req.headers.get("cookie") ?? "" } },
    secret: authSecret(),
    secureCookie: secureCookies(),
  });
  // The session version rides along: the operation's credential lookup refuses an ended session.
  const user = session && sessionCredentialOf(session);
  return user && apiConsoleTokenValid(user, csrf) ? user : null;
}

/**
 * Browsers send `Origin` on every cross-origin request and on same-origin ones that are not GET or
 * HEAD; they send `Sec-Fetch-Site` on every request (Chromium, Firefox, Safari 16.4+). A same-origin
 * GET carries only the latter, so each must match when present and one of them must be there.
 */
function sameOrigin(headers: RequestHeaders["headers"]): boolean {
  const origin = headers.get("origin");
  const site = headers.get("sec-fetch-site");
  if (origin === null && site === null) return false;
  return (origin === null || origin === publicBaseUrl()) && (site === null || site === "same-origin");
}

/** Auth.js names the cookie `__Secure-authjs.session-token` on https, as the browser sees the origin. */
function secureCookies(): boolean {
  return publicBaseUrl().startsWith("https:");
}
