import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid } from "@/lib/errors/app-error.ts";
import type { MarketingEmailRequest } from "@/lib/schemas/marketing.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { getRecordOrThrow } from "@/lib/services/records/read-records.ts";
import { EMAIL_OPT_OUT_FIELD } from "@/lib/services/tenants/blueprint.ts";
import { isEmail } from "@/lib/services/records/values/formats.ts";
import { escapeHtml } from "./compose.ts";
import { isSuppressed, queueEmail, type QueuedEmail } from "./outbox.ts";
import { oneClickUrl, unsubscribePageUrl, unsubscribeToken } from "./unsubscribe-token.ts";

const MERGE_FIELD = /\{\{\s*([a-z][a-z0-9_]{0,62})\s*\}\}/g;

/** A field value as merge text: lists joined, nothing for empty. */
function mergeText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(String).join(", ");
  return typeof value === "object" ? "" : String(value);
}

/** The most a filled body or subject may hold: merge fields cannot grow a message past what the outbox keeps. */
export const MAX_FILLED_BODY = 150_000;
const MAX_FILLED_SUBJECT = 2_000;

/**
 * Fills {{field}} from the record. A name that is not one of the record's fields is refused (a typo
 * would go out as is), and so is a result longer than `max`: measured before it is built, so a
 * template repeating a long field thousands of times costs nothing.
 */
function fill(template: string, values: Record<string, unknown>, path: string, escape: (s: string) => string, max: number): string {
  let length = template.length;
  for (const [whole, name] of template.matchAll(MERGE_FIELD)) {
    if (!Object.hasOwn(values, name!))
      throw invalid(`${path}: {{${name}}} is not a field of the record`, [{ path, message: `{{${name}}} is not a field of the record` }]);
    length += escape(mergeText(values[name!])).length - whole.length;
    if (length > max)
      throw invalid(`${path}: is longer than ${max} characters once the merge fields are filled`, [
        { path, message: `is longer than ${max} characters once the merge fields are filled` },
      ]);
  }
  return template.replace(MERGE_FIELD, (_, name: string) => escape(mergeText(values[name])));
}

/** Plain text becomes paragraphs; HTML is kept (and sanitised when the message is composed). */
const asHtml = (body: string): string =>
  /<[a-z][\s\S]*>/i.test(body)
    ? body
    : body
        .split(/\r?\n\s*\r?\n/)
        .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, "<br>")}</p>`)
        .join("");

/**
 * One marketing email to a contact or lead (spec 4.4): to the record's email address, with the
 * merge fields filled from the record, an unsubscribe footer and one-click headers. Refused with a
 * 400 naming why when the record has no valid address or its person unsubscribed (the record's
 * opt-out, "do not email", or the company's suppression list); the daily cap is queueEmail's.
 */
export async function sendMarketingEmail(tx: SqlTx, principal: Principal, input: MarketingEmailRequest): Promise<QueuedEmail> {
  const object = await loadObjectSchema(tx, principal.tenantId, input.objectApiName, principal.schemaVersion);
  const record = (await getRecordOrThrow(tx, principal.tenantId, object, input.recordId)) as Record<string, unknown>;
  const address = typeof record.email === "string" ? record.email.trim() : "";
  if (!address)
    throw invalid(`recordId: the ${object.apiName} has no email address`, [
      { path: "recordId", message: `the ${object.apiName} has no email address` },
    ]);
  if (address.length > 254 || !isEmail(address.toLowerCase()))
    throw invalid(`recordId: the ${object.apiName}'s email '${address.slice(0, 80)}' is not a valid address`, [
      { path: "recordId", message: `the ${object.apiName}'s email is not a valid address` },
    ]);
  if (record[EMAIL_OPT_OUT_FIELD] === true || record.do_not_email === true || (await isSuppressed(tx, principal.tenantId, address)))
    throw invalid(`recordId: ${address} unsubscribed from this company's email; nothing is sent to them`, [
      { path: "recordId", message: "the recipient unsubscribed from this company's email" },
    ]);
  const [tenant] = await tx.$queryRaw<{ name: string }[]>`SELECT name FROM tenant WHERE id = ${principal.tenantId}::uuid`;
  const subject = fill(input.subject, record, "subject", (s) => s.replace(/[\r\n]+/g, " "), MAX_FILLED_SUBJECT)
    .trim()
    .slice(0, 255);
  if (!subject)
    throw invalid("subject: is empty once the merge fields are filled", [
      { path: "subject", message: "is empty once the merge fields are filled" },
    ]);
  const html = fill(asHtml(input.body), record, "body", escapeHtml, MAX_FILLED_BODY);
  const token = unsubscribeToken({ tenantId: principal.tenantId, objectApiName: object.apiName, recordId: input.recordId, address });
  const sent = await queueEmail(tx, principal.tenantId, {
    kind: "marketing",
    to: address,
    subject,
    html,
    unsubscribe: { page: unsubscribePageUrl(token), oneClick: oneClickUrl(token) },
    senderName: tenant?.name ?? "us",
    recordId: input.recordId,
    objectApiName: object.apiName,
    createdById: principal.userId,
  });
  return sent;
}
