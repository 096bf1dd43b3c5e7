import { randomUUID } from "node:crypto";
import { publicBaseUrl } from "@/lib/config.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { consentTokenValid } from "@/lib/oauth/consent-csrf.ts";
import { authSecret } from "@/lib/secrets.ts";
import {
  checkAuthorizationRequest,
  clientRedirect,
  errorRedirect,
  REQUEST_PARAMS,
  type AuthorizationRequest,
} from "@/lib/services/oauth/authorization-request.ts";
import { recordAuditAs, type RequestOrigin } from "@/lib/services/audit/audit-log.ts";
import { agentConnectionsAllowed } from "@/lib/services/oauth/agent-clients.ts";
import { issueCode } from "@/lib/services/oauth/codes.ts";
import { spendConsentForm } from "@/lib/services/oauth/consent-forms.ts";
import { consentExpiresAt, findGrant, recordConsent } from "@/lib/services/oauth/grants.ts";
import { AUTHORIZE_HEADERS, authorizationError, AuthorizationRefused } from "./error-page.ts";
import { readFormBody } from "../read-body.ts";
import { spendMetadataFetch } from "./client-throttle.ts";
import { spendCodeChallenge } from "./code-challenge-use.ts";
import { requestOrigin } from "../rest/client-ip.ts";
import { sameOriginPost } from "./same-origin.ts";

/**
 * This endpoint answers people, so its faults (AuthorizationRefused) and whatever else fails (a
 * refused body, a value no column can hold, the database down) are its error page with the API's
 * status for it, never a bare 500 — or JSON to a caller that asks for it (authorizationError).
 */
function pageErrors(handler: (req: Request) => Promise<Response>): (req: Request) => Promise<Response> {
  return async (req) => {
    try {
      return await handler(req);
    } catch (err) {
      if (err instanceof AuthorizationRefused) return authorizationError(req, err.status, err.message);
      const { status, body, retryAfter } = toErrorBody(err, randomUUID());
      const message =
        status >= 500 ? `The service could not complete this request (reference ${body.requestId}); try again shortly` : body.message;
      return authorizationError(req, status, message, retryAfter);
    }
  };
}

const refused = (status: number, message: string) => new AuthorizationRefused(status, message);

/** The signed-in user, if any (next-auth in the app; tests pass their own). */
export type SessionUser = () => Promise<{ userId: string; tenantId: string } | null>;

/** What the consent form's token is bound to: the user and the exact request. */
export const consentBinding = (user: { userId: string; tenantId: string }, params: URLSearchParams): string[] => [
  user.tenantId,
  user.userId,
  ...REQUEST_PARAMS.map((p) => params.get(p) ?? ""),
];

const redirect = (location: string, status = 302) => new Response(null, { status, headers: { ...AUTHORIZE_HEADERS, Location: location } });

/**
 * An agent connection in a company whose admins turned them off: the client hears access_denied
 * (so a waiting host stops at once and says why) — before any screen or code.
 */
export async function agentRefusalUrl(user: { tenantId: string }, r: AuthorizationRequest): Promise<string | null> {
  if (r.app.kind !== "agent" || (await withTenantSql(user.tenantId, (tx) => agentConnectionsAllowed(tx, user.tenantId)))) return null;
  return clientRedirect(r.redirectUri, {
    error: "access_denied",
    error_description: "This company does not allow agent connections: an admin can allow them in Settings → Apps",
    state: r.state,
    iss: publicBaseUrl(),
  });
}

async function agentRefusal(user: { tenantId: string }, r: AuthorizationRequest): Promise<Response | null> {
  const location = await agentRefusalUrl(user, r);
  return location === null ? null : redirect(location);
}

const FORM_USED = "This consent form was already used: start again from the app";

/** How a code is approved: within a standing grant, or by a consent form just decided. */
type Approval = { standingGrant: string } | { consentForm: string };

/** Thrown in approve()'s transaction, undoing the consent it recorded: no code is issued. */
class CodeChallengeReused extends Error {}

/**
 * A code for the approved scopes, sent to the client with the same state and our issuer. A
 * consent spends its form and records the grant, in the transaction that issues the code; a
 * request within a standing grant uses the grant unchanged. A code_challenge the client sent for
 * another code within a code's lifetime gets no code (after the form's check: a form posted twice
 * is "already used" either way).
 */
async function approve(
  user: { userId: string; tenantId: string },
  r: AuthorizationRequest,
  scopes: string[],
  how: Approval,
  origin: RequestOrigin,
): Promise<Response> {
  let code: string | null;
  try {
    code = await withTenantSql(user.tenantId, async (tx) => {
      let grantId: string;
      if ("standingGrant" in how) grantId = how.standingGrant;
      else if (await spendConsentForm(tx, user.tenantId, how.consentForm)) {
        grantId = await recordConsent(tx, { tenantId: user.tenantId, userId: user.userId, appId: r.app.id, scopes });
        const actor = { tenantId: user.tenantId, userId: user.userId, credentialKind: "session" as const, credentialId: null };
        await recordAuditAs(tx, actor, origin, {
          action: r.app.kind === "agent" ? "agent.connected" : "app.installed",
          target: { type: r.app.kind, id: grantId, label: r.app.name },
          details: { clientId: r.app.client_id, scopes },
        });
      } else return null;
      if (!(await spendCodeChallenge(r.app.id, r.codeChallenge))) throw new CodeChallengeReused();
      return issueCode(tx, user.tenantId, {
        appId: r.app.id,
        userId: user.userId,
        grantId,
        redirectUri: r.redirectUri,
        scopes,
        codeChallenge: r.codeChallenge,
      });
    });
  } catch (err) {
    if (!(err instanceof CodeChallengeReused)) throw err;
    return redirect(
      clientRedirect(r.redirectUri, {
        error: "invalid_request",
        error_description: "code_challenge was already used for another code of this client: make a new code verifier for every request",
        state: r.state,
        iss: publicBaseUrl(),
      }),
    );
  }
  if (code === null) throw refused(403, FORM_USED);
  return redirect(clientRedirect(r.redirectUri, { code, state: r.state, iss: publicBaseUrl() }));
}

/**
 * GET /api/oauth/authorize: checks the request, then sends a signed-out user to the login (and
 * back here), skips the screen when the user already granted these scopes to the app within the
 * last 365 days, and otherwise shows the consent page.
 */
export function authorizeEndpoint(session: SessionUser): (req: Request) => Promise<Response> {
  return pageErrors(async (req) => {
    // After the login, the app's client router first fetches this URL for its page data (RSC)
    // and only then navigates. This endpoint has effects (it may issue a code and redirect to the
    // client), so that fetch gets a plain answer without any: the router then loads the URL as a page.
    if (req.headers.has("rsc"))
      return new Response("", { status: 200, headers: { ...AUTHORIZE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
    const url = new URL(req.url);
    // Anyone may send this URL: fetching a client metadata document spends the address's bucket.
    const check = await checkAuthorizationRequest(url.searchParams, { beforeFetch: () => spendMetadataFetch(req) });
    if (check.kind === "fatal") throw refused(400, check.message);
    if (check.kind === "redirect") return redirect(errorRedirect(check, publicBaseUrl()));
    const user = await session();
    if (!user) return redirect(`/login?callbackUrl=${encodeURIComponent(`/api/oauth/authorize${url.search}`)}`);
    const r = check.request;
    const refusal = await agentRefusal(user, r);
    if (refusal) return refusal;
    const grant = await withTenantSql(user.tenantId, (tx) => findGrant(tx, user.tenantId, user.userId, r.app.id));
    const standing = grant && consentExpiresAt(grant.consentedAt) > new Date() && r.scopes.every((s) => grant.scopes.includes(s));
    if (standing) return approve(user, r, r.scopes, { standingGrant: grant.id }, requestOrigin(req.headers));
    return redirect(`/oauth/consent${url.search}`, 303);
  });
}

/**
 * POST /api/oauth/authorize: the consent form's decision. It must come from our own page
 * (same-origin.ts), the request is checked again, the form's token must belong to this user and
 * this request (CSRF) and decides once, and the user may have unticked scopes: the code carries
 * only those still ticked.
 */
export function consentDecisionEndpoint(session: SessionUser): (req: Request) => Promise<Response> {
  return pageErrors(async (req) => {
    if (!sameOriginPost(req.headers))
      throw refused(403, "This consent was not sent from this site's consent screen: start again from the app");
    const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") throw refused(415, "The consent form must be posted as a form");
    const form = await readFormBody(req);
    const params = new URLSearchParams(REQUEST_PARAMS.flatMap((p) => form.getAll(p).map((v) => [p, v] as [string, string])));
    const check = await checkAuthorizationRequest(params, { beforeFetch: () => spendMetadataFetch(req) });
    if (check.kind === "fatal") throw refused(400, check.message);
    if (check.kind === "redirect") return redirect(errorRedirect(check, publicBaseUrl()));
    const user = await session();
    if (!user) throw refused(401, "Your session has ended: sign in and start again from the app");
    const csrfToken = form.get("csrf_token") ?? "";
    if (!consentTokenValid(authSecret(), consentBinding(user, params), csrfToken)) {
      throw refused(403, "This consent form is not valid (it expired or did not come from this site): start again from the app");
    }
    const r = check.request;
    const refusal = await agentRefusal(user, r);
    if (refusal) return refusal;
    const granted = r.scopes.filter((s) => form.getAll("grant").includes(s));
    if (form.get("decision") !== "approve" || !granted.length) {
      if (!(await withTenantSql(user.tenantId, (tx) => spendConsentForm(tx, user.tenantId, csrfToken)))) throw refused(403, FORM_USED);
      return redirect(
        clientRedirect(r.redirectUri, {
          error: "access_denied",
          error_description: "The user denied the request",
          state: r.state,
          iss: publicBaseUrl(),
        }),
      );
    }
    return approve(user, r, granted, { consentForm: csrfToken }, requestOrigin(req.headers));
  });
}
