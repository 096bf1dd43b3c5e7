/**
 * Two instances of the built app on one PostgreSQL database and one Redis, both running the
 * webhook dispatcher: 1,000 events to 3 webhooks reach each webhook exactly once; and with one
 * instance killed by SIGKILL mid-run, nothing is lost (every (event, webhook) is delivered or
 * logged interrupted, and the events the dead instance had not claimed are delivered by the other)
 * and nothing is sent twice. Receivers count by x-service-delivery and by x-service-event-id.
 * PostgreSQL only: PGlite serves one process.
 */
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasBuild, serverDatabase, startAppServer, type AppServer } from "../helpers/app-server.ts";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver.ts";

const runs = Boolean(process.env.DATABASE_URL) && hasBuild();
const EVENTS = 1_000;

async function until(what: string, ms: number, done: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
}

describe.skipIf(!runs)("webhooks across two instances (PostgreSQL + Redis)", () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let owner: pg.Client;
  let a: AppServer;
  let b: AppServer;
  let key: string;
  let receivers: Receiver[] = [];

  // Instances of one deployment share AUTH_SECRET (sessions, and the key sealing webhook secrets).
  const env = () => ({ ...database.env, WEBHOOK_ALLOW_NETWORKS: "127.0.0.1/32", AUTH_SECRET: "two-instances-test-secret" });
  const count = async (sql: string) => Number((await owner.query<{ n: string }>(sql)).rows[0]!.n);

  async function api(server: AppServer, method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Three webhooks, one receiver each, after clearing every earlier one. */
  async function threeWebhooks(delayMs: number): Promise<void> {
    await owner.query("DELETE FROM webhook");
    await Promise.all(receivers.map((r) => r.close()));
    receivers = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
    for (const r of receivers) {
      r.behave({ delayMs });
      const res = await api(a, "POST", "/webhooks", { url: r.url });
      expect(res.status, await res.clone().text()).toBe(201);
    }
  }

  /** 1,000 contacts in two bulk creates, one through each instance. */
  async function createEvents(): Promise<void> {
    const batch = (label: string) => Array.from({ length: EVENTS / 2 }, (_, i) => ({ last_name: `${label} ${i}` }));
    const [ra, rb] = await Promise.all([
      api(a, "POST", "/contact/bulk", { records: batch("A") }),
      api(b, "POST", "/contact/bulk", { records: batch("B") }),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
  }

  /** What one receiver got: no event twice, no delivery id twice; the events it got. */
  function receivedOnce(r: Receiver): Set<string> {
    const events = r.received.map((x) => x.headers["x-service-event-id"] as string);
    const deliveries = r.received.map((x) => x.headers["x-service-delivery"] as string);
    expect(new Set(deliveries).size).toBe(deliveries.length);
    expect(new Set(events).size).toBe(events.length);
    return new Set(events);
  }

  beforeAll(async () => {
    database = await serverDatabase();
    owner = new pg.Client({ connectionString: database.env.DATABASE_URL });
    a = await startAppServer({ env: env() });
    await owner.connect();
    b = await startAppServer({ env: { ...env(), SEED_DEMO: "false" } });
    key = a.demoApiKey();
  }, 180_000);
  afterEach(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    receivers = [];
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await owner?.end();
    await database?.drop();
  });

  it("says at start that the operator admitted 127.0.0.1/32", () => {
    expect(a.output()).toContain("Webhooks may also deliver to 127.0.0.1/32 (WEBHOOK_ALLOW_NETWORKS).");
  });

  it("delivers 1,000 events to 3 webhooks exactly once between the two instances", async () => {
    await threeWebhooks(0);
    await createEvents();
    await until("every delivery", 60_000, () => receivers.every((r) => r.received.length >= EVENTS));
    await sleep(1_000);
    for (const r of receivers) expect(receivedOnce(r).size).toBe(EVENTS);
    await until(
      "every result logged",
      10_000,
      async () => (await count("SELECT count(*) AS n FROM webhook_delivery WHERE state = 'delivered'")) === 3 * EVENTS,
    );
    expect(await count("SELECT count(*) AS n FROM webhook_delivery")).toBe(3 * EVENTS);
    const senders = await count("SELECT count(DISTINCT sender) AS n FROM webhook_delivery");
    console.log(`two instances: ${senders} of them sent deliveries`);
  }, 120_000);

  it("loses nothing and sends nothing twice when one instance is killed with SIGKILL mid-run", async () => {
    await threeWebhooks(40);
    await createEvents();
    await until("some deliveries by both instances", 30_000, async () => {
      const received = receivers.reduce((n, r) => n + r.received.length, 0);
      return received >= 600 && (await count("SELECT count(DISTINCT sender) AS n FROM webhook_delivery")) === 2;
    });
    b.proc.kill("SIGKILL");
    const killedAt = Date.now();
    // The survivor claims what the dead instance had not, and sends it.
    await until(
      "every event claimed",
      60_000,
      async () => (await count("SELECT count(*) AS n FROM outbox_event WHERE processed_at IS NULL")) === 0,
    );
    await until("the survivor's attempts finished", 60_000, async () => {
      const live = await count(`SELECT count(*) AS n FROM webhook_delivery d JOIN job_instance i ON i.id = d.sender
                                WHERE d.state = 'sending' AND i.heartbeat_at > now() - interval '8 seconds'`);
      return live === 0;
    });
    // The dead instance's attempts under way: marked interrupted once its heartbeat is stale (the
    // dispatchers do this after 30 s; here at 12 s, above the survivor's beat of at most ~7 s).
    await sleep(Math.max(0, 13_000 - (Date.now() - killedAt)));
    await owner.query("SELECT jobs_webhook_interrupt_orphans(12, 100000)");
    await sleep(500);

    const rows = (
      await owner.query<{ webhook_id: string; event_id: string; state: string; url: string }>(
        "SELECT d.webhook_id::text, d.event_id::text, d.state, w.url FROM webhook_delivery d JOIN webhook w ON w.id = d.webhook_id",
      )
    ).rows;
    // One attempt per (event, webhook), none missing.
    expect(rows).toHaveLength(3 * EVENTS);
    expect(new Set(rows.map((r) => `${r.event_id}/${r.webhook_id}`)).size).toBe(3 * EVENTS);
    const states = rows.reduce<Record<string, number>>((n, r) => ({ ...n, [r.state]: (n[r.state] ?? 0) + 1 }), {});
    console.log(`after SIGKILL: ${JSON.stringify(states)}`);
    expect(Object.keys(states).every((s) => s === "delivered" || s === "interrupted")).toBe(true);
    for (const r of receivers) {
      const got = receivedOnce(r);
      const mine = rows.filter((row) => row.url === r.url);
      // Every delivered attempt arrived; the rest are logged interrupted (they may or may not have arrived).
      for (const row of mine) if (row.state === "delivered") expect(got.has(row.event_id)).toBe(true);
      for (const row of mine) if (!got.has(row.event_id)) expect(row.state).toBe("interrupted");
    }
  }, 180_000);

  it("refuses to start with a malformed WEBHOOK_ALLOW_NETWORKS", async () => {
    await expect(
      startAppServer({ env: { ...database.env, SEED_DEMO: "false", WEBHOOK_ALLOW_NETWORKS: "127.0.0.1/32, localhost" } }),
    ).rejects.toThrow(/"localhost" is not a CIDR/);
  }, 60_000);
});
