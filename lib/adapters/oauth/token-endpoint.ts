import { withPlatformSql, withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { parseScopes } from "@/lib/oauth/scopes.ts";
import { parseTenantSecret } from "@/lib/auth/tenant-secret.ts";
import { recordAuditAs } from "@/lib/services/audit/audit-log.ts";
import { agentConnectionsAllowed } from "@/lib/services/oauth/agent-clients.ts";
import { authenticateClient } from "@/lib/services/oauth/client-auth.ts";
import { OAuthError } from "@/lib/services/oauth/oauth-error.ts";
import { exchangeCode, refreshTokens, revokeToken, type TokenResponse } from "@/lib/services/oauth/tokens.ts";
import type { RateLimitResult } from "@/lib/rate-limit/index.ts";
import { clientCredentials } from "./client-credentials.ts";
import {
  claimedClientId,
  spendClientRequest,
  spendFailedAuthentication,
  tooManyRequests,
  withRateLimitHeaders,
} from "./client-throttle.ts";
import { oauthErrorResponse, oauthJson, readForm } from "./oauth-response.ts";
import { requestOrigin } from "../rest/client-ip.ts";

/**
 * Runs a grant in its tenant's transaction. An OAuthError is returned rather than thrown inside,
 * so that what the refusal itself writes (revoking a family after a replay) commits.
 */
async function inTenant<T>(tenantId: string, fn: (tx: SqlTx) => Promise<T>): Promise<T> {
  const result = await withTenantSql(tenantId, async (tx) => {
    try {
      return { ok: true as const, value: await fn(tx) };
    } catch (err) {
      if (err instanceof OAuthError) return { ok: false as const, err };
      throw err;
    }
  });
  if (!result.ok) throw result.err;
  return result.value;
}

/** An agent's grant works only while its company allows agent connections (turning them off also revokes the grants). */
async function assertAgentAllowed(tx: SqlTx, tenantId: string, app: App): Promise<void> {
  if (app.kind === "agent" && !(await agentConnectionsAllowed(tx, tenantId)))
    throw new OAuthError("invalid_grant", "This company does not allow agent connections");
}

function tenantOf(kind: "code" | "refresh", secret: string): string {
  const ids = parseTenantSecret(kind, secret);
  if (!ids) throw new OAuthError("invalid_grant", kind === "code" ? "Unknown authorization code" : "Unknown refresh token");
  return ids.tenantId;
}

type App = Awaited<ReturnType<typeof authenticateClient>>;

/**
 * A request of an authenticated client (form body, client authentication), rate-limited per
 * client (client-throttle.ts), with errors as RFC 6749 5.2 answers. Every answer carries the
 * client's bucket headers.
 */
async function clientRequest(req: Request, handle: (app: App, form: URLSearchParams) => Promise<Response>): Promise<Response> {
  const authorization = req.headers.get("authorization");
  let form: URLSearchParams | undefined;
  let unreadable: unknown;
  try {
    form = await readForm(req);
  } catch (err) {
    unreadable = err;
  }
  const clientId = claimedClientId(authorization, form);
  let bucket: RateLimitResult;
  try {
    bucket = await spendClientRequest(req, clientId);
  } catch (err) {
    return oauthErrorResponse(err, false);
  }
  if (!bucket.allowed) return tooManyRequests(bucket);
  try {
    if (!form) throw unreadable;
    const body = form;
    let app: App;
    try {
      app = await withPlatformSql((tx) => authenticateClient(tx, clientCredentials(authorization, body)));
    } catch (err) {
      const refusing =
        err instanceof OAuthError && err.error === "invalid_client" ? await spendFailedAuthentication(req, clientId, err) : null;
      if (refusing) return tooManyRequests(refusing);
      throw err;
    }
    return withRateLimitHeaders(await handle(app, body), bucket);
  } catch (err) {
    return withRateLimitHeaders(oauthErrorResponse(err, authorization !== null), bucket);
  }
}

/** POST /api/oauth/token: authorization_code (with PKCE) and refresh_token grants. */
export function tokenEndpoint(req: Request): Promise<Response> {
  return clientRequest(req, async (app, form) => {
    const grantType = form.get("grant_type");
    let tokens: TokenResponse;
    if (grantType === "authorization_code") {
      const code = form.get("code");
      if (!code) throw new OAuthError("invalid_request", "code is required");
      const exchange = { code, redirectUri: form.get("redirect_uri"), codeVerifier: form.get("code_verifier") };
      const tenantId = tenantOf("code", code);
      tokens = await inTenant(tenantId, async (tx) => {
        await assertAgentAllowed(tx, tenantId, app);
        return exchangeCode(tx, tenantId, app, exchange);
      });
    } else if (grantType === "refresh_token") {
      const refreshToken = form.get("refresh_token");
      if (!refreshToken) throw new OAuthError("invalid_request", "refresh_token is required");
      const rawScope = form.get("scope");
      const scope = rawScope === null ? null : parseScopes(rawScope);
      if (rawScope !== null && !scope?.length) throw new OAuthError("invalid_scope", "scope is malformed or names an unknown scope");
      const tenantId = tenantOf("refresh", refreshToken);
      tokens = await inTenant(tenantId, async (tx) => {
        await assertAgentAllowed(tx, tenantId, app);
        return refreshTokens(tx, { tenantId, app, refreshToken, scope });
      });
    } else {
      throw grantType
        ? new OAuthError("unsupported_grant_type", "Only authorization_code and refresh_token are supported")
        : new OAuthError("invalid_request", "grant_type is required");
    }
    return oauthJson(200, tokens);
  });
}

/** POST /api/oauth/revoke (RFC 7009): 200 whether or not the token was known. */
export function revokeEndpoint(req: Request): Promise<Response> {
  return clientRequest(req, async (app, form) => {
    const token = form.get("token");
    if (!token) throw new OAuthError("invalid_request", "token is required");
    // token_type_hint is only a hint (RFC 7009 2.1): the prefix says what the token is.
    const ids = parseTenantSecret("access", token) ?? parseTenantSecret("refresh", token);
    if (ids)
      await withTenantSql(ids.tenantId, async (tx) => {
        const revoked = await revokeToken(tx, ids.tenantId, app, token);
        if (revoked) {
          const actor = {
            tenantId: ids.tenantId,
            userId: revoked.userId,
            credentialKind: "oauth" as const,
            credentialId: revoked.familyId,
            appId: app.id,
          };
          await recordAuditAs(tx, actor, requestOrigin(req.headers), {
            action: "oauth_token.revoked",
            target: { type: "oauth_token", id: revoked.familyId, label: app.name },
            details: { kind: revoked.kind, by: "app" },
          });
        }
      });
    return new Response(null, { status: 200, headers: { "Cache-Control": "no-store", Pragma: "no-cache" } });
  });
}
