/**
 * "Send test event" (POST /api/v1/webhooks/{id}/test) and the events feed beside real deliveries:
 * the test event reaches that webhook only, signed like any delivery, its result in the log; the
 * feed lists it only when asked for; a paused or another tenant's webhook is refused. And the
 * feed's payload is, byte for byte, the body the webhook was sent. On the real database with the
 * real dispatcher and a loopback receiver.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKey, createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { deliverWebhooks } from "../../helpers/deliver-webhooks.ts";
import { eventsSettled } from "../../helpers/events-settled.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";
import { startReceiver, type Receiver } from "../../helpers/webhook-receiver.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";

const { POST: createHook } = restRoute("/webhooks");
const { PATCH: patchHook } = restRoute("/webhooks/{id}");
const { POST: testHook } = restRoute("/webhooks/{id}/test");
const { GET: getDelivery } = restRoute("/webhooks/{id}/deliveries/{deliveryId}");
const { GET: listDeliveries } = restRoute("/webhooks/{id}/deliveries");
const { GET: listEvents } = restRoute("/events");
const { POST: resendEvent } = restRoute("/webhooks/{id}/resend");

privateDatabase();

describe("webhook test sends and the feed beside deliveries", () => {
  const allowBefore = process.env.WEBHOOK_ALLOW_NETWORKS;
  let t: TestTenant;
  let key: string;
  let receiver: Receiver;

  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_NETWORKS = "127.0.0.1/32";
    receiver = await startReceiver();
    t = await createTestTenant("test-send");
    key = await bigKey(t);
  });
  afterAll(async () => {
    await receiver.close();
    if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_NETWORKS;
    else process.env.WEBHOOK_ALLOW_NETWORKS = allowBefore;
  });

  async function hook(path: string, events = ["record.created"]): Promise<{ id: string; secret: string }> {
    const res = await call(createHook, { auth: key, body: { url: `${receiver.url}${path}`, events } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.json();
  }

  it("sends webhook.test to that webhook only, signed, whatever it subscribes to; its result is in the log", async () => {
    const target = await hook("?target", ["approval.approved"]);
    const bystander = await hook("?bystander");
    const before = receiver.received.length;

    const res = await call(testHook, { auth: key, method: "POST", params: { id: target.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const queued = res.json<{ id: string; event: string; status: number | null }>();
    expect(queued).toMatchObject({ event: "webhook.test", status: null });
    await deliverWebhooks();

    const got = receiver.received.slice(before);
    expect(got.map((r) => r.path)).toEqual(["/hook?target"]);
    const body = JSON.parse(got[0]!.body.toString("utf8")) as Record<string, unknown>;
    expect(body).toMatchObject({ event: "webhook.test", tenantId: t.tenantId, webhookId: target.id });
    expect(got[0]!.headers["x-service-event"]).toBe("webhook.test");
    expect(got[0]!.headers["x-service-signature"]).toBe(`sha256=${createHmac("sha256", target.secret).update(got[0]!.body).digest("hex")}`);

    const logged = await call(getDelivery, { auth: key, params: { id: target.id, deliveryId: queued.id } });
    expect(logged.json()).toMatchObject({ event: "webhook.test", status: 200, request: { body: got[0]!.body.toString("utf8") } });
    const bystanderLog = await call(listDeliveries, { auth: key, params: { id: bystander.id } });
    expect(bystanderLog.json<{ data: unknown[] }>().data).toEqual([]);
    const filtered = await call(listDeliveries, { auth: key, params: { id: target.id }, query: { event: "webhook.test" } });
    expect(filtered.json<{ data: { id: string }[] }>().data.map((d) => d.id)).toEqual([queued.id]);

    // In the feed only when asked for, and only for those who manage webhooks.
    await eventsSettled(t);
    const all = await call(listEvents, { auth: key, query: { limit: "500" } });
    expect(all.json<{ data: { type: string }[] }>().data.some((e) => e.type === "webhook.test")).toBe(false);
    const asked = await call(listEvents, { auth: key, query: { type: "webhook.test" } });
    const [listed] = asked.json<{ data: { type: string; payload: unknown }[] }>().data;
    expect(listed).toMatchObject({ type: "webhook.test", objectApiName: null, recordId: null, payload: body });
    const member = (await createTestKey(t, { role: "member" })).secret;
    expect((await call(listEvents, { auth: member, query: { type: "webhook.test" } })).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it("refuses a paused webhook (400), another tenant's (404) and a member's key (403)", async () => {
    const h = await hook("?paused");
    expect((await call(patchHook, { auth: key, method: "PATCH", params: { id: h.id }, body: { active: false } })).status).toBe(200);
    const paused = await call(testHook, { auth: key, method: "POST", params: { id: h.id } });
    expect(paused.status).toBe(400);
    expect(paused.json().error).toMatch(/paused/);

    const other = await createTestTenant("test-send-other");
    const otherKey = (await createTestKey(other)).secret;
    expect((await call(testHook, { auth: otherKey, method: "POST", params: { id: h.id } })).status).toBe(404);
    const member = (await createTestKey(t, { role: "member" })).secret;
    expect((await call(testHook, { auth: member, method: "POST", params: { id: h.id } })).status).toBe(403);
  });

  /** The newest contact event in the feed, once the tenant's events have settled (eventsSettled). */
  async function newestContactEvent() {
    await eventsSettled(t);
    const res = await call(listEvents, { auth: key, query: { objectApiName: "contact", limit: "1" } });
    return res.json<{ data: { id: string; recordId: string; payload: unknown }[] }>().data[0];
  }

  it("resends an event of the feed to a webhook that missed it: its exact payload, then as a redelivery of that", async () => {
    const contacts = new RecordsApi(key, "contact");
    const c = await contacts.mustCreate({ last_name: "Missed" });
    const event = await newestContactEvent();
    expect(event!.recordId).toBe(c.id);
    // A webhook created after the event, subscribed to other events: it was never sent it.
    const late = await hook("?late", ["approval.approved"]);
    await deliverWebhooks();
    const before = receiver.received.length;

    const first = await call(resendEvent, { auth: key, method: "POST", params: { id: late.id }, body: { event_id: event!.id } });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.json()).toMatchObject({ event: "record.created", redelivery_of: null });
    const second = await call(resendEvent, { auth: key, method: "POST", params: { id: late.id }, body: { event_id: event!.id } });
    expect(second.json()).toMatchObject({ redelivery_of: first.json().id });
    await deliverWebhooks();
    const got = receiver.received.slice(before).filter((r) => r.path === "/hook?late");
    expect(got.map((r) => r.body.toString("utf8"))).toEqual([JSON.stringify(event!.payload), JSON.stringify(event!.payload)]);
    expect(got.map((r) => r.headers["x-service-event-id"])).toEqual([event!.id, event!.id]);

    const other = await createTestTenant("resend-other");
    const otherKey = await bigKey(other);
    const { id: otherHook } = (await call(createHook, { auth: otherKey, body: { url: receiver.url, events: ["record.created"] } })).json<{
      id: string;
    }>();
    // Another tenant's event, or webhook, is not found.
    expect(
      (await call(resendEvent, { auth: otherKey, method: "POST", params: { id: otherHook }, body: { event_id: event!.id } })).status,
    ).toBe(404);
    expect(
      (await call(resendEvent, { auth: otherKey, method: "POST", params: { id: late.id }, body: { event_id: event!.id } })).status,
    ).toBe(404);
    await call(patchHook, { auth: key, method: "PATCH", params: { id: late.id }, body: { active: false } });
    expect((await call(resendEvent, { auth: key, method: "POST", params: { id: late.id }, body: { event_id: event!.id } })).status).toBe(
      400,
    );
  });

  it("the feed's payload is, byte for byte, the body each webhook was sent", async () => {
    await hook("?bytes");
    const before = receiver.received.length;
    const contacts = new RecordsApi(key, "contact");
    const c = await contacts.mustCreate({ first_name: "Zoë", last_name: "Bytes 🚀", email: "zoe@example.com" });
    await deliverWebhooks();
    const sent = receiver.received.slice(before).filter((r) => r.path === "/hook?bytes");
    expect(sent).toHaveLength(1);
    const event = await newestContactEvent();
    expect(event!.recordId).toBe(c.id);
    expect(JSON.stringify(event!.payload)).toBe(sent[0]!.body.toString("utf8"));
    expect(sent[0]!.headers["x-service-event-id"]).toBe(event!.id);
  });
});
