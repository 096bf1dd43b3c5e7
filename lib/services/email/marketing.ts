import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid } from "@/lib/errors/app-error.ts";
import type { MarketingEmailRequest } from "@/lib/schemas/marketing.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { getRecordOrThrow } from "@/lib/services/records/read-records.ts";
import type { QueuedEmail } from "./outbox.ts";
import { queuePersonEmail, recipientOf } from "./person-email.ts";

/**
 * One marketing email to a contact or lead (spec 4.4): to the record's email address, with the
 * merge fields filled from the record, an unsubscribe footer and one-click headers. Refused with a
 * 400 naming why when the record has no valid address or its person unsubscribed (the record's
 * opt-out, "do not email", or the company's suppression list); the daily cap is queueEmail's.
 */
export async function sendMarketingEmail(tx: SqlTx, principal: Principal, input: MarketingEmailRequest): Promise<QueuedEmail> {
  const object = await loadObjectSchema(tx, principal.tenantId, input.objectApiName, principal.schemaVersion);
  const record = (await getRecordOrThrow(tx, principal.tenantId, object, input.recordId)) as Record<string, unknown>;
  const recipient = await recipientOf(tx, principal.tenantId, record);
  if ("problem" in recipient) {
    const address = typeof record.email === "string" ? record.email.trim() : "";
    const why = {
      no_email_address: `the ${object.apiName} has no email address`,
      invalid_address: `the ${object.apiName}'s email is not a valid address`,
      unsubscribed: "the recipient unsubscribed from this company's email",
    }[recipient.problem];
    const message = {
      no_email_address: why,
      invalid_address: `the ${object.apiName}'s email '${address.slice(0, 80)}' is not a valid address`,
      unsubscribed: `${address} unsubscribed from this company's email; nothing is sent to them`,
    }[recipient.problem];
    throw invalid(`recordId: ${message}`, [{ path: "recordId", message: why }]);
  }
  return queuePersonEmail(tx, principal.tenantId, {
    kind: "marketing",
    object,
    recordId: input.recordId,
    record,
    address: recipient.address,
    subject: input.subject,
    body: input.body,
    createdById: principal.userId,
  });
}
