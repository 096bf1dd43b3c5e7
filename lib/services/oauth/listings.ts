import type { SqlTx } from "@/lib/db/tenant.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import { revokeFamily } from "./tokens.ts";
import { revokeGrant } from "./grants.ts";

export interface AppSummary {
  id: string;
  clientId: string;
  name: string;
  description: string;
  logoUrl: string | null;
  redirectUris: string[];
  allowedOrigins: string[];
  scopes: string[];
  published: boolean;
  /** Where Install sends the user to start the app's own authorization request; null: installed from the app's site only. */
  initiateLoginUri: string | null;
}

/** Every app of the platform (platform admins), newest first. */
export async function listAllApps(tx: SqlTx): Promise<AppSummary[]> {
  return tx.$queryRaw<AppSummary[]>`
    SELECT id::text, client_id AS "clientId", name, description, logo_url AS "logoUrl", redirect_uris AS "redirectUris",
           allowed_origins AS "allowedOrigins", scopes, published_at IS NOT NULL AS published, initiate_login_uri AS "initiateLoginUri"
    FROM oauth_app WHERE kind = 'app' ORDER BY created_at DESC`;
}

/** The marketplace: published apps by name. */
export async function listPublishedApps(tx: SqlTx): Promise<AppSummary[]> {
  return (await listAllApps(tx)).filter((a) => a.published).sort((a, b) => a.name.localeCompare(b.name));
}

export interface InstalledApp {
  grantId: string;
  appId: string;
  appName: string;
  /** app: a marketplace app; agent: an agent connection (an MCP host that connected itself). */
  kind: "app" | "agent";
  /** Agents: how they registered — dynamic (RFC 7591) or metadata_document (their client_id is its URL). */
  registration: "dynamic" | "metadata_document" | null;
  clientId: string;
  userId: string;
  userEmail: string;
  scopes: string[];
  grantedAt: Date;
}

/** The apps and agents people of this tenant have connected (standing grants), with the scopes granted. */
export async function listInstalledApps(tx: SqlTx, tenantId: string): Promise<InstalledApp[]> {
  return tx.$queryRaw<InstalledApp[]>`
    SELECT g.id::text AS "grantId", a.id::text AS "appId", a.name AS "appName", a.kind, a.registration, a.client_id AS "clientId", u.id::text AS "userId", u.email AS "userEmail", g.scopes, g.updated_at AS "grantedAt"
    FROM oauth_grant g JOIN oauth_app a ON a.id = g.app_id JOIN app_user u ON u.tenant_id = g.tenant_id AND u.id = g.user_id
    WHERE g.tenant_id = ${tenantId}::uuid AND g.revoked_at IS NULL ORDER BY a.name, u.email`;
}

/** What an uninstall ended: the app (or agent) and whose grant it was. */
export interface Uninstalled {
  app: string;
  kind: "app" | "agent";
  userEmail: string;
}

/** Uninstall: your own grant, or anyone's for an admin; every token under it is revoked. */
export async function uninstallApp(
  tx: SqlTx,
  tenantId: string,
  actor: { userId: string; admin: boolean },
  grantId: string,
): Promise<Uninstalled> {
  const [grant] = await tx.$queryRaw<{ user_id: string; app: string; kind: "app" | "agent"; user_email: string }[]>`
    SELECT g.user_id::text, a.name AS app, a.kind, u.email AS user_email
    FROM oauth_grant g JOIN oauth_app a ON a.id = g.app_id JOIN app_user u ON u.tenant_id = g.tenant_id AND u.id = g.user_id
    WHERE g.tenant_id = ${tenantId}::uuid AND g.id = ${grantId}::uuid AND g.revoked_at IS NULL`;
  if (!grant || (grant.user_id !== actor.userId && !actor.admin)) throw notFound(`Installed app '${grantId}'`);
  await revokeGrant(tx, tenantId, grantId);
  return { app: grant.app, kind: grant.kind, userEmail: grant.user_email };
}

export interface TokenSummary {
  id: string;
  appName: string;
  kind: "access" | "refresh";
  scopes: string[];
  createdAt: Date;
  expiresAt: Date;
}

/** Your live OAuth tokens (never their secrets). */
export async function listUserTokens(tx: SqlTx, tenantId: string, userId: string): Promise<TokenSummary[]> {
  return tx.$queryRaw<TokenSummary[]>`
    SELECT t.id::text, a.name AS "appName", t.kind, t.scopes, t.created_at AS "createdAt", t.expires_at AS "expiresAt"
    FROM oauth_token t JOIN oauth_app a ON a.id = t.app_id
    WHERE t.tenant_id = ${tenantId}::uuid AND t.user_id = ${userId}::uuid AND t.revoked_at IS NULL AND t.used_at IS NULL AND t.expires_at > now()
    ORDER BY t.created_at DESC`;
}

/** Revokes one of your tokens together with its family, so that no refresh brings it back; returns the app's name. */
export async function revokeUserToken(tx: SqlTx, tenantId: string, userId: string, tokenId: string): Promise<{ app: string }> {
  const [token] = await tx.$queryRaw<{ family_id: string; app: string }[]>`
    SELECT t.family_id::text, a.name AS app FROM oauth_token t JOIN oauth_app a ON a.id = t.app_id
    WHERE t.tenant_id = ${tenantId}::uuid AND t.id = ${tokenId}::uuid AND t.user_id = ${userId}::uuid`;
  if (!token) throw notFound(`Token '${tokenId}'`);
  await revokeFamily(tx, tenantId, token.family_id);
  return { app: token.app };
}
