import { randomBytes } from "node:crypto";
import { hashSecret, secretMatches } from "@/lib/auth/tenant-secret.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";

/** An app as the OAuth endpoints need it. */
export interface OAuthAppRow {
  id: string;
  client_id: string;
  name: string;
  description: string;
  logo_url: string | null;
  redirect_uris: string[];
  allowed_origins: string[];
  scopes: string[];
  secret_hash: string | null;
  published_at: Date | null;
  /** app: a curated marketplace app; agent: an MCP host that connected itself (agent-clients.ts). */
  kind: "app" | "agent";
  registration: "dynamic" | "metadata_document" | null;
  client_uri: string | null;
  metadata_expires_at: Date | null;
}

export const APP_COLUMNS = Prisma.raw(
  "id::text, client_id, name, description, logo_url, redirect_uris, allowed_origins, scopes, secret_hash, published_at, kind, registration, client_uri, metadata_expires_at",
);

/** Client secrets: `crm_cs_` + 32 random bytes; only the SHA-256 is stored. */
export function generateClientSecret(): { secret: string; secretHash: string } {
  const secret = `crm_cs_${randomBytes(32).toString("base64url")}`;
  return { secret, secretHash: hashSecret(secret) };
}

export const clientSecretMatches = (secret: string, storedHash: string | null): boolean =>
  storedHash !== null && secretMatches(secret, storedHash);

/** A published app by client id (unpublished apps cannot be used by anyone): the marketplace's apps only. */
export async function findPublishedApp(tx: SqlTx, clientId: string): Promise<OAuthAppRow | undefined> {
  const rows = await tx.$queryRaw<OAuthAppRow[]>`
    SELECT ${APP_COLUMNS} FROM oauth_app WHERE client_id = ${clientId} AND published_at IS NOT NULL`;
  return rows[0];
}

/** Whoever may use the OAuth endpoints under this client id: a published app or an agent connection. */
export async function findClient(tx: SqlTx, clientId: string): Promise<OAuthAppRow | undefined> {
  const rows = await tx.$queryRaw<OAuthAppRow[]>`
    SELECT ${APP_COLUMNS} FROM oauth_app WHERE client_id = ${clientId} AND (published_at IS NOT NULL OR kind = 'agent')`;
  return rows[0];
}
