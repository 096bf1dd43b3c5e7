import { randomBytes } from "node:crypto";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import type { OAuthAppInput } from "@/lib/schemas/oauth-apps.ts";
import { generateClientSecret } from "./apps.ts";

/** Registers an app (unpublished: no one can use it yet); its client_id is fixed from now on. */
export async function insertOAuthApp(tx: SqlTx, input: OAuthAppInput): Promise<{ id: string; clientId: string }> {
  const clientId = `crm_app_${randomBytes(16).toString("hex")}`;
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO oauth_app (id, client_id, name, description, logo_url, redirect_uris, allowed_origins, scopes, initiate_login_uri)
    VALUES (gen_random_uuid(), ${clientId}, ${input.name}, ${input.description}, ${input.logoUrl}, ${input.redirectUris}::text[],
            ${input.allowedOrigins}::text[], ${input.scopes}::text[], ${input.initiateLoginUri})
    RETURNING id::text`;
  return { id: rows[0]!.id, clientId };
}

/**
 * Publishes the app to the marketplace with a new client secret, returned this once (only its
 * hash is kept). Publishing again rotates the secret: the old one stops working at once.
 */
export async function publishWithNewSecret(
  tx: SqlTx,
  appId: string,
): Promise<{ clientId: string; clientSecret: string; name: string; rotated: boolean }> {
  const { secret, secretHash } = generateClientSecret();
  // The row as it was (the subquery reads the statement's snapshot): published before means a rotation.
  const rows = await tx.$queryRaw<{ client_id: string; name: string; rotated: boolean }[]>`
    UPDATE oauth_app a SET secret_hash = ${secretHash}, published_at = COALESCE(a.published_at, now()), updated_at = now()
    FROM (SELECT id, published_at IS NOT NULL AS was_published FROM oauth_app WHERE id = ${appId}::uuid) before
    WHERE a.id = before.id AND a.kind = 'app' RETURNING a.client_id, a.name, before.was_published AS rotated`;
  if (!rows[0]) throw notFound(`App '${appId}'`);
  return { clientId: rows[0].client_id, clientSecret: secret, name: rows[0].name, rotated: rows[0].rotated };
}
