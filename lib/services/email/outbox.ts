import { randomUUID } from "node:crypto";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError, invalid } from "@/lib/errors/app-error.ts";
import { isEmail } from "@/lib/services/records/values/formats.ts";
import { composeEmail } from "./compose.ts";
import { mailConfig } from "./mail-config.ts";

export const EMAIL_CHANNEL = "email_outbox";
/** The outbox's limits (the email_message check constraint's). */
const MAX_HTML = 400_000;
const MAX_TEXT = 200_000;
/** account: invitations and password resets — transactional, so no unsubscribe footer and no suppression list. */
export const EMAIL_KINDS = ["marketing", "flow", "account"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export interface OutgoingEmail {
  kind: EmailKind;
  to: string;
  subject: string;
  /** The author's HTML: sanitised on the way in. */
  html: string;
  /**
   * The recipient's unsubscribe links: the page the footer links to, and the RFC 8058 one-click
   * POST target (List-Unsubscribe). Account email has none.
   */
  unsubscribe: { page: string; oneClick: string } | null;
  /** Who the footer says sends it (the company's name). */
  senderName: string;
  recordId?: string;
  objectApiName?: string;
  createdById?: string;
  /** A flow's email: its enrollment and step (1-based); a reply to it stops the enrollment. */
  flow?: { enrollmentId: string; step: number };
}

export interface QueuedEmail {
  id: string;
  messageId: string;
  to: string;
  subject: string;
  /** queued (an SMTP server will get it), or stored (no SMTP server configured: kept in the outbox). */
  state: "queued" | "stored";
  created_at: string;
}

/** Lowercased, for comparing with the suppression list. */
export const normalizedAddress = (address: string): string => address.trim().toLowerCase();

/** Whether the address unsubscribed from this tenant's marketing and flow email. */
export async function isSuppressed(tx: SqlTx, tenantId: string, address: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ one: number }[]>`
    SELECT 1 AS one FROM email_suppression WHERE tenant_id = ${tenantId}::uuid AND address = ${normalizedAddress(address)}`;
  return rows.length > 0;
}

/** Seconds until the next UTC midnight, when the daily cap starts again. */
function secondsToMidnight(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/** Each transaction's count of the tenant's email today, taken once under the cap lock and kept up to date by queueEmail. */
const countsByTx = new WeakMap<SqlTx, Map<string, { n: number }>>();

/**
 * The tenant's email today (UTC), counted under a per-tenant lock held until the transaction ends,
 * so two sends at once cannot both take the last one. Counted once per transaction: a flow claim
 * queueing fifty messages pays for one count, not fifty (each over the whole day's messages).
 */
async function sentToday(tx: SqlTx, tenantId: string): Promise<{ n: number }> {
  const counts = countsByTx.get(tx) ?? new Map<string, { n: number }>();
  countsByTx.set(tx, counts);
  const known = counts.get(tenantId);
  if (known) return known;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`email-cap:${tenantId}`}, 0))`;
  const [row] = await tx.$queryRaw<{ sent: number }[]>`
    SELECT count(*)::int AS sent FROM email_message
    WHERE tenant_id = ${tenantId}::uuid AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
  const count = { n: row!.sent };
  counts.set(tenantId, count);
  return count;
}

/**
 * Records one email in the outbox, in the caller's transaction: refused when the address is not
 * one, when it unsubscribed, or when the company reached its daily cap (counted under a per-tenant
 * lock, so two sends at once cannot both take the last one). With an SMTP server it is 'queued'
 * for the email-send job, which hands it over after the transaction commits; without one it is
 * 'stored', and Settings → Email shows it as not sent.
 */
export async function queueEmail(tx: SqlTx, tenantId: string, email: OutgoingEmail): Promise<QueuedEmail> {
  const to = email.to.trim();
  if (to.length > 254 || !isEmail(to.toLowerCase()))
    throw invalid(`to: '${to.slice(0, 80)}' is not a valid email address`, [{ path: "to", message: "is not a valid email address" }]);
  if (email.kind !== "account" && (await isSuppressed(tx, tenantId, to)))
    throw invalid(`to: ${to} unsubscribed from this company's email; nothing is sent to them any more`, [
      { path: "to", message: "unsubscribed from this company's email" },
    ]);
  const config = mailConfig();
  const sent = await sentToday(tx, tenantId);
  if (sent.n >= config.dailyCap) throw new AppError("email_cap_reached", undefined, undefined, { retryAfter: secondsToMidnight() });
  const composed = composeEmail({ html: email.html, unsubscribeUrl: email.unsubscribe?.page ?? null, footerName: email.senderName });
  // What sanitising writes out (entities) can be longer than what came in: the outbox keeps at most this much.
  if (composed.html.length > MAX_HTML || composed.text.length > MAX_TEXT)
    throw invalid(`body: is too long once sanitised (at most ${MAX_HTML} characters of HTML)`, [
      { path: "body", message: "is too long once sanitised" },
    ]);
  const state = config.smtpUrl ? "queued" : "stored";
  const id = randomUUID();
  const [row] = await tx.$queryRaw<{ created_at: Date }[]>`
    INSERT INTO email_message (tenant_id, id, message_id, kind, to_address, from_address, subject, text_body, html_body,
                               unsubscribe_url, object_api_name, record_id, created_by_id, state, enrollment_id, flow_step)
    VALUES (${tenantId}::uuid, ${id}::uuid, ${composed.messageId}, ${email.kind}, ${to}, ${config.from}, ${email.subject},
            ${composed.text}, ${composed.html}, ${email.unsubscribe?.oneClick ?? null}, ${email.objectApiName ?? null}, ${email.recordId ?? null}::uuid,
            ${email.createdById ?? null}::uuid, ${state}, ${email.flow?.enrollmentId ?? null}::uuid, ${email.flow?.step ?? null}::int)
    RETURNING created_at`;
  sent.n += 1;
  if (state === "queued") await tx.$executeRaw`SELECT pg_notify(${EMAIL_CHANNEL}, '')`;
  return { id, messageId: composed.messageId, to, subject: email.subject, state, created_at: row!.created_at.toISOString() };
}
