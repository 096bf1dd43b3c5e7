import { simpleParser, type ParsedMail } from "mailparser";
import { withJobSql } from "@/lib/db/job-transaction.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { isAppError, invalid } from "@/lib/errors/app-error.ts";
import { isEmail } from "@/lib/services/records/values/formats.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { ENROLLMENT_COLUMNS, endEnrollment, type EnrollmentRow } from "./enrollments.ts";
import { flowEvent, goneRecord, loadEnrolledRecords } from "./flow-events.ts";
import { findFlowRow } from "./flows.ts";

/** The header block is all a reply is matched on; more than this is not a mail header. */
const MAX_HEADER_BYTES = 256 * 1024;
/** Message-IDs looked at (In-Reply-To, then References from the newest). */
const MAX_IDS = 50;

export interface InboundResult {
  /** Whether the email answers a flow's message of ours. */
  matched: boolean;
  enrollmentId?: string;
  /** Whether this reply stopped the enrollment (false when it had ended already: a repeated delivery changes nothing). */
  stopped?: boolean;
  /** An automatic answer (out of office, a bounce): never counted as a reply. */
  automatic?: boolean;
}

/** RFC 3834 Auto-Submitted, the usual auto-responder headers, and delivery reports (RFC 3464). */
function isAutomatic(mail: ParsedMail): boolean {
  const header = (name: string): string => {
    const value = mail.headers.get(name);
    if (value === undefined) return "";
    return (typeof value === "string" ? value : JSON.stringify(value)).trim().toLowerCase();
  };
  const autoSubmitted = header("auto-submitted");
  if (autoSubmitted && !autoSubmitted.startsWith("no")) return true;
  if (header("x-autoreply") || header("x-autorespond") || header("x-auto-response-suppress").includes("all")) return true;
  if (["auto_reply", "bulk", "junk", "list"].includes(header("precedence"))) return true;
  return header("content-type").includes("multipart/report");
}

/** A header value the sender wrote, for an event: one line, bounded. */
const bounded = (value: string | undefined): string | null => (value ? value.replace(/[\r\n]+/g, " ").slice(0, 255) : null);

const ID = /<[^<>\s]{1,250}>/g;

/** The header block of a raw message: a reply's headers are all we need, and parsing no body costs nothing. */
function headerBlock(raw: Buffer): Buffer {
  const crlf = raw.indexOf("\r\n\r\n");
  const lf = raw.indexOf("\n\n");
  const end = [crlf, lf].filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? raw.length;
  if (end > MAX_HEADER_BYTES) throw invalid(`The message's header is longer than ${MAX_HEADER_BYTES} bytes`);
  return raw.subarray(0, end);
}

/**
 * An inbound email (raw MIME, as mail providers' inbound-parse webhooks post it): when its
 * In-Reply-To or References names the Message-ID of a flow's email, the reply is recorded on that
 * message and stops its enrollment, writing flow.replied and flow.completed (reason replied) in
 * the same transaction. Which tenant the message belongs to is learned through the
 * email_reply_target function; everything else happens in that tenant's transaction.
 */
export async function receiveInboundEmail(raw: Buffer): Promise<InboundResult> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(headerBlock(raw), { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true });
  } catch (err) {
    if (isAppError(err)) throw err;
    throw invalid("The message's header could not be read as MIME");
  }
  // Out-of-office answers and bounces name our message too, but nobody replied.
  if (isAutomatic(mail)) return { matched: false, automatic: true };
  const references = Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [];
  const ids = [
    ...new Set([...(mail.inReplyTo ?? "").matchAll(ID), ...references.flatMap((r) => [...r.matchAll(ID)]).reverse()].map((m) => m[0])),
  ];
  if (!ids.length) return { matched: false };
  const [target] = await withJobSql(
    async (tx) => tx.$queryRaw<{ tenant_id: string; id: string }[]>`
      SELECT tenant_id::text, id::text FROM email_reply_target(${ids.slice(0, MAX_IDS)}::text[])`,
    { timeoutMs: 10_000 },
  );
  if (!target) return { matched: false };
  return withTenantSql(target.tenant_id, async (tx) => {
    const [message] = await tx.$queryRaw<{ message_id: string; enrollment_id: string; flow_step: number }[]>`
      UPDATE email_message SET replied_at = coalesce(replied_at, now())
      WHERE tenant_id = ${target.tenant_id}::uuid AND id = ${target.id}::uuid
      RETURNING message_id, enrollment_id::text, flow_step`;
    if (!message) return { matched: false };
    const [e] = await tx.$queryRaw<EnrollmentRow[]>`
      SELECT ${ENROLLMENT_COLUMNS} FROM flow_enrollment e
      WHERE e.tenant_id = ${target.tenant_id}::uuid AND e.id = ${message.enrollment_id}::uuid FOR UPDATE`;
    if (!e) return { matched: true };
    if (e.status !== "active") return { matched: true, enrollmentId: e.id, stopped: false };
    const flow = await findFlowRow(tx, target.tenant_id, e.flow_id);
    const object = await loadObjectSchema(tx, target.tenant_id, e.object_api_name);
    const record = (await loadEnrolledRecords(tx, target.tenant_id, object, [e.record_id])).get(e.record_id) ?? goneRecord(e.record_id);
    const subject = { flow, enrollmentId: e.id, objectApiName: e.object_api_name, recordId: e.record_id, data: record.data };
    const now = new Date();
    const from = mail.from?.value[0]?.address;
    const replied = flowEvent("flow.replied", subject, {
      step: message.flow_step,
      messageId: message.message_id,
      replyMessageId: bounded(mail.messageId),
      from: from && from.length <= 254 && isEmail(from.toLowerCase()) ? from : null,
      subject: bounded(mail.subject),
      receivedAt: now.toISOString(),
    });
    await endEnrollment(tx, { tenantId: target.tenant_id, e, subject, reason: "replied", events: [replied], now });
    return { matched: true, enrollmentId: e.id, stopped: true };
  });
}
