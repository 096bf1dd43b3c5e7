import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid } from "@/lib/errors/app-error.ts";
import type { ObjectSchema } from "@/lib/services/records/object-schema.ts";
import { isEmail } from "@/lib/services/records/values/formats.ts";
import { EMAIL_OPT_OUT_FIELD } from "./opt-out-field.ts";
import { escapeHtml } from "./compose.ts";
import { isSuppressed, queueEmail, type EmailKind, type QueuedEmail } from "./outbox.ts";
import { oneClickUrl, unsubscribePageUrl, unsubscribeToken } from "./unsubscribe-token.ts";
import { ownValue } from "@/lib/schemas/names.ts";

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
    length += escape(mergeText(ownValue(values, name!))).length - whole.length;
    if (length > max)
      throw invalid(`${path}: is longer than ${max} characters once the merge fields are filled`, [
        { path, message: `is longer than ${max} characters once the merge fields are filled` },
      ]);
  }
  return template.replace(MERGE_FIELD, (_, name: string) => escape(mergeText(ownValue(values, name))));
}

/** The {{field}} names a template uses. */
export const mergeFieldNames = (template: string): string[] => [...template.matchAll(MERGE_FIELD)].map((m) => m[1]!);

/** A one-line text (a task's subject) with its merge fields filled from the record, at most `max` characters. */
export const fillLine = (template: string, values: Record<string, unknown>, path: string, max: number): string =>
  fill(template, values, path, (s) => s.replace(/[\r\n]+/g, " "), MAX_FILLED_SUBJECT)
    .trim()
    .slice(0, max);

/** Plain text becomes paragraphs; HTML is kept (and sanitised when the message is composed). */
const asHtml = (body: string): string =>
  /<[a-z][\s\S]*>/i.test(body)
    ? body
    : body
        .split(/\r?\n\s*\r?\n/)
        .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, "<br>")}</p>`)
        .join("");

/** Why a person cannot be emailed: no address, not an address, or they unsubscribed. */
export type RecipientProblem = "no_email_address" | "invalid_address" | "unsubscribed";

/** The record's address, or why nothing may be sent to it (its opt-out, "do not email", or the company's suppression list). */
export async function recipientOf(
  tx: SqlTx,
  tenantId: string,
  record: Record<string, unknown>,
): Promise<{ address: string } | { problem: RecipientProblem }> {
  const address = typeof record.email === "string" ? record.email.trim() : "";
  if (!address) return { problem: "no_email_address" };
  if (address.length > 254 || !isEmail(address.toLowerCase())) return { problem: "invalid_address" };
  if (record[EMAIL_OPT_OUT_FIELD] === true || record.do_not_email === true || (await isSuppressed(tx, tenantId, address)))
    return { problem: "unsubscribed" };
  return { address };
}

export interface PersonEmail {
  kind: EmailKind;
  object: ObjectSchema;
  recordId: string;
  record: Record<string, unknown>;
  address: string;
  /** Templates with {{field}} merge fields. */
  subject: string;
  body: string;
  createdById: string | null;
  flow?: { enrollmentId: string; step: number };
}

/**
 * An email to the person a contact or lead is, at `address` (recipientOf's): the merge fields
 * filled from the record, an unsubscribe footer and one-click headers for that person, sent in
 * the company's name. Template problems are 400s naming the field (subject, body).
 */
export async function queuePersonEmail(tx: SqlTx, tenantId: string, e: PersonEmail): Promise<QueuedEmail> {
  const [tenant] = await tx.$queryRaw<{ name: string }[]>`SELECT name FROM tenant WHERE id = ${tenantId}::uuid`;
  const subject = fillLine(e.subject, e.record, "subject", 255);
  if (!subject)
    throw invalid("subject: is empty once the merge fields are filled", [
      { path: "subject", message: "is empty once the merge fields are filled" },
    ]);
  const html = fill(asHtml(e.body), e.record, "body", escapeHtml, MAX_FILLED_BODY);
  const token = unsubscribeToken({ tenantId, objectApiName: e.object.apiName, recordId: e.recordId, address: e.address });
  return queueEmail(tx, tenantId, {
    kind: e.kind,
    to: e.address,
    subject,
    html,
    unsubscribe: { page: unsubscribePageUrl(token), oneClick: oneClickUrl(token) },
    senderName: tenant?.name ?? "us",
    recordId: e.recordId,
    objectApiName: e.object.apiName,
    createdById: e.createdById ?? undefined,
    flow: e.flow,
  });
}
