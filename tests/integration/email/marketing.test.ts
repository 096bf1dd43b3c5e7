/**
 * Marketing email end to end (issue 17, items 4–6 and 10): POST /marketing-emails with merge
 * fields rendered safely, received by a real SMTP server (smtp-server) with the footer link and
 * RFC 8058 headers; the one-click POST to List-Unsubscribe unsubscribes (the record's opt-out
 * field and the suppression list), and nothing is sent to that person again. OAuth needs
 * marketing:send; another tenant's record is not found; the daily cap is a 429 with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as unsubscribeGet, POST as unsubscribePost } from "@/app/api/unsubscribe/[token]/route.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { describeUnsubscribe } from "@/lib/services/unsubscribe/unsubscribe.ts";
import { sendQueuedEmail } from "@/lib/services/email/send-queued.ts";
import { closeSmtpTransport } from "@/lib/services/email/transport.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { startSmtpServer, type TestSmtpServer } from "../../helpers/smtp-server.ts";
import { approvedCode, createPublishedApp, mustExchange } from "../oauth/helpers.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: sendRoute } = restRoute("/marketing-emails");
const { GET: getRecordRoute } = restRoute("/{object}/{id}");

const send = (auth: string, body: Record<string, unknown>) => call(sendRoute, { auth, method: "POST", path: "/marketing-emails", body });
const tokenOf = (url: string) => url.split("/").pop()!;
/** The header block with long header lines unfolded (RFC 5322 2.2.3; RFC 2369 lets a URL in angle brackets be folded anywhere). */
const unfolded = (raw: string) => raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, "");

/** The one-click POST a mail client makes (RFC 8058 3.2). */
const oneClick = (token: string) =>
  unsubscribePost(
    new Request(`http://localhost/api/unsubscribe/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    }),
    { params: Promise.resolve({ token }) },
  );

// The email-send job claims queued email of every tenant: on PostgreSQL, where the run's database is
// shared by the files running at once, this file gets a database of its own (each file's own SMTP server).
privateDatabase();

describe("marketing email", () => {
  let t: TestTenant;
  let b: TestTenant;
  let key: string;
  let smtp: TestSmtpServer;
  const savedSmtp = process.env.SMTP_URL;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
    t = await createTestTenant("mkt");
    b = await createTestTenant("mkt-b");
    key = await bigKey(t);
  });
  afterAll(async () => {
    if (savedSmtp === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = savedSmtp;
    closeSmtpTransport();
    await smtp.close();
  });

  it("sends with merge fields escaped, a footer link and one-click headers; one click unsubscribes for good", async () => {
    const contacts = new RecordsApi(key, "contact");
    const ada = await contacts.mustCreate({ first_name: "<b>Ada</b>", last_name: "Lovelace", email: "ada.mkt@example.com" });
    const res = await send(key, {
      recordId: ada.id,
      objectApiName: "contact",
      subject: "An offer for {{ last_name }}",
      body: "Hello {{first_name}},\n\nour spring offer.",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sent = res.json<{ id: string; messageId: string; to: string; subject: string; state: string }>();
    expect(sent).toMatchObject({ to: "ada.mkt@example.com", subject: "An offer for Lovelace", state: "queued" });
    await sendQueuedEmail();

    const mail = smtp.received.find((m) => m.parsed.messageId === sent.messageId)!;
    expect(mail.parsed.subject).toBe("An offer for Lovelace");
    expect(mail.parsed.html).toContain("Hello &lt;b&gt;Ada&lt;/b&gt;,");
    expect(mail.parsed.html).not.toContain("<b>Ada</b>");
    expect(mail.parsed.text).toContain("Hello <b>Ada</b>,");
    const head = unfolded(mail.raw);
    const oneClickUrl = /^List-Unsubscribe: ?<([^>]+)>/m.exec(head)![1]!;
    expect(oneClickUrl).toMatch(/\/api\/unsubscribe\/[\w-]+\.[\w-]+$/);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const pageUrl = /href="([^"]+\/unsubscribe\/[^"]+)"/.exec(mail.parsed.html as string)![1]!;
    expect(pageUrl).not.toContain("/api/");
    expect(tokenOf(pageUrl)).toBe(tokenOf(oneClickUrl));
    expect(mail.parsed.text).toContain(`Unsubscribe: ${pageUrl}`);

    // The page asks first; the one-click address unsubscribes.
    const token = tokenOf(oneClickUrl);
    expect(await describeUnsubscribe(token)).toMatchObject({ address: "ada.mkt@example.com", done: false });
    expect((await unsubscribeGet(new Request(oneClickUrl), { params: Promise.resolve({ token }) })).status).toBe(303);
    const clicked = await oneClick(token);
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toEqual({ unsubscribed: true, address: "ada.mkt@example.com" });
    expect((await oneClick(token)).status).toBe(200);
    expect(await describeUnsubscribe(token)).toMatchObject({ done: true });
    const record = await call(getRecordRoute, { auth: key, path: `/contact/${ada.id}`, params: { object: "contact", id: ada.id } });
    expect(record.json<Record<string, unknown>>().email_opt_out).toBe(true);

    // Never again: refused whatever the record now says, for the same address on another record too.
    const again = await send(key, { recordId: ada.id, objectApiName: "contact", subject: "Again", body: "x" });
    expect(again.status).toBe(400);
    expect(again.json<{ error: string }>().error).toContain("unsubscribed");
    const twin = await new RecordsApi(key, "lead").mustCreate({ last_name: "Twin", email: "ADA.mkt@example.com", status: "new" });
    expect((await send(key, { recordId: twin.id, objectApiName: "lead", subject: "s", body: "b" })).status).toBe(400);
  });

  it("refuses a body or subject that merge fields would grow past the limits, before building it", async () => {
    const long = await new RecordsApi(key, "lead").mustCreate({
      last_name: "Long",
      email: "long.mkt@example.com",
      status: "new",
      notes: "n".repeat(60_000),
    });
    const huge = await send(key, { recordId: long.id, objectApiName: "lead", subject: "s", body: "{{notes}}".repeat(10_000) });
    expect(huge.status).toBe(400);
    expect(huge.json<{ details: { path: string }[] }>().details[0]!.path).toBe("body");
    expect((await send(key, { recordId: long.id, objectApiName: "lead", subject: "{{notes}}", body: "b" })).status).toBe(400);
    // Escaping can grow a body up to the limit too: refused, not a server error.
    expect((await send(key, { recordId: long.id, objectApiName: "lead", subject: "s", body: "&".repeat(100_000) })).status).toBe(400);
    expect((await send(key, { recordId: long.id, objectApiName: "lead", subject: "{{constructor}}", body: "b" })).status).toBe(400);
  });

  it("fails a message queued before its recipient unsubscribed instead of sending it", async () => {
    const late = await new RecordsApi(key, "lead").mustCreate({ last_name: "Late", email: "late.mkt@example.com", status: "new" });
    const queued = await send(key, { recordId: late.id, objectApiName: "lead", subject: "s", body: "b" });
    expect(queued.status).toBe(201);
    const id = queued.json<{ id: string; messageId: string }>();
    await withTenantSql(
      t.tenantId,
      async (tx) => tx.$executeRaw`INSERT INTO email_suppression (tenant_id, address) VALUES (${t.tenantId}::uuid, 'late.mkt@example.com')`,
    );
    await sendQueuedEmail();
    expect(smtp.received.some((m) => m.parsed.messageId === id.messageId)).toBe(false);
    const [row] = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ state: string }[]>`SELECT state FROM email_message WHERE id = ${id.id}::uuid`,
    );
    expect(row!.state).toBe("failed");
  });

  it("refuses tampered tokens, and keeps each tenant's records and suppression list to itself", async () => {
    const lead = await new RecordsApi(key, "lead").mustCreate({ last_name: "Lead", email: "lead.mkt@example.com", status: "new" });
    const ok = await send(key, { recordId: lead.id, objectApiName: "lead", subject: "s", body: "b" });
    expect(ok.status).toBe(201);
    await sendQueuedEmail();
    const mail = smtp.received.find((m) => m.parsed.messageId === ok.json<{ messageId: string }>().messageId)!;
    const token = /^List-Unsubscribe: ?<[^>]+\/([^/>]+)>/m.exec(unfolded(mail.raw))![1]!;
    const [payload, signature] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify([b.tenantId, "lead", lead.id, "lead.mkt@example.com"])).toString("base64url")}.${signature}`;
    for (const bad of [`${payload}.${signature!.slice(0, -2)}xx`, forged, "nope", "", "../../settings", "x\u0100\r\n"]) {
      expect((await oneClick(bad)).status).toBe(404);
      expect(
        (await unsubscribeGet(new Request("http://localhost/api/unsubscribe/x"), { params: Promise.resolve({ token: bad }) })).status,
      ).toBe(404);
    }
    expect(await describeUnsubscribe(forged)).toBeNull();

    // Tenant B's key cannot reach tenant A's lead: not found, nothing queued in either tenant.
    const keyB = await bigKey(b);
    expect((await send(keyB, { recordId: lead.id, objectApiName: "lead", subject: "s", body: "b" })).status).toBe(404);
    const countB = await withTenantSql(
      b.tenantId,
      async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM email_message`,
    );
    expect(countB[0]!.n).toBe(0);
  });

  it("OAuth tokens need marketing:send; the daily cap answers 429 with Retry-After", async () => {
    const contact = await new RecordsApi(key, "contact").mustCreate({ last_name: "Token", email: "token.mkt@example.com" });
    const body = { recordId: contact.id, objectApiName: "contact", subject: "s", body: "b" };
    const app = await createPublishedApp(["records:read", "records:write", "marketing:send"]);
    const without = (await mustExchange(app, await approvedCode(t, app, ["records:write"]))).access_token;
    const refused = await send(without, body);
    expect(refused.status).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe("errors.insufficientScope");
    // marketing:send alone cannot read the record it would merge into the answer.
    const blind = (await mustExchange(app, await approvedCode(t, app, ["marketing:send"]))).access_token;
    const unread = await send(blind, body);
    expect(unread.status).toBe(403);
    expect(unread.json<{ error: string }>().error).toBe("errors.apiKeyObjectDenied");
    const granted = (await mustExchange(app, await approvedCode(t, app, ["marketing:send", "records:read"]))).access_token;
    expect((await send(granted, body)).status).toBe(201);

    const saved = process.env.EMAIL_DAILY_CAP;
    process.env.EMAIL_DAILY_CAP = "1";
    try {
      const capped = await send(key, body);
      expect(capped.status).toBe(429);
      expect(capped.json<{ error: string }>().error).toBe("Daily email limit reached");
      expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      if (saved === undefined) delete process.env.EMAIL_DAILY_CAP;
      else process.env.EMAIL_DAILY_CAP = saved;
    }
  });
});
