import type { SqlTx } from "@/lib/db/tenant.ts";
import { consentTokenUse } from "@/lib/oauth/consent-csrf.ts";

/**
 * Records that the consent form carrying `token` (already checked valid) was decided; false when
 * it was decided before. Called in the transaction that acts on the decision, so of two posts of
 * one form, even at once, only one acts: the second waits on the first's row, then finds it.
 * Records past their form's expiry can go: such a form is refused before it gets here.
 */
export async function spendConsentForm(tx: SqlTx, tenantId: string, token: string, now = new Date()): Promise<boolean> {
  const use = consentTokenUse(token);
  await tx.$executeRaw`DELETE FROM oauth_consent_use WHERE tenant_id = ${tenantId}::uuid AND expires_at < ${now}`;
  const inserted = await tx.$executeRaw`
    INSERT INTO oauth_consent_use (tenant_id, token_hash, expires_at) VALUES (${tenantId}::uuid, ${use.hash}, ${use.expiresAt})
    ON CONFLICT DO NOTHING`;
  return inserted === 1;
}
