import { publicBaseUrl } from "@/lib/config.ts";
import { withPlatformSql, withTenantSql } from "@/lib/db/tenant.ts";
import { consentTokenValid } from "@/lib/oauth/consent-csrf.ts";
import { authSecret } from "@/lib/secrets.ts";
import { checkAuthorizationRequest, clientRedirect, errorRedirect, REQUEST_PARAMS, type AuthorizationRequest } from "@/lib/services/oauth/authorization-request.ts";
import { issueCode } from "@/lib/services/oauth/codes.ts";
import { findGrant, recordConsent } from "@/lib/services/oauth/grants.ts";

/** The signed-in user, if any (next-auth in the app; tests pass their own). */
export type SessionUser = () => Promise<{ userId: string; tenantId: string } | null>;

/** What the consent form's token is bound to: the user and the exact request. */
export const consentBinding = (user: { userId: string; tenantId: string }, params: URLSearchParams): string[] => [
  user.tenantId,
  user.userId,
  ...REQUEST_PARAMS.map((p) => params.get(p) ?? ""),
];

const NO_STORE = { "Cache-Control": "no-store" };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Faults that must not go back to an unverified redirect URI: our own page (RFC 6749 4.1.2.1). */
function errorPage(status: number, message: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization error</title></head>
<body><main><h1>This authorization request cannot be completed</h1><p>${escapeHtml(message)}</p></main></body></html>`;
  return new Response(html, { status, headers: { ...NO_STORE, "Content-Type": "text/html; charset=utf-8" } });
}

const redirect = (location: string, status = 302) => new Response(null, { status, headers: { ...NO_STORE, Location: location } });

/**
 * A code for the approved scopes, sent to the client with the same state and our issuer. A
 * consent records the grant; a request within a standing grant uses it unchanged.
 */
async function approve(user: { userId: string; tenantId: string }, r: AuthorizationRequest, scopes: string[], standingGrant?: string): Promise<Response> {
  const code = await withTenantSql(user.tenantId, async (tx) => {
    const grantId = standingGrant ?? (await recordConsent(tx, user.tenantId, user.userId, r.app.id, scopes));
    return issueCode(tx, user.tenantId, { appId: r.app.id, userId: user.userId, grantId, redirectUri: r.redirectUri, scopes, codeChallenge: r.codeChallenge });
  });
  return redirect(clientRedirect(r.redirectUri, { code, state: r.state, iss: publicBaseUrl() }));
}

/**
 * GET /api/oauth/authorize: checks the request, then sends a signed-out user to the login (and
 * back here), skips the screen when the user already granted these scopes to the app, and
 * otherwise shows the consent page.
 */
export function authorizeEndpoint(session: SessionUser): (req: Request) => Promise<Response> {
  return async (req) => {
    // After the login, the app's client router first fetches this URL for its page data (RSC)
    // and only then navigates. This endpoint has effects (it may issue a code and redirect to the
    // client), so that fetch gets a plain answer without any: the router then loads the URL as a page.
    if (req.headers.has("rsc")) return new Response("", { status: 200, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
    const url = new URL(req.url);
    const check = await withPlatformSql((tx) => checkAuthorizationRequest(tx, url.searchParams));
    if (check.kind === "fatal") return errorPage(400, check.message);
    if (check.kind === "redirect") return redirect(errorRedirect(check, publicBaseUrl()));
    const user = await session();
    if (!user) return redirect(`/login?callbackUrl=${encodeURIComponent(`/api/oauth/authorize${url.search}`)}`);
    const r = check.request;
    const grant = await withTenantSql(user.tenantId, (tx) => findGrant(tx, user.tenantId, user.userId, r.app.id));
    if (grant && r.scopes.every((s) => grant.scopes.includes(s))) return approve(user, r, r.scopes, grant.id);
    return redirect(`/oauth/consent${url.search}`, 303);
  };
}

/**
 * POST /api/oauth/authorize: the consent form's decision. The request is checked again, the
 * form's token must belong to this user and this request (CSRF), and the user may have
 * unticked scopes: the code carries only those still ticked.
 */
export function consentDecisionEndpoint(session: SessionUser): (req: Request) => Promise<Response> {
  return async (req) => {
    const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") return errorPage(415, "The consent form must be posted as a form");
    const form = new URLSearchParams(await req.text());
    const params = new URLSearchParams(REQUEST_PARAMS.flatMap((p) => form.getAll(p).map((v) => [p, v] as [string, string])));
    const check = await withPlatformSql((tx) => checkAuthorizationRequest(tx, params));
    if (check.kind === "fatal") return errorPage(400, check.message);
    if (check.kind === "redirect") return redirect(errorRedirect(check, publicBaseUrl()));
    const user = await session();
    if (!user) return errorPage(401, "Your session has ended: sign in and start again from the app");
    if (!consentTokenValid(authSecret(), consentBinding(user, params), form.get("csrf_token") ?? "")) {
      return errorPage(403, "This consent form is not valid (it expired or did not come from this site): start again from the app");
    }
    const r = check.request;
    const granted = r.scopes.filter((s) => form.getAll("grant").includes(s));
    if (form.get("decision") !== "approve" || !granted.length) {
      return redirect(clientRedirect(r.redirectUri, { error: "access_denied", error_description: "The user denied the request", state: r.state, iss: publicBaseUrl() }));
    }
    return approve(user, r, granted);
  };
}
