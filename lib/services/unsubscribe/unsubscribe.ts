import { serverActor } from "@/lib/auth/actor.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { endRecordEnrollments } from "@/lib/services/flows/enrollments.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { updateRecords } from "@/lib/services/records/write-records.ts";
import { EMAIL_OPT_OUT_FIELD } from "@/lib/services/email/opt-out-field.ts";
import { normalizedAddress } from "@/lib/services/email/outbox.ts";
import { readUnsubscribeToken, type Recipient } from "@/lib/services/email/unsubscribe-token.ts";

/**
 * Unsubscribing spans three areas — the email suppression list, the recipient's record and its
 * flow enrollments — so it lives above all three (flows send email; email knows no flow).
 */
export interface Unsubscribed {
  address: string;
  companyName: string;
}

/** Who a token would unsubscribe, and from which company, for the confirmation page; null for a token we did not make. */
export async function describeUnsubscribe(token: string): Promise<(Unsubscribed & { done: boolean }) | null> {
  const r = readUnsubscribeToken(token);
  if (!r) return null;
  return withTenantSql(r.tenantId, async (tx) => {
    const [tenant] = await tx.$queryRaw<{ name: string }[]>`SELECT name FROM tenant WHERE id = ${r.tenantId}::uuid`;
    if (!tenant) return null;
    const [row] = await tx.$queryRaw<{ one: number }[]>`
      SELECT 1 AS one FROM email_suppression WHERE tenant_id = ${r.tenantId}::uuid AND address = ${normalizedAddress(r.address)}`;
    return { address: r.address, companyName: tenant.name, done: !!row };
  });
}

/**
 * Unsubscribes the token's recipient from the company's marketing and flow email, for good: their
 * address goes on the company's suppression list, and their record (when still there) carries the
 * opt-out in its "Unsubscribed from email" field, through the records write path (so the change is
 * a record.updated event like any other); the record's flows end for it (reason unsubscribed).
 * Saying it twice is the same as once. Null: not our token.
 */
export async function unsubscribe(token: string): Promise<Unsubscribed | null> {
  const r = readUnsubscribeToken(token);
  if (!r) return null;
  return withTenantSql(r.tenantId, async (tx) => {
    const [tenant] = await tx.$queryRaw<{ name: string }[]>`SELECT name FROM tenant WHERE id = ${r.tenantId}::uuid`;
    if (!tenant) return null;
    await tx.$executeRaw`
      INSERT INTO email_suppression (tenant_id, address, object_api_name, record_id)
      VALUES (${r.tenantId}::uuid, ${normalizedAddress(r.address)}, ${r.objectApiName}, ${r.recordId}::uuid)
      ON CONFLICT (tenant_id, address) DO NOTHING`;
    await markRecord(tx, r);
    await endRecordEnrollments(tx, r.tenantId, r.objectApiName, r.recordId, "unsubscribed");
    return { address: r.address, companyName: tenant.name };
  });
}

async function markRecord(tx: Parameters<Parameters<typeof withTenantSql>[1]>[0], r: Recipient): Promise<void> {
  const object = await loadObjectSchema(tx, r.tenantId, r.objectApiName).catch(() => null);
  if (!object?.fields.some((f) => f.apiName === EMAIL_OPT_OUT_FIELD && f.type === "boolean")) return;
  // A record trashed or deleted since keeps no field to set: the suppression list still holds.
  await updateRecords(tx, {
    actor: serverActor(r.tenantId, null),
    object,
    updates: [{ id: r.recordId, patch: { [EMAIL_OPT_OUT_FIELD]: true } }],
    system: true,
  });
}
