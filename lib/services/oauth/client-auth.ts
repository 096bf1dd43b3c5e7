import type { SqlTx } from "@/lib/db/tenant.ts";
import { clientSecretMatches, findPublishedApp, type OAuthAppRow } from "./apps.ts";
import { OAuthError } from "./oauth-error.ts";

/** What a client presented, however it was sent (the token endpoint reads it from the request). */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** The published app these credentials authenticate, or invalid_client. */
export async function authenticateClient(tx: SqlTx, c: ClientCredentials): Promise<OAuthAppRow> {
  const app = await findPublishedApp(tx, c.clientId);
  if (!app || !clientSecretMatches(c.clientSecret, app.secret_hash)) throw new OAuthError("invalid_client", "Client authentication failed");
  return app;
}
