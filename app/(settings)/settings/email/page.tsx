import { query } from "@/lib/adapters/actions/session-operation.ts";
import { emailLogOp } from "@/lib/operations/email/list-email-log.ts";
import { publicBaseUrl } from "@/lib/config.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { inboundSecret, mailConfig } from "@/lib/services/email/mail-config.ts";
import { DataTable } from "@/components/ui/data-table.tsx";
import { adminsOnly } from "../webhooks/admins-only.ts";
import { utcMinute } from "@/components/utc-minute.ts";

export const metadata = { title: "Email" };

const PAGE = 50;
/** What each state means to the person reading the log. */
const STATE_LABEL: Record<string, string> = {
  stored: "not sent: no SMTP server configured",
  queued: "queued",
  sending: "sending",
  sent: "sent",
  failed: "failed",
  interrupted: "interrupted (not resent)",
};

/** Settings → Email: the outbox (with no SMTP server, where messages stay) and the log of everything sent (admins). */
export default async function EmailPage({ searchParams }: { searchParams: Promise<{ offset?: string }> }) {
  await adminsOnly();
  const offset = Math.max(0, Math.min(Number.parseInt((await searchParams).offset ?? "0", 10) || 0, 100_000));
  const log = await query(emailLogOp, { limit: PAGE, offset });
  const { smtpUrl, from, dailyCap } = mailConfig();
  const me = await query(currentUserOp, {});
  const secret = me.isPlatformAdmin ? inboundSecret() : null;
  return (
    <>
      <h1>Email</h1>
      <p className="lead">
        {smtpUrl
          ? `Email is sent through the SMTP server configured (SMTP_URL), from ${from}.`
          : "No SMTP server is configured (SMTP_URL): messages are kept here, in the outbox, and not sent."}{" "}
        At most {dailyCap} emails a day (UTC) for the company.
      </p>
      {me.isPlatformAdmin && (
        <section className="panel stack" aria-label="Inbound replies">
          <h2>Inbound replies</h2>
          <p className="hint">
            Point your mail provider&apos;s inbound-parse webhook here (raw MIME): a reply to a flow&apos;s email stops that enrollment. The
            secret is the platform&apos;s (EMAIL_INBOUND_SECRET, or derived from AUTH_SECRET); send it as a bearer token or as the password
            of the URL&apos;s user.
          </p>
          <code>POST {publicBaseUrl()}/api/v1/email/inbound</code>
          <details>
            <summary>Show the secret</summary>
            <code data-testid="inbound-secret">{secret}</code>
          </details>
        </section>
      )}
      <section className="panel">
        <h2>{smtpUrl ? "Email log" : "Email outbox"}</h2>
        <DataTable
          label="Email log"
          empty="No email yet."
          columns={["To", "Subject", "Kind", "Status", "Created", "Sent", "Error", ""]}
          rows={log.data.map((m) => ({
            key: m.id,
            cells: [
              m.to,
              m.subject,
              m.kind,
              <span
                key="s"
                className={m.state === "sent" ? "badge ok" : m.state === "failed" || m.state === "interrupted" ? "badge off" : "badge"}
              >
                {STATE_LABEL[m.state] ?? m.state}
              </span>,
              utcMinute(m.created_at),
              utcMinute(m.sent_at),
              m.error ?? "",
              <details key="t">
                <summary>Text</summary>
                <pre className="email-text">{m.text}</pre>
              </details>,
            ],
          }))}
        />
        <nav className="row spread" aria-label="Pages">
          <span>
            {log.total === 0 ? 0 : offset + 1}–{offset + log.data.length} of {log.total}
          </span>
          <span className="row">
            {offset > 0 && <a href={`/settings/email?offset=${Math.max(0, offset - PAGE)}`}>← Newer</a>}
            {offset + PAGE < log.total && <a href={`/settings/email?offset=${offset + PAGE}`}>Older →</a>}
          </span>
        </nav>
      </section>
    </>
  );
}
