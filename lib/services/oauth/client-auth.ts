import type { SqlTx } from "@/lib/db/tenant.ts";
import { clientSecretMatches, findClient, type OAuthAppRow } from "./apps.ts";
import { OAuthError } from "./oauth-error.ts";

/** What a client presented, however it was sent (the token endpoint reads it from the request). */
export interface ClientCredentials {
  clientId: string;
  /** Null for a public client, which sends only its client_id (RFC 6749 2.3, `none`). */
  clientSecret: string | null;
}

/** Agents' last use is kept to the hour: the purge counts days, and a refresh must not write every time. */
const LAST_USE_GRANULARITY = "1 hour";

/**
 * The client these credentials authenticate, or invalid_client. Marketplace apps are
 * confidential: their secret is required. Agent connections are public clients (PKCE binds their
 * codes): they send no secret, and one sent anyway is refused rather than ignored. A use of an
 * agent's registration is noted, so that the purge keeps it.
 */
export async function authenticateClient(tx: SqlTx, c: ClientCredentials): Promise<OAuthAppRow> {
  const app = await findClient(tx, c.clientId);
  const valid =
    app?.kind === "agent"
      ? c.clientSecret === null
      : c.clientSecret !== null && clientSecretMatches(c.clientSecret, app?.secret_hash ?? null);
  if (!app || !valid) throw new OAuthError("invalid_client", "Client authentication failed");
  if (app.kind === "agent") {
    await tx.$executeRaw`
      UPDATE oauth_app SET last_used_at = now()
      WHERE id = ${app.id}::uuid AND (last_used_at IS NULL OR last_used_at < now() - ${LAST_USE_GRANULARITY}::interval)`;
  }
  return app;
}
