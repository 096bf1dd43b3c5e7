import { withJobSql } from "@/lib/db/job-transaction.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { mailConfig } from "./mail-config.ts";
import { ORPHANED_AFTER_MS, smtpTransport } from "./transport.ts";

/** Tenants per run, and messages per tenant per claim. */
const TENANTS_PER_RUN = 20;
const PER_CLAIM = 25;

interface Claimed {
  id: string;
  message_id: string;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  unsubscribe_url: string | null;
}

export interface SendOptions {
  signal?: AbortSignal;
  /** Called after a message is handed to the SMTP server and before its result is recorded: tests stop a process there. */
  afterHandover?: (messageId: string) => Promise<void> | void;
}

/** Marks messages left 'sending' past the send timeout (their instance stopped) as interrupted: never sent twice. */
export async function interruptOrphanedSends(): Promise<number> {
  const [row] = await withJobSql(
    async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT jobs_email_interrupt_orphans(${ORPHANED_AFTER_MS / 1000}::int, 1000) AS n`,
    { timeoutMs: 15_000 },
  );
  return row?.n ?? 0;
}

/**
 * One tenant's claim: its oldest queued messages become 'sending' in a transaction of their own
 * (FOR UPDATE SKIP LOCKED: instances never take the same message), committed before any is
 * handed over, so a message is sent at most once whatever happens to this process.
 */
async function claim(tenantId: string): Promise<Claimed[]> {
  return withTenantSql(tenantId, async (tx) => {
    // Whoever unsubscribed after a message to them was queued gets nothing: it fails instead.
    await tx.$executeRaw`
      UPDATE email_message m SET state = 'failed', error = 'The recipient unsubscribed before it was sent: not sent'
      WHERE m.tenant_id = ${tenantId}::uuid AND m.state = 'queued'
        AND EXISTS (SELECT 1 FROM email_suppression s WHERE s.tenant_id = m.tenant_id AND s.address = lower(m.to_address))`;
    return tx.$queryRaw<Claimed[]>`
      UPDATE email_message m SET state = 'sending', claimed_at = now()
      FROM (SELECT id FROM email_message WHERE tenant_id = ${tenantId}::uuid AND state = 'queued'
            ORDER BY created_at, id LIMIT ${PER_CLAIM} FOR UPDATE SKIP LOCKED) q
      WHERE m.tenant_id = ${tenantId}::uuid AND m.id = q.id
      RETURNING m.id::text, m.message_id, m.from_address, m.to_address, m.subject, m.text_body, m.html_body, m.unsubscribe_url`;
  });
}

async function record(tenantId: string, id: string, error: string | null): Promise<void> {
  await withTenantSql(tenantId, async (tx) => {
    await tx.$executeRaw`
      UPDATE email_message SET state = ${error ? "failed" : "sent"}, error = ${error?.slice(0, 2000) ?? null},
             sent_at = ${error ? null : new Date()}
      WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND state = 'sending'`;
  });
}

/**
 * Hands queued email to the SMTP server (SMTP_URL), tenant by tenant: each message once, with our
 * Message-ID, a plain-text and an HTML part, and RFC 8058 one-click unsubscribe headers. Returns
 * "more" when it handed anything over, so that the job looks again at once.
 */
export async function sendQueuedEmail(o: SendOptions = {}): Promise<"done" | "more"> {
  const { smtpUrl } = mailConfig();
  if (!smtpUrl) return "done";
  await interruptOrphanedSends();
  const tenants = await withJobSql(
    async (tx) => tx.$queryRaw<{ t: string }[]>`SELECT t::text FROM jobs_email_tenants(${TENANTS_PER_RUN}::int) AS t`,
    {
      timeoutMs: 15_000,
    },
  );
  const transport = smtpTransport(smtpUrl);
  let more = false;
  for (const { t: tenantId } of tenants) {
    o.signal?.throwIfAborted();
    const claimed = await claim(tenantId);
    // Until a claim finds nothing: two instances claiming at once can each come back short of a
    // full claim (SKIP LOCKED passes over the rows the other is locking) while rows are left.
    if (claimed.length > 0) more = true;
    await Promise.all(
      claimed.map(async (m) => {
        let error: string | null = null;
        try {
          await transport.sendMail({
            messageId: m.message_id,
            from: m.from_address,
            to: m.to_address,
            subject: m.subject,
            text: m.text_body,
            html: m.html_body,
            ...(m.unsubscribe_url
              ? {
                  list: { unsubscribe: m.unsubscribe_url },
                  headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
                }
              : {}),
          });
          await o.afterHandover?.(m.message_id);
        } catch (err) {
          error = err instanceof Error ? err.message : String(err);
        }
        await record(tenantId, m.id, error);
      }),
    );
  }
  return more ? "more" : "done";
}
