import type { SqlTx } from "@/lib/db/tenant.ts";

/**
 * A consent is good for 365 days: every token issued under it dies by then, however often it was
 * refreshed, and the user is shown the consent screen again.
 */
export const CONSENT_LIFETIME_MS = 365 * 24 * 3600 * 1000;

export const consentExpiresAt = (consentedAt: Date): Date => new Date(consentedAt.getTime() + CONSENT_LIFETIME_MS);

export interface Grant {
  id: string;
  scopes: string[];
  consentedAt: Date;
}

/** The user's standing consent to the app, if any. */
export async function findGrant(tx: SqlTx, tenantId: string, userId: string, appId: string): Promise<Grant | undefined> {
  const rows = await tx.$queryRaw<Grant[]>`
    SELECT id::text, scopes, consented_at AS "consentedAt" FROM oauth_grant
    WHERE tenant_id = ${tenantId}::uuid AND user_id = ${userId}::uuid AND app_id = ${appId}::uuid AND revoked_at IS NULL`;
  return rows[0];
}

export interface RecordConsentOptions {
  tenantId: string;
  /** The consenting user. */
  userId: string;
  appId: string;
  scopes: string[];
  now?: Date;
}

/** Records an approval: the user's grant to the app now holds exactly these scopes, for another 365 days. */
export async function recordConsent(
  tx: SqlTx,
  { tenantId, userId, appId, scopes, now = new Date() }: RecordConsentOptions,
): Promise<string> {
  // One live grant per user and app, even when two consents are approved at once.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`oauth-grant:${tenantId}:${userId}:${appId}`}, 0))`;
  const existing = await findGrant(tx, tenantId, userId, appId);
  if (existing) {
    await tx.$executeRaw`UPDATE oauth_grant SET scopes = ${scopes}::text[], consented_at = ${now}, updated_at = now() WHERE tenant_id = ${tenantId}::uuid AND id = ${existing.id}::uuid`;
    return existing.id;
  }
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO oauth_grant (tenant_id, id, app_id, user_id, scopes, consented_at)
    VALUES (${tenantId}::uuid, gen_random_uuid(), ${appId}::uuid, ${userId}::uuid, ${scopes}::text[], ${now})
    RETURNING id::text`;
  return rows[0]!.id;
}

/** Uninstall: the grant ends and every token issued under it is revoked. */
export async function revokeGrant(tx: SqlTx, tenantId: string, grantId: string, now = new Date()): Promise<void> {
  await tx.$executeRaw`UPDATE oauth_grant SET revoked_at = ${now} WHERE tenant_id = ${tenantId}::uuid AND id = ${grantId}::uuid AND revoked_at IS NULL`;
  await tx.$executeRaw`UPDATE oauth_token SET revoked_at = ${now} WHERE tenant_id = ${tenantId}::uuid AND grant_id = ${grantId}::uuid AND revoked_at IS NULL`;
}
