/**
 * The email outbox (issue 17, items 1–3): messages are recorded with our Message-ID, a sanitised
 * HTML part and a plain-text part with the unsubscribe footer; without SMTP_URL they stay in the
 * outbox ('stored'); with it the email-send job hands each to a real SMTP server (smtp-server)
 * once, with RFC 8058 one-click headers, even with two instances sending at once. Invalid and
 * unsubscribed addresses are refused with 400s; the daily cap answers 429 with Retry-After.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import { emailLogOp } from "@/lib/operations/email/list-email-log.ts";
import { queueEmail, type OutgoingEmail } from "@/lib/services/email/outbox.ts";
import { interruptOrphanedSends, sendQueuedEmail } from "@/lib/services/email/send-queued.ts";
import { closeSmtpTransport } from "@/lib/services/email/transport.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { startSmtpServer, type TestSmtpServer } from "../../helpers/smtp-server.ts";
import { expectOk, runAs, session } from "../operation-helpers.ts";

const email = (over: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  kind: "marketing",
  to: "ada@example.com",
  subject: "Spring offer",
  html: '<p>Hello <strong>Ada</strong></p><script>alert(1)</script><img src="http://tracker.example/p.gif"><a href="javascript:alert(2)">x</a>',
  unsubscribe: { page: "https://crm.example.com/unsubscribe/tok", oneClick: "https://crm.example.com/api/unsubscribe/tok" },
  senderName: "Acme",
  ...over,
});

const queue = (t: TestTenant, over: Partial<OutgoingEmail> = {}) =>
  withTenantSql(t.tenantId, (tx) => queueEmail(tx, t.tenantId, email(over)));

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isAppError(err)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

async function rows(t: TestTenant) {
  return withTenantSql(
    t.tenantId,
    async (tx) =>
      tx.$queryRaw<{ id: string; message_id: string; state: string; error: string | null; text_body: string; html_body: string }[]>`
      SELECT id::text, message_id, state, error, text_body, html_body FROM email_message WHERE tenant_id = ${t.tenantId}::uuid ORDER BY created_at, id`,
  );
}

// The email-send job claims queued email of every tenant: on PostgreSQL, where the run's database is
// shared by the files running at once, this file gets a database of its own (each file's own SMTP server).
privateDatabase();

describe("email outbox", () => {
  let t: TestTenant;
  let b: TestTenant;
  let smtp: TestSmtpServer;
  const saved = { SMTP_URL: process.env.SMTP_URL, EMAIL_DAILY_CAP: process.env.EMAIL_DAILY_CAP };

  beforeAll(async () => {
    t = await createTestTenant("mail");
    b = await createTestTenant("mail-b");
    smtp = await startSmtpServer({ refuseDomain: "refused.example" });
  });
  afterEach(() => {
    process.env.SMTP_URL = saved.SMTP_URL ?? "";
    if (saved.EMAIL_DAILY_CAP === undefined) delete process.env.EMAIL_DAILY_CAP;
    else process.env.EMAIL_DAILY_CAP = saved.EMAIL_DAILY_CAP;
    if (!saved.SMTP_URL) delete process.env.SMTP_URL;
  });
  afterAll(async () => {
    closeSmtpTransport();
    await smtp.close();
  });

  it("without SMTP_URL keeps the message in the outbox, sanitised, with both parts and the footer, shown only to its tenant's admins", async () => {
    delete process.env.SMTP_URL;
    const queued = await queue(t);
    expect(queued).toMatchObject({ state: "stored", to: "ada@example.com", subject: "Spring offer" });
    expect(queued.messageId).toMatch(/^<[0-9a-f-]{36}@[^>]+>$/);
    const [row] = await rows(t);
    expect(row!.html_body).toContain("<strong>Ada</strong>");
    expect(row!.html_body).not.toMatch(/<script|javascript:|tracker\.example/);
    expect(row!.html_body).toContain('href="https://crm.example.com/unsubscribe/tok"');
    expect(row!.text_body).toContain("Hello Ada");
    expect(row!.text_body).toContain("Unsubscribe: https://crm.example.com/unsubscribe/tok");
    expect(row!.text_body).not.toContain("alert");

    const log = expectOk(await runAs(emailLogOp, session(t), {}));
    expect(log.data.map((m) => m.messageId)).toContain(queued.messageId);
    expect(expectOk(await runAs(emailLogOp, session(b), {})).data).toEqual([]);
    expect((await runAs(emailLogOp, session(t, "member"), {})).status).toBe(403);
    // Nothing to hand over without an SMTP server: the job leaves stored messages alone.
    expect(await sendQueuedEmail()).toBe("done");
    expect((await rows(t))[0]!.state).toBe("stored");
  });

  it("refuses invalid and unsubscribed addresses with a 400 that says why, and the daily cap with a 429 and Retry-After", async () => {
    for (const to of ["not-an-address", "a@b", `${"x".repeat(250)}@example.com`]) {
      const err = await refusal(queue(t, { to }));
      expect([err.status, err.details?.[0]?.path]).toEqual([400, "to"]);
    }
    await withTenantSql(
      t.tenantId,
      async (tx) => tx.$executeRaw`INSERT INTO email_suppression (tenant_id, address) VALUES (${t.tenantId}::uuid, 'gone@example.com')`,
    );
    const gone = await refusal(queue(t, { to: "Gone@Example.com" }));
    expect([gone.status, gone.message]).toEqual([400, expect.stringContaining("unsubscribed")]);
    // Another tenant's suppression list is its own.
    expect((await queue(b, { to: "gone@example.com" })).to).toBe("gone@example.com");

    const capped = await createTestTenant("mail-cap");
    process.env.EMAIL_DAILY_CAP = "2";
    await queue(capped);
    await queue(capped);
    const err = await refusal(queue(capped));
    expect(err.status).toBe(429);
    expect(err.code).toBe("email_cap_reached");
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(err.retryAfter).toBeLessThanOrEqual(86_400);
    // Concurrent sends cannot both take the last one.
    const racing = await createTestTenant("mail-race");
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => queue(racing)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
  });

  it("with SMTP_URL hands each message to the SMTP server once, with our Message-ID, both parts and one-click unsubscribe headers", async () => {
    process.env.SMTP_URL = smtp.url;
    const tenant = await createTestTenant("mail-smtp");
    const queued = await queue(tenant, { to: "grace@example.com", subject: "Hello Grace" });
    expect(queued.state).toBe("queued");
    const refused = await queue(tenant, { to: "nobody@refused.example" });
    await sendQueuedEmail();

    const mail = smtp.received.find((m) => m.parsed.messageId === queued.messageId)!;
    expect(mail.to).toEqual(["grace@example.com"]);
    expect(mail.parsed.subject).toBe("Hello Grace");
    expect(mail.parsed.text).toContain("Unsubscribe: https://crm.example.com/unsubscribe/tok");
    expect(mail.parsed.html).toContain("<strong>Ada</strong>");
    // RFC 8058: an https List-Unsubscribe and the one-click POST body it takes.
    const head = mail.raw.split("\r\n\r\n")[0]!;
    expect(head).toMatch(/^List-Unsubscribe: <https:\/\/crm\.example\.com\/api\/unsubscribe\/tok>\r?$/m);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(head).toContain(`Message-ID: ${queued.messageId}`);
    expect(mail.parsed.from?.text).toContain("no-reply@");
    const states = await rows(tenant);
    expect(states.find((r) => r.id === queued.id)).toMatchObject({ state: "sent", error: null });
    expect(states.find((r) => r.id === refused.id)).toMatchObject({ state: "failed", error: expect.stringContaining("550") });
    // Sending again sends nothing again.
    const before = smtp.received.length;
    await sendQueuedEmail();
    expect(smtp.received.length).toBe(before);
  });

  it("two instances sending at once hand over every queued message exactly once", async () => {
    process.env.SMTP_URL = smtp.url;
    const tenant = await createTestTenant("mail-two");
    const ids = new Set<string>();
    for (let i = 0; i < 40; i++) ids.add((await queue(tenant, { to: `p${i}@example.com` })).messageId);
    const drain = async () => {
      while ((await sendQueuedEmail()) === "more");
    };
    await Promise.all([drain(), drain()]);
    const got = smtp.received.filter((m) => ids.has(m.parsed.messageId!)).map((m) => m.parsed.messageId);
    const unsent = (await rows(tenant)).filter((r) => r.state !== "sent").map((r) => `${r.state}: ${r.error}`);
    expect(got.sort(), unsent.join("\n")).toEqual([...ids].sort());
    expect(unsent).toEqual([]);
  });

  it("a message left 'sending' 20 minutes (its instance died) is marked interrupted and never sent again", async () => {
    process.env.SMTP_URL = smtp.url;
    const tenant = await createTestTenant("mail-orphan");
    const queued = await queue(tenant, { to: "orphan@example.com" });
    await withTenantSql(
      tenant.tenantId,
      async (tx) =>
        tx.$executeRaw`UPDATE email_message SET state = 'sending', claimed_at = now() - interval '20 minutes' WHERE tenant_id = ${tenant.tenantId}::uuid AND id = ${queued.id}::uuid`,
    );
    expect(await interruptOrphanedSends()).toBeGreaterThanOrEqual(1);
    await sendQueuedEmail();
    expect((await rows(tenant))[0]).toMatchObject({ state: "interrupted", error: expect.stringContaining("not sent again") });
    expect(smtp.received.some((m) => m.parsed.messageId === queued.messageId)).toBe(false);
  });
});
