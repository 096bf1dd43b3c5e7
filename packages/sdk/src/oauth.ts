import { retryAfterSeconds } from "./errors.ts";

/** The app's OAuth client: `clientSecret` for a marketplace app, none for a public client (PKCE alone). */
export interface OAuthClient {
  /** The CRM's address, e.g. `https://crm.example.com` (OAuth is under /api/oauth). */
  url: string;
  clientId: string;
  clientSecret?: string;
  fetch?: typeof fetch;
}

/** The token endpoint's answer, with when the access token expires (milliseconds since the epoch). */
export interface TokenSet {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
  expires_at: number;
}

/** An answer of the token endpoint that was not tokens (RFC 6749 §5.2). */
export class OAuthError extends Error {
  readonly status: number;
  /** The RFC 6749 code: `invalid_grant`, `invalid_client`… */
  readonly error: string;
  readonly errorDescription?: string;
  readonly retryAfter?: number;

  constructor(status: number, error: string, errorDescription?: string, retryAfter?: number) {
    super(errorDescription ? `${error}: ${errorDescription}` : error);
    this.name = "OAuthError";
    this.status = status;
    this.error = error;
    this.errorDescription = errorDescription;
    this.retryAfter = retryAfter;
  }
}

const base = (url: string) => `${url.replace(/\/+$/, "")}/api/oauth`;
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const randomToken = (size: number) => base64url(crypto.getRandomValues(new Uint8Array(size)));

/** The PKCE challenge of a verifier: base64url of its SHA-256 (S256). */
export async function codeChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/**
 * Where to send the user to approve the app: the authorize URL with a fresh PKCE pair and state.
 * Keep `codeVerifier` and `state` (in the user's session) for the callback: check that the `state`
 * it brings back is yours, then `exchangeCode` with the verifier.
 */
export async function authorizationUrl(
  client: OAuthClient,
  request: { redirectUri: string; scopes: string[]; state?: string },
): Promise<{ url: string; state: string; codeVerifier: string }> {
  const codeVerifier = randomToken(32);
  const state = request.state ?? randomToken(16);
  const query = new URLSearchParams({
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scopes.join(" "),
    state,
    code_challenge: await codeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  return { url: `${base(client.url)}/authorize?${query}`, state, codeVerifier };
}

async function tokenRequest(client: OAuthClient, grant: Record<string, string>): Promise<TokenSet> {
  const form = new URLSearchParams({ ...grant, client_id: client.clientId });
  if (client.clientSecret) form.set("client_secret", client.clientSecret);
  const response = await (client.fetch ?? fetch)(`${base(client.url)}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: form,
  });
  const body = (await response.json().catch(() => ({}))) as Partial<TokenSet> & { error?: string; error_description?: string };
  if (!response.ok || !body.access_token)
    throw new OAuthError(
      response.status,
      body.error ?? `http_${response.status}`,
      body.error_description,
      retryAfterSeconds(response.headers),
    );
  return { ...(body as TokenSet), expires_at: Date.now() + Number(body.expires_in ?? 0) * 1000 };
}

/** Exchanges the callback's code for tokens, with the verifier `authorizationUrl` made. */
export function exchangeCode(
  client: OAuthClient,
  callback: { code: string; codeVerifier: string; redirectUri: string },
): Promise<TokenSet> {
  return tokenRequest(client, {
    grant_type: "authorization_code",
    code: callback.code,
    code_verifier: callback.codeVerifier,
    redirect_uri: callback.redirectUri,
  });
}

/**
 * New tokens for a refresh token. The refresh token is rotated: keep the new one, and never use
 * the old one again; a second use revokes every token of the grant (reuse detection).
 */
export function refreshTokens(client: OAuthClient, refreshToken: string): Promise<TokenSet> {
  return tokenRequest(client, { grant_type: "refresh_token", refresh_token: refreshToken });
}

/** Revokes an access or a refresh token (revoking a refresh token ends its whole family). */
export async function revokeToken(client: OAuthClient, token: string): Promise<void> {
  const form = new URLSearchParams({ token, client_id: client.clientId });
  if (client.clientSecret) form.set("client_secret", client.clientSecret);
  const response = await (client.fetch ?? fetch)(`${base(client.url)}/revoke`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string; error_description?: string };
    throw new OAuthError(response.status, body.error ?? `http_${response.status}`, body.error_description);
  }
}

export interface OAuthSession {
  /** The current access token, refreshed first when it expires within a minute. Pass it as `accessToken`. */
  accessToken(): Promise<string>;
  /** The tokens as they are now (after any rotation). */
  tokens(): TokenSet;
}

/**
 * Keeps one grant's tokens current: refreshes the access token shortly before it expires, once for
 * all the calls waiting at that moment (two refreshes with one refresh token would be a reuse and
 * revoke the grant), and hands every rotated set to `onTokens` to be stored.
 */
export function oauthSession(
  client: OAuthClient,
  initial: TokenSet,
  onTokens: (tokens: TokenSet) => void | Promise<void> = () => {},
  refreshBeforeMs = 60_000,
): OAuthSession {
  let current = initial;
  let refreshing: Promise<TokenSet> | undefined;
  return {
    tokens: () => current,
    async accessToken() {
      if (current.expires_at - Date.now() > refreshBeforeMs) return current.access_token;
      refreshing ??= refreshTokens(client, current.refresh_token)
        .then(async (next) => {
          current = next;
          await onTokens(next);
          return next;
        })
        .finally(() => (refreshing = undefined));
      return (await refreshing).access_token;
    },
  };
}
