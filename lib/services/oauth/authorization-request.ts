import { withPlatformSql } from "@/lib/db/tenant.ts";
import { S256_CHALLENGE } from "@/lib/oauth/pkce.ts";
import { agentScopes, parseScopes } from "@/lib/oauth/scopes.ts";
import { findClient, type OAuthAppRow } from "./apps.ts";
import { isMetadataDocumentClientId, metadataDocumentClient } from "./client-metadata-document.ts";
import { OAuthError } from "./oauth-error.ts";

/** A valid authorization request (RFC 6749 4.1.1 with PKCE, RFC 7636 4.3). */
export interface AuthorizationRequest {
  app: OAuthAppRow;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string;
}

export type AuthorizationCheck =
  /** Unknown client or a redirect_uri off the allowlist: shown on our error page, never redirected (RFC 6749 4.1.2.1). */
  | { kind: "fatal"; message: string }
  /** Any other fault: sent back to the client's redirect_uri with `error` and the same `state`. */
  | { kind: "redirect"; redirectUri: string; state: string | null; error: string; description: string }
  | { kind: "ok"; request: AuthorizationRequest };

/** Parameters of the request that a consent form carries back unchanged. */
export const REQUEST_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

const LOOPBACK_IP = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(?::\d{1,5})?(\/.*)?$/;

/**
 * Exact string match against the allowlist: no prefix, case, port, slash or query variations —
 * except the port of a loopback redirect, which native apps choose at run time (RFC 8252 7.3).
 */
export function redirectUriAllowed(registered: readonly string[], candidate: string): boolean {
  if (registered.includes(candidate)) return true;
  // What the regex takes must also be a URL a browser can go to (a port above 65535 is not).
  if (!URL.canParse(candidate)) return false;
  const m = LOOPBACK_IP.exec(candidate);
  return (
    !!m &&
    registered.some((r) => {
      const n = LOOPBACK_IP.exec(r);
      return !!n && n[1] === m[1] && (n[2] ?? "") === (m[2] ?? "");
    })
  );
}

/** Options of a check: `beforeFetch` runs before a client metadata document is fetched (and may refuse, e.g. a rate limit). */
export interface CheckOptions {
  beforeFetch?: () => Promise<void>;
}

/**
 * The client a request names: a published app or a registered agent by client_id, or the agent
 * of a Client ID Metadata Document (fetched outside any transaction when not cached).
 */
async function findRequestClient(clientId: string, o: CheckOptions): Promise<OAuthAppRow | string> {
  if (isMetadataDocumentClientId(clientId)) {
    try {
      return await metadataDocumentClient(clientId, o);
    } catch (err) {
      if (err instanceof OAuthError) return `Client ${clientId}: ${err.description}`;
      throw err;
    }
  }
  return (
    (await withPlatformSql((tx) => findClient(tx, clientId))) ?? `Unknown client ${clientId}: this app is not registered or not published`
  );
}

export async function checkAuthorizationRequest(params: URLSearchParams, o: CheckOptions = {}): Promise<AuthorizationCheck> {
  const repeated = REQUEST_PARAMS.filter((p) => params.getAll(p).length > 1);
  if (repeated.includes("client_id") || repeated.includes("redirect_uri"))
    return { kind: "fatal", message: "client_id and redirect_uri may appear only once" };
  const clientId = params.get("client_id");
  // The messages name what was sent, so that the app's developer sees what to fix.
  if (!clientId) return { kind: "fatal", message: "client_id is required" };
  const app = await findRequestClient(clientId, o);
  if (typeof app === "string") return { kind: "fatal", message: app };
  const redirectUri = params.get("redirect_uri");
  if (!redirectUri) return { kind: "fatal", message: "redirect_uri is required" };
  if (!redirectUriAllowed(app.redirect_uris, redirectUri))
    return { kind: "fatal", message: `redirect_uri ${redirectUri} is not registered for ${app.name}` };

  const state = params.get("state");
  const fail = (error: string, description: string): AuthorizationCheck => ({ kind: "redirect", redirectUri, state, error, description });
  if (repeated.length) return fail("invalid_request", `${repeated.join(", ")} may appear only once`);
  const responseType = params.get("response_type");
  if (!responseType) return fail("invalid_request", "response_type is required");
  if (responseType !== "code") return fail("unsupported_response_type", "Only response_type=code is supported");
  const method = params.get("code_challenge_method");
  if (method !== "S256")
    return fail(
      "invalid_request",
      method ? "code_challenge_method must be S256 (plain is not accepted)" : "PKCE is required: code_challenge_method=S256",
    );
  const codeChallenge = params.get("code_challenge");
  if (!codeChallenge || !S256_CHALLENGE.test(codeChallenge))
    return fail("invalid_request", "code_challenge must be the base64url SHA-256 of the code verifier (43 characters)");
  const rawScope = params.get("scope");
  // An agent gets what it may have of what it asked (agentScopes); an app must ask exactly.
  if (app.kind === "agent") return { kind: "ok", request: { app, redirectUri, scopes: agentScopes(rawScope), state, codeChallenge } };
  const scopes = rawScope ? parseScopes(rawScope) : null;
  if (!scopes?.length) return fail("invalid_scope", rawScope ? "scope is malformed or names an unknown scope" : "scope is required");
  const beyond = scopes.filter((s) => !app.scopes.includes(s));
  if (beyond.length) return fail("invalid_scope", `The app may not request ${beyond.join(", ")}`);
  return { kind: "ok", request: { app, redirectUri, scopes, state, codeChallenge } };
}

/** The redirect back to the client, with the issuer (RFC 9207) and the same state. */
export function clientRedirect(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url.toString();
}

/** Where a request that failed with a redirectable error sends the browser (RFC 6749 4.1.2.1). */
export const errorRedirect = (check: Extract<AuthorizationCheck, { kind: "redirect" }>, issuer: string): string =>
  clientRedirect(check.redirectUri, { error: check.error, error_description: check.description, state: check.state, iss: issuer });
