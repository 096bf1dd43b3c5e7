import { randomBytes } from "node:crypto";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AGENT_FIXED_SCOPES } from "@/lib/oauth/scopes.ts";
import type { AgentMetadata } from "./agent-metadata.ts";
import { APP_COLUMNS, type OAuthAppRow } from "./apps.ts";

/** Agent connections unused this long are purged (lib/jobs/purge-expired.ts; the migration keeps the floor). */
export const AGENT_UNUSED_DAYS = 30;

/** RFC 7591 registration: a new agent connection under a fresh client_id. */
export async function registerAgent(tx: SqlTx, m: AgentMetadata): Promise<OAuthAppRow> {
  const clientId = `crm_agent_${randomBytes(16).toString("hex")}`;
  const rows = await tx.$queryRaw<OAuthAppRow[]>`
    INSERT INTO oauth_app (id, client_id, name, redirect_uris, allowed_origins, scopes, kind, registration, client_uri)
    VALUES (gen_random_uuid(), ${clientId}, ${m.name}, ${m.redirectUris}::text[], '{}', ${AGENT_FIXED_SCOPES}::text[], 'agent', 'dynamic', ${m.clientUri})
    RETURNING ${APP_COLUMNS}`;
  return rows[0]!;
}

/**
 * A Client ID Metadata Document's agent, stored or refreshed from the document just fetched; its
 * client_id is the document's URL. Undefined when that URL belongs to something else.
 */
export async function saveMetadataDocumentAgent(
  tx: SqlTx,
  url: string,
  m: AgentMetadata,
  expiresAt: Date,
): Promise<OAuthAppRow | undefined> {
  const rows = await tx.$queryRaw<OAuthAppRow[]>`
    INSERT INTO oauth_app (id, client_id, name, redirect_uris, allowed_origins, scopes, kind, registration, client_uri, metadata_expires_at)
    VALUES (gen_random_uuid(), ${url}, ${m.name}, ${m.redirectUris}::text[], '{}', ${AGENT_FIXED_SCOPES}::text[], 'agent', 'metadata_document',
            ${m.clientUri}, ${expiresAt})
    ON CONFLICT (client_id) DO UPDATE
      SET name = EXCLUDED.name, redirect_uris = EXCLUDED.redirect_uris, client_uri = EXCLUDED.client_uri,
          metadata_expires_at = EXCLUDED.metadata_expires_at, updated_at = now()
      WHERE oauth_app.kind = 'agent' AND oauth_app.registration = 'metadata_document'
    RETURNING ${APP_COLUMNS}`;
  return rows[0];
}

/** The cached agent of a metadata document URL, fresh or not. */
export async function findMetadataDocumentAgent(tx: SqlTx, url: string): Promise<OAuthAppRow | undefined> {
  const rows = await tx.$queryRaw<OAuthAppRow[]>`
    SELECT ${APP_COLUMNS} FROM oauth_app WHERE client_id = ${url} AND kind = 'agent' AND registration = 'metadata_document'`;
  return rows[0];
}

/** Whether the tenant lets its people connect agents (Settings → Apps; on unless an admin turned it off). */
export async function agentConnectionsAllowed(tx: SqlTx, tenantId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ agent_connections: boolean }[]>`SELECT agent_connections FROM tenant WHERE id = ${tenantId}::uuid`;
  return rows[0]?.agent_connections ?? false;
}

/**
 * Turns agent connections on or off for the tenant. Off revokes every agent grant of the tenant
 * and every token under them, in the same transaction: what was connected stops at once.
 * Returns how many grants were revoked.
 */
export async function setAgentConnections(tx: SqlTx, tenantId: string, allowed: boolean, now = new Date()): Promise<number> {
  await tx.$executeRaw`UPDATE tenant SET agent_connections = ${allowed} WHERE id = ${tenantId}::uuid`;
  if (allowed) return 0;
  const revoked = await tx.$queryRaw<{ id: string }[]>`
    UPDATE oauth_grant g SET revoked_at = ${now}
    FROM oauth_app a
    WHERE g.tenant_id = ${tenantId}::uuid AND g.revoked_at IS NULL AND a.id = g.app_id AND a.kind = 'agent'
    RETURNING g.id::text`;
  if (revoked.length) {
    await tx.$executeRaw`
      UPDATE oauth_token SET revoked_at = ${now}
      WHERE tenant_id = ${tenantId}::uuid AND revoked_at IS NULL AND grant_id = ANY(${revoked.map((r) => r.id)}::uuid[])`;
  }
  return revoked.length;
}
