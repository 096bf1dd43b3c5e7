import type { SqlTx } from "@/lib/db/tenant.ts";
import { verifierMatches } from "@/lib/oauth/pkce.ts";
import { formatScopes } from "@/lib/oauth/scopes.ts";
import { generateTenantSecret, parseTenantSecret, secretKindOf, secretMatches } from "@/lib/auth/tenant-secret.ts";
import type { OAuthAppRow } from "./apps.ts";
import { consentExpiresAt } from "./grants.ts";
import { OAuthError } from "./oauth-error.ts";

export const ACCESS_TOKEN_TTL_S = 3600;
/** Sliding: each refresh gives 30 days more, never beyond the consent's 365 days (grants.ts). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/** The token response of spec 2.6. */
export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

interface Issue {
  appId: string;
  userId: string;
  grantId: string;
  familyId: string;
  accessScopes: string[];
  refreshScopes: string[];
  /** When the consent behind the family runs out: the refresh token's expiry is capped there. */
  consentEnds: Date;
}

/** A new access token and refresh token of one family, in one statement. */
async function issuePair(tx: SqlTx, tenantId: string, i: Issue, now: Date): Promise<TokenResponse> {
  const access = generateTenantSecret("access", tenantId);
  const refresh = generateTenantSecret("refresh", tenantId);
  await tx.$executeRaw`
    INSERT INTO oauth_token (tenant_id, id, kind, family_id, secret_hash, app_id, user_id, grant_id, scopes, expires_at)
    VALUES (${tenantId}::uuid, ${access.id}::uuid, 'access', ${i.familyId}::uuid, ${access.secretHash}, ${i.appId}::uuid, ${i.userId}::uuid,
            ${i.grantId}::uuid, ${i.accessScopes}::text[], ${new Date(now.getTime() + ACCESS_TOKEN_TTL_S * 1000)}),
           (${tenantId}::uuid, ${refresh.id}::uuid, 'refresh', ${i.familyId}::uuid, ${refresh.secretHash}, ${i.appId}::uuid, ${i.userId}::uuid,
            ${i.grantId}::uuid, ${i.refreshScopes}::text[], ${new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_MS, i.consentEnds.getTime()))})`;
  return {
    access_token: access.secret,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_S,
    refresh_token: refresh.secret,
    scope: formatScopes(i.accessScopes),
  };
}

/**
 * Serializes the writers of one token family until commit. Without it, a revocation running
 * while a refresh inserts the family's next pair would not see that pair (read committed) and
 * leave it alive; with it, whichever comes second sees what the first committed.
 */
async function lockFamily(tx: SqlTx, familyId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`oauth-family:${familyId}`}, 0))`;
}

/** Revokes every live token of a family (code replay, refresh token reuse, revocation). */
export async function revokeFamily(tx: SqlTx, tenantId: string, familyId: string, now = new Date()): Promise<void> {
  await lockFamily(tx, familyId);
  await tx.$executeRaw`UPDATE oauth_token SET revoked_at = ${now} WHERE tenant_id = ${tenantId}::uuid AND family_id = ${familyId}::uuid AND revoked_at IS NULL`;
}

/**
 * The grant's scopes and the end of its consent, while it stands, its consent is younger than
 * 365 days and its user may still sign in; otherwise invalid_grant. The user's row is share-locked
 * until commit, so a deactivation waits for the tokens about to be issued and then revokes them
 * (revokeUserTokens), or goes first and this sees the user inactive.
 */
async function liveGrant(
  tx: SqlTx,
  tenantId: string,
  grantId: string,
  userId: string,
  now: Date,
): Promise<{ scopes: string[]; consentEnds: Date }> {
  const [grant] = await tx.$queryRaw<{ scopes: string[]; consented_at: Date }[]>`
    SELECT g.scopes, g.consented_at FROM oauth_grant g JOIN app_user u ON u.tenant_id = g.tenant_id AND u.id = g.user_id
    WHERE g.tenant_id = ${tenantId}::uuid AND g.id = ${grantId}::uuid AND g.user_id = ${userId}::uuid AND g.revoked_at IS NULL AND u.active
    FOR SHARE OF u`;
  if (!grant) throw new OAuthError("invalid_grant", "The authorization was withdrawn");
  const consentEnds = consentExpiresAt(grant.consented_at);
  if (consentEnds <= now)
    throw new OAuthError(
      "invalid_grant",
      "The user's consent is older than 365 days: send the user through the authorization request again",
    );
  return { scopes: grant.scopes, consentEnds };
}

interface CodeRow {
  secret_hash: string;
  app_id: string;
  user_id: string;
  grant_id: string;
  redirect_uri: string;
  scopes: string[];
  code_challenge: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface CodeExchange {
  code: string;
  redirectUri: string | null;
  codeVerifier: string | null;
}

/**
 * grant_type=authorization_code (RFC 6749 4.1.3, RFC 7636 4.6). The code row is locked, so of
 * two concurrent exchanges one wins. A code presented again revokes what it issued — but only a
 * replay that passes every other check (its client, redirect_uri and code_verifier): anyone else
 * holding a stolen code must not be able to end the victim's session with it.
 */
export async function exchangeCode(
  tx: SqlTx,
  tenantId: string,
  app: OAuthAppRow,
  x: CodeExchange,
  now = new Date(),
): Promise<TokenResponse> {
  const ids = parseTenantSecret("code", x.code);
  const [row] = ids
    ? await tx.$queryRaw<CodeRow[]>`
        SELECT secret_hash, app_id::text, user_id::text, grant_id::text, redirect_uri, scopes, code_challenge, expires_at, used_at
        FROM oauth_code WHERE tenant_id = ${tenantId}::uuid AND id = ${ids.id}::uuid FOR UPDATE`
    : [];
  if (!row || !secretMatches(x.code, row.secret_hash)) throw new OAuthError("invalid_grant", "Unknown authorization code");
  if (row.app_id !== app.id) throw new OAuthError("invalid_grant", "The authorization code was issued to another client");
  if (x.redirectUri === null) throw new OAuthError("invalid_request", "redirect_uri is required");
  if (x.redirectUri !== row.redirect_uri) throw new OAuthError("invalid_grant", "redirect_uri does not match the authorization request");
  if (x.codeVerifier === null) throw new OAuthError("invalid_request", "code_verifier is required");
  if (!verifierMatches(x.codeVerifier, row.code_challenge))
    throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge");
  if (row.used_at) {
    await revokeFamily(tx, tenantId, ids!.id, now);
    throw new OAuthError("invalid_grant", "The authorization code was already used; the tokens it issued are revoked");
  }
  if (row.expires_at <= now) throw new OAuthError("invalid_grant", "The authorization code has expired");
  const { consentEnds } = await liveGrant(tx, tenantId, row.grant_id, row.user_id, now);
  await tx.$executeRaw`UPDATE oauth_code SET used_at = ${now} WHERE tenant_id = ${tenantId}::uuid AND id = ${ids!.id}::uuid`;
  return issuePair(
    tx,
    tenantId,
    {
      appId: app.id,
      userId: row.user_id,
      grantId: row.grant_id,
      familyId: ids!.id,
      accessScopes: row.scopes,
      refreshScopes: row.scopes,
      consentEnds,
    },
    now,
  );
}

interface TokenRow {
  kind: string;
  secret_hash: string;
  app_id: string;
  user_id: string;
  grant_id: string;
  family_id: string;
  scopes: string[];
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

async function findToken(tx: SqlTx, tenantId: string, id: string, lock: boolean): Promise<TokenRow | undefined> {
  const rows = lock
    ? await tx.$queryRaw<TokenRow[]>`
        SELECT kind, secret_hash, app_id::text, user_id::text, grant_id::text, family_id::text, scopes, expires_at, used_at, revoked_at
        FROM oauth_token WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid FOR UPDATE`
    : await tx.$queryRaw<TokenRow[]>`
        SELECT kind, secret_hash, app_id::text, user_id::text, grant_id::text, family_id::text, scopes, expires_at, used_at, revoked_at
        FROM oauth_token WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`;
  return rows[0];
}

export interface RefreshTokensOptions {
  tenantId: string;
  /** The client presenting the token. */
  app: OAuthAppRow;
  refreshToken: string;
  /** The narrower scopes asked for; null: the family's. */
  scope: string[] | null;
  now?: Date;
}

/**
 * grant_type=refresh_token with rotation (RFC 9700 4.14): the token is spent and a new pair
 * issued, the new refresh token good for 30 more days within the consent's 365; a spent token
 * presented again revokes the whole family. A narrower `scope` narrows the new access token
 * only; the new refresh token keeps the family's scopes.
 */
export async function refreshTokens(
  tx: SqlTx,
  { tenantId, app, refreshToken, scope, now = new Date() }: RefreshTokensOptions,
): Promise<TokenResponse> {
  const ids = parseTenantSecret("refresh", refreshToken);
  const found = ids && (await findToken(tx, tenantId, ids.id, false));
  if (!found || found.kind !== "refresh" || !secretMatches(refreshToken, found.secret_hash))
    throw new OAuthError("invalid_grant", "Unknown refresh token");
  // The family first, then the row (re-read under both): see lockFamily.
  await lockFamily(tx, found.family_id);
  const row = (await findToken(tx, tenantId, ids!.id, true))!;
  if (row.app_id !== app.id) throw new OAuthError("invalid_grant", "The refresh token was issued to another client");
  if (row.revoked_at) throw new OAuthError("invalid_grant", "The refresh token was revoked");
  if (row.used_at) {
    await revokeFamily(tx, tenantId, row.family_id, now);
    throw new OAuthError("invalid_grant", "The refresh token was already used; every token of its family is revoked");
  }
  if (row.expires_at <= now) throw new OAuthError("invalid_grant", "The refresh token has expired");
  if (scope && !scope.every((s) => row.scopes.includes(s))) throw new OAuthError("invalid_scope", "scope may only narrow what was granted");
  const { scopes: granted, consentEnds } = await liveGrant(tx, tenantId, row.grant_id, row.user_id, now);
  await tx.$executeRaw`UPDATE oauth_token SET used_at = ${now} WHERE tenant_id = ${tenantId}::uuid AND id = ${ids!.id}::uuid`;
  // A user who since narrowed the grant narrows every family under it.
  const familyScopes = row.scopes.filter((s) => granted.includes(s));
  return issuePair(
    tx,
    tenantId,
    {
      appId: app.id,
      userId: row.user_id,
      grantId: row.grant_id,
      familyId: row.family_id,
      accessScopes: (scope ?? familyScopes).filter((s) => granted.includes(s)),
      refreshScopes: familyScopes,
      consentEnds,
    },
    now,
  );
}

/**
 * RFC 7009: revokes the token if this client owns it — a refresh token with its family, an access
 * token alone. Unknown tokens and other clients' tokens change nothing and are not reported (to
 * the client: the caller learns what was revoked, for the audit log).
 */
export async function revokeToken(
  tx: SqlTx,
  tenantId: string,
  app: OAuthAppRow,
  token: string,
  now = new Date(),
): Promise<{ userId: string; familyId: string; kind: "access" | "refresh" } | null> {
  const kind = secretKindOf(token);
  if (kind !== "access" && kind !== "refresh") return null;
  const ids = parseTenantSecret(kind, token);
  const row = ids && (await findToken(tx, tenantId, ids.id, false));
  if (!row || row.kind !== kind || row.app_id !== app.id || !secretMatches(token, row.secret_hash)) return null;
  if (kind === "refresh") await revokeFamily(tx, tenantId, row.family_id, now);
  else
    await tx.$executeRaw`UPDATE oauth_token SET revoked_at = ${now} WHERE tenant_id = ${tenantId}::uuid AND id = ${ids!.id}::uuid AND revoked_at IS NULL`;
  return { userId: row.user_id, familyId: row.family_id, kind };
}

/**
 * Revokes every live token of the user (both kinds, every app) and spends their codes not yet
 * exchanged: what a deactivation does, so that reactivating the person brings none of them back.
 */
export async function revokeUserTokens(tx: SqlTx, tenantId: string, userId: string, now = new Date()): Promise<void> {
  await tx.$executeRaw`
    UPDATE oauth_token SET revoked_at = ${now} WHERE tenant_id = ${tenantId}::uuid AND user_id = ${userId}::uuid AND revoked_at IS NULL`;
  await tx.$executeRaw`
    UPDATE oauth_code SET expires_at = ${now}
    WHERE tenant_id = ${tenantId}::uuid AND user_id = ${userId}::uuid AND used_at IS NULL AND expires_at > ${now}`;
}
