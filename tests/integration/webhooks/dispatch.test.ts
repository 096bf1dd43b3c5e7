/**
 * The webhook dispatcher on the real database (PGlite, or a private PostgreSQL database: it claims
 * across tenants): committed events reach each subscribed webhook once, signed so that a 10-line
 * receiver following spec 6.3 and the standardwebhooks library both verify them; failures are
 * logged and never retried; a paused webhook gets nothing; a hanging receiver does not hold up
 * another; redeliveries are new logged attempts; attempts of a dead sender become interrupted.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { withJobSql } from "@/lib/db/job-transaction.ts";
import { withPlatformSql, withTenantSql } from "@/lib/db/tenant.ts";
import { startJobs } from "@/lib/jobs/start-jobs.ts";
import { webhookDispatch } from "@/lib/jobs/webhook-dispatch.ts";
import { DISPATCH_LIMITS, dispatchOnce, interruptOrphans, settleDeliveries, stopDeliveries } from "@/lib/services/webhooks/dispatch.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { deliverWebhooks, webhookWorkLeft } from "../../helpers/deliver-webhooks.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { call } from "../../helpers/rest.ts";
import { startReceiver, type Receiver, type Received } from "../../helpers/webhook-receiver.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: redeliver } = restRoute("/webhooks/{id}/deliveries/{deliveryId}/redeliver");
const { GET: getDelivery } = restRoute("/webhooks/{id}/deliveries/{deliveryId}");
const { GET: listDeliveries } = restRoute("/webhooks/{id}/deliveries");
const { DELETE: deleteHook, PATCH: patchHook } = restRoute("/webhooks/{id}");
const { POST: createHook } = restRoute("/webhooks");

privateDatabase();

const allowBefore = process.env.WEBHOOK_ALLOW_NETWORKS;
beforeAll(() => {
  process.env.WEBHOOK_ALLOW_NETWORKS = "127.0.0.1/32";
});
afterAll(() => {
  if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_NETWORKS;
  else process.env.WEBHOOK_ALLOW_NETWORKS = allowBefore;
});

interface Hook {
  id: string;
  secret: string;
}
interface DeliveryJson {
  id: string;
  webhookId: string;
  event: string;
  status: number | null;
  error: string | null;
  duration_ms: number | null;
  redelivery_of?: string | null;
  request?: { headers: Record<string, string> | null; body: string };
  response?: { head: string | null };
}

/** Spec 6.3 as a receiver writes it: recompute the HMAC of the raw body, compare in constant time. */
function verifySpecSignature(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`);
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function deliveriesOf(auth: string, hook: Hook, query: Record<string, string> = {}): Promise<DeliveryJson[]> {
  const res = await call(listDeliveries, { auth, params: { id: hook.id }, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.json<{ data: DeliveryJson[] }>().data;
}

describe("webhook dispatch", () => {
  let t: TestTenant;
  let key: string;
  let contacts: RecordsApi;
  const receivers: Receiver[] = [];

  async function hook(receiver: Receiver, body: Record<string, unknown> = {}, auth = key): Promise<Hook> {
    const res = await call(createHook, { auth, body: { url: receiver.url, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.json<Hook>();
  }
  async function receiver(): Promise<Receiver> {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  }
  const setActive = (h: Hook, active: boolean) => call(patchHook, { auth: key, method: "PATCH", params: { id: h.id }, body: { active } });
  /** How many of the webhook's attempts wait, queued, in the database. */
  async function queuedFor(h: Hook): Promise<number> {
    const rows = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM webhook_delivery
        WHERE tenant_id = ${t.tenantId}::uuid AND webhook_id = ${h.id}::uuid AND state = 'queued'`,
    );
    return rows[0]!.n;
  }

  beforeEach(async () => {
    t = await createTestTenant("dispatch");
    key = await bigKey(t);
    contacts = new RecordsApi(key, "contact");
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
  });

  it("delivers each event once to each subscribed webhook, signed, and logs exactly what was sent", async () => {
    const all = await receiver();
    const updatesOnly = await receiver();
    const other = await receiver();
    const hookAll = await hook(all);
    await hook(updatesOnly, { events: ["record.updated"] });
    const b = await createTestTenant("dispatch-other");
    await hook(other, {}, await bigKey(b));

    const record = await contacts.mustCreate({ first_name: "Ada", last_name: "Lovelace" });
    await deliverWebhooks();
    expect(all.received).toHaveLength(1);
    expect(updatesOnly.received).toHaveLength(0);
    expect(other.received).toHaveLength(0);

    const got = all.received[0]!;
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["x-service-event"]).toBe("record.created");
    expect(verifySpecSignature(hookAll.secret, got.body, got.headers["x-service-signature"] as string)).toBe(true);
    expect(
      verifySpecSignature(hookAll.secret, Buffer.concat([got.body, Buffer.from(" ")]), got.headers["x-service-signature"] as string),
    ).toBe(false);
    const standard = new Webhook(hookAll.secret).verify(got.body.toString("utf8"), {
      "webhook-id": got.headers["webhook-id"] as string,
      "webhook-timestamp": got.headers["webhook-timestamp"] as string,
      "webhook-signature": got.headers["webhook-signature"] as string,
    });
    const payload = JSON.parse(got.body.toString("utf8")) as Record<string, unknown>;
    expect(standard).toEqual(payload);
    expect(payload).toMatchObject({
      event: "record.created",
      tenantId: t.tenantId,
      objectApiName: "contact",
      recordId: record.id,
      data: record,
    });
    expect(got.headers["x-service-delivery"]).toBe(got.headers["webhook-id"]);
    expect(Number(got.headers["x-service-timestamp"])).toBeCloseTo(Date.now() / 1000, -1);

    const [logged] = await deliveriesOf(key, hookAll);
    expect(logged).toMatchObject({
      id: got.headers["x-service-delivery"],
      webhookId: hookAll.id,
      event: "record.created",
      status: 200,
      error: null,
    });
    const detail = (await call(getDelivery, { auth: key, params: { id: hookAll.id, deliveryId: logged!.id } })).json<DeliveryJson>();
    expect(detail.request!.body).toBe(got.body.toString("utf8"));
    for (const [name, value] of Object.entries(detail.request!.headers!)) expect(got.headers[name], name).toBe(value);
    expect(detail.response!.head).toBe("ok");

    await contacts.patch(record.id, { last_name: "King" });
    await deliverWebhooks();
    expect(all.received.map((r) => r.headers["x-service-event"])).toEqual(["record.created", "record.updated"]);
    expect(updatesOnly.received).toHaveLength(1);
    expect(JSON.parse(updatesOnly.received[0]!.body.toString("utf8"))).toMatchObject({
      event: "record.updated",
      changes: { last_name: { from: "Lovelace", to: "King" } },
    });
  });

  it("attempts each (event, webhook) exactly once however many dispatchers race for them", async () => {
    const r1 = await receiver();
    const r2 = await receiver();
    const h1 = await hook(r1);
    await hook(r2);
    const created = await contacts.bulkCreate(Array.from({ length: 120 }, (_, i) => ({ last_name: `Race ${i}` })));
    expect(created.status).toBe(200);
    await Promise.all([deliverWebhooks(), deliverWebhooks(), deliverWebhooks(), deliverWebhooks()]);
    await deliverWebhooks();
    for (const r of [r1, r2]) {
      expect(r.received).toHaveLength(120);
      const recordIds = r.received.map((x) => (JSON.parse(x.body.toString("utf8")) as { recordId: string }).recordId);
      expect(new Set(recordIds).size).toBe(120);
      expect(new Set(r.received.map((x) => x.headers["x-service-delivery"])).size).toBe(120);
    }
    const rows = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM webhook_delivery WHERE tenant_id = ${t.tenantId}::uuid AND webhook_id = ${h1.id}::uuid`,
    );
    expect(rows[0]!.n).toBe(120);
  });

  it("sends nothing while paused, and after resuming only what happened since", async () => {
    const r = await receiver();
    const h = await hook(r);
    expect((await setActive(h, false)).json()).toMatchObject({ active: false });
    await contacts.mustCreate({ last_name: "During pause" });
    await deliverWebhooks();
    expect(r.received).toHaveLength(0);
    expect(await deliveriesOf(key, h)).toHaveLength(0);

    expect((await setActive(h, true)).json()).toMatchObject({ active: true });
    await contacts.mustCreate({ last_name: "After resume" });
    await deliverWebhooks();
    expect(r.received.map((x) => (JSON.parse(x.body.toString("utf8")) as { data: { last_name: string } }).data.last_name)).toEqual([
      "After resume",
    ]);
  });

  it("logs failures with their status or error and never retries them", async () => {
    const failing = await receiver();
    failing.behave({ status: 500, body: "boom" });
    const redirecting = await receiver();
    redirecting.behave({ status: 302 });
    const gone = await receiver();
    const goneUrl = gone.url;
    await gone.close();
    const hFailing = await hook(failing);
    const hRedirecting = await hook(redirecting);
    const hGone = await call(createHook, { auth: key, body: { url: goneUrl } }).then((res) => res.json<Hook>());

    await contacts.mustCreate({ last_name: "Failing" });
    await deliverWebhooks();
    expect((await deliveriesOf(key, hFailing))[0]).toMatchObject({ status: 500, error: null });
    expect((await deliveriesOf(key, hRedirecting))[0]).toMatchObject({ status: 302, error: "redirect_not_followed" });
    expect((await deliveriesOf(key, hGone))[0]).toMatchObject({ status: null, error: "connection_error" });
    expect(await deliveriesOf(key, hFailing, { outcome: "failure" })).toHaveLength(1);
    expect(await deliveriesOf(key, hFailing, { outcome: "success" })).toHaveLength(0);

    // The destination rules hold at delivery too: without the operator's allowance, 127.0.0.1 is refused unsent.
    delete process.env.WEBHOOK_ALLOW_NETWORKS;
    try {
      await contacts.mustCreate({ last_name: "Refused" });
      await deliverWebhooks();
    } finally {
      process.env.WEBHOOK_ALLOW_NETWORKS = "127.0.0.1/32";
    }
    expect(failing.received).toHaveLength(1);
    expect((await deliveriesOf(key, hFailing))[0]).toMatchObject({ status: null, error: "refused_destination" });

    await deliverWebhooks();
    expect(failing.received).toHaveLength(1);
    expect(await deliveriesOf(key, hFailing)).toHaveLength(2);
  });

  it("refuses at delivery a stored URL whose port is 0, and sends nothing", async () => {
    const r = await receiver();
    const h = await hook(r);
    // As if saved before registration refused it: every delivery checks the URL again.
    const portZero = r.url.replace(/:\d+\//, ":0/");
    await withTenantSql(t.tenantId, async (tx) => tx.$executeRaw`UPDATE webhook SET url = ${portZero} WHERE id = ${h.id}::uuid`);
    await contacts.mustCreate({ last_name: "Port zero" });
    await deliverWebhooks();
    const [logged] = await deliveriesOf(key, h);
    expect(logged).toMatchObject({ status: null, error: "refused_destination" });
    const detail = (await call(getDelivery, { auth: key, params: { id: h.id, deliveryId: logged!.id } })).json<{ error_detail: string }>();
    expect(detail.error_detail).toBe("The URL's port must be between 1 and 65535 (not 0)");
    expect(r.received).toHaveLength(0);
  });

  it("gives up on a receiver after 4 seconds, and a hanging receiver does not hold up another webhook", async () => {
    const hanging = await receiver();
    hanging.behave({ hang: true });
    const fast = await receiver();
    const hHanging = await hook(hanging);
    await hook(fast);
    await contacts.bulkCreate(Array.from({ length: 16 }, (_, i) => ({ last_name: `Busy ${i}` })));
    const started = performance.now();
    while ((await dispatchOnce()) === "more");
    await fast.waitFor(16, 3_000);
    expect(performance.now() - started).toBeLessThan(3_000);
    await settleDeliveries();
    const log = await deliveriesOf(key, hHanging, { limit: "100" });
    expect(log).toHaveLength(16);
    expect(new Set(log.map((d) => d.error))).toEqual(new Set(["timeout"]));
    expect(Math.max(...log.map((d) => d.duration_ms!))).toBeLessThan(4_500);
  }, 30_000);

  it("keeps a slow receiver's backlog queued in the database while another webhook's deliveries flow", async () => {
    // 2 s per answer: the slow host takes 100 / 16 × 2 s = 12.5 s at the least (16 at once per host),
    // while the fast one must have all of them well before, even on a slow machine.
    const slow = await receiver();
    slow.behave({ delayMs: 2_000 });
    const fast = await receiver();
    const hSlow = await hook(slow);
    await hook(fast);
    const stop = startJobs([webhookDispatch]);
    try {
      const started = performance.now();
      await contacts.bulkCreate(Array.from({ length: 100 }, (_, i) => ({ last_name: `Backlog ${i}` })));
      await fast.waitFor(100, 8_000);
      expect(performance.now() - started).toBeLessThan(8_000);
      // Meanwhile the slow host got only what it has room for here; the rest waits, queued, in the database.
      expect(await queuedFor(hSlow)).toBeGreaterThan(0);
      expect(slow.received.length).toBeLessThan(100);
    } finally {
      await stop();
    }
    // The backlog drains once the host answers at once (2 s each would only make the test slower).
    slow.behave({});
    await deliverWebhooks();
    expect(slow.received).toHaveLength(100);
    expect(new Set(slow.received.map((x) => x.headers["x-service-event-id"])).size).toBe(100);
  }, 60_000);

  it("shares a host fairly among its webhooks: 5 webhooks of one host, 200 events, each receives all of its own", async () => {
    const r = await receiver();
    const hooks: Hook[] = [];
    for (let i = 0; i < 5; i++) hooks.push(await hook(r, { url: `${r.url}/${i}`, events: ["record.created"] }));
    await contacts.bulkCreate(Array.from({ length: 200 }, (_, i) => ({ last_name: `Shared host ${i}` })));
    await deliverWebhooks();
    const eventIds = (i: number) => r.received.filter((x) => x.path === `/hook/${i}`).map((x) => x.headers["x-service-event-id"]);
    for (let i = 0; i < 5; i++) expect(new Set(eventIds(i)).size, `webhook ${i}`).toBe(200);
    // In turns from the start, not one after another: each has about a fifth of the first hundred.
    for (let i = 0; i < 5; i++) expect(r.received.slice(0, 100).filter((x) => x.path === `/hook/${i}`).length).toBeGreaterThanOrEqual(10);
    const delivered = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM webhook_delivery WHERE tenant_id = ${t.tenantId}::uuid AND state = 'delivered' GROUP BY webhook_id`,
    );
    expect(delivered.map((g) => g.n)).toEqual([200, 200, 200, 200, 200]);
  }, 60_000);

  it("lets another webhook of the same host through while one's backlog waits", async () => {
    const r = await receiver();
    r.behave({ delayMs: 1_000 });
    const backlogged = await hook(r, { url: `${r.url}/backlog`, events: ["record.created"] });
    await hook(r, { url: `${r.url}/other`, events: ["record.updated"] });
    const stop = startJobs([webhookDispatch]);
    try {
      const created = await contacts.bulkCreate(Array.from({ length: 100 }, (_, i) => ({ last_name: `Backlog ${i}` })));
      expect(created.status).toBe(200);
      // The host is full with the backlog's attempts when the other webhook's event comes.
      await r.waitFor(DISPATCH_LIMITS.perHost, 5_000);
      const [first] = created.json<{ results: { id: string }[] }>().results;
      await contacts.patch(first!.id, { first_name: "Other" });
      await vi.waitFor(() => expect(r.received.some((x) => x.path === "/hook/other")).toBe(true), { timeout: 10_000, interval: 20 });
      // It got the next free turn: the backlog is still queued.
      expect(await queuedFor(backlogged)).toBeGreaterThan(20);
    } finally {
      await stop();
    }
    r.behave({});
    await deliverWebhooks();
    expect(r.received.filter((x) => x.path === "/hook/backlog")).toHaveLength(100);
  }, 60_000);

  it("on stop, hands attempts not started yet back to the queue and lets those under way finish", async () => {
    const hanging = await receiver();
    hanging.behave({ hang: true });
    const h = await hook(hanging);
    await contacts.bulkCreate(Array.from({ length: 40 }, (_, i) => ({ last_name: `Stopping ${i}` })));
    while ((await dispatchOnce()) === "more");
    const states = async () =>
      Object.fromEntries(
        (
          await withTenantSql(
            t.tenantId,
            async (tx) => tx.$queryRaw<{ state: string; n: number }[]>`
              SELECT state, count(*)::int AS n FROM webhook_delivery
              WHERE tenant_id = ${t.tenantId}::uuid AND webhook_id = ${h.id}::uuid GROUP BY state`,
          )
        ).map((g) => [g.state, g.n]),
      );
    const { perHost, aheadPerHost } = DISPATCH_LIMITS;
    expect(await states()).toEqual({ sending: perHost + aheadPerHost, queued: 40 - perHost - aheadPerHost });
    await stopDeliveries();
    expect(hanging.received).toHaveLength(perHost);
    expect(await states()).toEqual({ failed: perHost, queued: 40 - perHost });
    // Attempts waiting in the queue are not failures.
    expect(await deliveriesOf(key, h, { outcome: "failure", limit: "100" })).toHaveLength(perHost);
    await call(deleteHook, { auth: key, method: "DELETE", params: { id: h.id } });
  }, 30_000);

  it("redelivers the exact body as a new logged delivery, and not to a paused webhook", async () => {
    const r = await receiver();
    const h = await hook(r);
    await contacts.mustCreate({ last_name: "Again" });
    await deliverWebhooks();
    const [first] = await deliveriesOf(key, h);
    const res = await call(redeliver, { auth: key, method: "POST", params: { id: h.id, deliveryId: first!.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const queued = res.json<DeliveryJson>();
    expect(queued).toMatchObject({ redelivery_of: first!.id, status: null, error: null, event: "record.created" });
    await deliverWebhooks();
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.body.equals(r.received[0]!.body)).toBe(true);
    expect(r.received[1]!.headers["x-service-delivery"]).toBe(queued.id);
    expect(r.received[1]!.headers["x-service-event-id"]).toBe(r.received[0]!.headers["x-service-event-id"]);
    expect(verifySpecSignature(h.secret, r.received[1]!.body, r.received[1]!.headers["x-service-signature"] as string)).toBe(true);
    expect((await deliveriesOf(key, h)).map((d) => [d.id, d.status])).toEqual([
      [queued.id, 200],
      [first!.id, 200],
    ]);

    await setActive(h, false);
    const refused = await call(redeliver, { auth: key, method: "POST", params: { id: h.id, deliveryId: first!.id } });
    expect(refused.status).toBe(400);
    expect(await deliveriesOf(key, h)).toHaveLength(2);
    const unknown = await call(redeliver, { auth: key, method: "POST", params: { id: h.id, deliveryId: randomUUID() } });
    expect(unknown.status).toBe(404);
  });

  it("pages the log newest first and filters it by event and outcome", async () => {
    const r = await receiver();
    const h = await hook(r);
    const made = await contacts.mustCreate({ last_name: "Paged 0" });
    for (let i = 1; i < 5; i++) await contacts.patch(made.id, { last_name: `Paged ${i}` });
    await deliverWebhooks();
    const all = await deliveriesOf(key, h);
    expect(all.map((d) => d.event)).toEqual(["record.updated", "record.updated", "record.updated", "record.updated", "record.created"]);
    const first = await call(listDeliveries, { auth: key, params: { id: h.id }, query: { limit: "2" } });
    expect(first.json()).toMatchObject({ has_more: true });
    const page1 = first.json<{ data: DeliveryJson[] }>().data;
    const page2 = await deliveriesOf(key, h, { limit: "2", starting_after: page1[1]!.id });
    const page3 = await call(listDeliveries, { auth: key, params: { id: h.id }, query: { limit: "2", starting_after: page2[1]!.id } });
    expect(page3.json()).toMatchObject({ has_more: false });
    expect([...page1, ...page2, ...page3.json<{ data: DeliveryJson[] }>().data].map((d) => d.id)).toEqual(all.map((d) => d.id));
    expect(await deliveriesOf(key, h, { event: "record.created" })).toHaveLength(1);
    expect(await deliveriesOf(key, h, { outcome: "success" })).toHaveLength(5);
    const bad: Record<string, string>[] = [
      { limit: "0" },
      { limit: "101" },
      { event: "record.deleted" },
      { outcome: "maybe" },
      { starting_after: "x" },
    ];
    for (const query of bad)
      expect((await call(listDeliveries, { auth: key, params: { id: h.id }, query })).status, JSON.stringify(query)).toBe(400);
  });

  it("marks attempts whose sender stopped beating as interrupted, and leaves a live sender's alone", async () => {
    const r = await receiver();
    const h = await hook(r);
    const live = randomUUID();
    const ids = { dead: randomUUID(), live: randomUUID() };
    await withTenantSql(t.tenantId, async (tx) => {
      await tx.$executeRaw`INSERT INTO job_instance (id, heartbeat_at) VALUES (${live}::uuid, now())`;
      for (const [which, sender] of [
        ["dead", randomUUID()],
        ["live", live],
      ] as const)
        await tx.$executeRaw`INSERT INTO webhook_delivery (tenant_id, id, webhook_id, event_id, event, sender, state, request_body, created_at)
          VALUES (${t.tenantId}::uuid, ${ids[which]}::uuid, ${h.id}::uuid, ${randomUUID()}::uuid, 'record.created', ${sender}::uuid, 'sending', '{}', now())`;
    });
    expect(await interruptOrphans()).toBeGreaterThanOrEqual(1);
    const states = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ id: string; state: string; error: string | null }[]>`
        SELECT id::text, state, error FROM webhook_delivery WHERE tenant_id = ${t.tenantId}::uuid AND webhook_id = ${h.id}::uuid`,
    );
    expect(Object.fromEntries(states.map((s) => [s.id === ids.dead ? "dead" : "live", [s.state, s.error]]))).toEqual({
      dead: ["interrupted", "interrupted"],
      live: ["sending", null],
    });
    await deliverWebhooks();
    expect(r.received).toHaveLength(0);

    // Whatever crm_app passes, a sender that beat within 10 s keeps its attempts; instances silent
    // for a day are forgotten, by that function only.
    await withJobSql(async (tx) => tx.$queryRaw`SELECT jobs_webhook_interrupt_orphans(0, 1000)`, { timeoutMs: 5_000 });
    const live2 = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ state: string }[]>`
        SELECT state FROM webhook_delivery WHERE tenant_id = ${t.tenantId}::uuid AND id = ${ids.live}::uuid LIMIT 1`,
    );
    expect(live2[0]).toEqual({ state: "sending" });
    const old = randomUUID();
    await withPlatformSql(
      async (tx) => tx.$executeRaw`INSERT INTO job_instance (id, heartbeat_at) VALUES (${old}::uuid, now() - interval '2 days')`,
    );
    await expect(withPlatformSql(async (tx) => tx.$executeRaw`DELETE FROM job_instance WHERE id = ${old}::uuid`)).rejects.toThrow(
      /permission denied/,
    );
    await interruptOrphans();
    const left = await withPlatformSql(
      async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM job_instance WHERE id = ${old}::uuid`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it("leaves a paused webhook's queued attempts alone until it resumes, without keeping the dispatcher busy", async () => {
    const r = await receiver();
    r.behave({ hang: true });
    const h = await hook(r);
    await contacts.bulkCreate(Array.from({ length: 30 }, (_, i) => ({ last_name: `Paused backlog ${i}` })));
    while ((await dispatchOnce()) === "more");
    await setActive(h, false);
    expect(await webhookWorkLeft()).toBe(false);
    expect(await dispatchOnce()).toBe("done");
    await call(deleteHook, { auth: key, method: "DELETE", params: { id: h.id } });
    // Dropping the hanging connections ends the sends under way now rather than at their 4 s timeout.
    await r.close();
    await settleDeliveries();
  }, 30_000);

  it("skips at once the events from before the tenant's first webhook, so new ones are not held behind them", async () => {
    await contacts.bulkCreate(Array.from({ length: 150 }, (_, i) => ({ last_name: `Unwatched ${i}` })));
    const r = await receiver();
    await hook(r);
    await contacts.mustCreate({ last_name: "Watched" });
    await dispatchOnce();
    const waiting = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM outbox_event WHERE tenant_id = ${t.tenantId}::uuid AND processed_at IS NULL`,
    );
    expect(waiting[0]!.n).toBeLessThanOrEqual(1);
    await deliverWebhooks();
    expect(r.received.map((x) => (JSON.parse(x.body.toString("utf8")) as { data: { last_name: string } }).data.last_name)).toEqual([
      "Watched",
    ]);
  });

  it("goes on with a tenant's other webhooks when one's secret does not open", async () => {
    const good = await receiver();
    const bad = await receiver();
    await hook(good);
    const broken = await hook(bad);
    await withTenantSql(
      t.tenantId,
      async (tx) => tx.$executeRaw`UPDATE webhook SET secret_sealed = 'v1.garbage' WHERE id = ${broken.id}::uuid`,
    );
    await contacts.mustCreate({ last_name: "Half" });
    while ((await dispatchOnce()) === "more");
    await settleDeliveries();
    expect(good.received).toHaveLength(1);
    expect(bad.received).toHaveLength(0);
    expect((await deliveriesOf(key, broken)).map((d) => [d.status, d.error])).toEqual([[null, null]]);
    await call(deleteHook, { auth: key, method: "DELETE", params: { id: broken.id } });
  });

  it("wakes the running job at once when events commit, well before its poll", async () => {
    const r = await receiver();
    await hook(r);
    // A minute's poll, so only the wake can deliver within the bound (a loaded machine takes over a second).
    const poll = 60_000;
    const stop = startJobs([{ ...webhookDispatch, intervalMs: poll }]);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const created = performance.now();
      await contacts.mustCreate({ last_name: "Woken" });
      const [got] = (await r.waitFor(1, 10_000)) as Received[];
      expect(got!.at - created).toBeLessThan(poll / 6);
    } finally {
      await stop();
      await settleDeliveries();
    }
  });
});
