/**
 * The events stream and `crm listen` (issue 36), against the built server (server.mjs) on
 * PostgreSQL, receivers and the CLI on 127.0.0.1, all in one run:
 *   1. send -> receipt of one event at a webhook's fast receiver and at an open stream, the same
 *      events, one create at a time (the stream's p95 against the webhook's);
 *   2. stream throughput of one instance: events written in bulks of 500, each received by
 *      BENCH_STREAMS open streams; frames per second from the first request to the last frame;
 *   3. a `crm listen` session forwarding BENCH_LISTEN_EVENTS events to a local receiver while its
 *      connection to the app is cut 5 times: lost and repeated events (target: 0 and 0).
 * "send" is when the create request leaves the client: the commit happens after it.
 *
 *   npx next build && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:events
 * Options: BENCH_SAMPLES (200), BENCH_EVENTS (5000), BENCH_STREAMS (10), BENCH_LISTEN_EVENTS (10000), BENCH_PORT (3214).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { openDatabase, setDatabase } from "../lib/db/client.ts";
import { MAX_STREAMS_PER_CREDENTIAL } from "../lib/schemas/events.ts";
import { provisionTenant } from "../lib/services/tenants/provision-tenant.ts";
import { sseEvents } from "../packages/crm-cli/src/sse.mts";
import { startTcpProxy } from "../tests/helpers/tcp-proxy.ts";
import { startReceiver, type Receiver } from "../tests/helpers/webhook-receiver.ts";
import { percentiles, runBench } from "./bench-kit.ts";
import { benchAdminKey, startBenchServer, stopBenchServer, throwawayDatabase } from "./bench-server.ts";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10);
const LISTEN_EVENTS = Number(process.env.BENCH_LISTEN_EVENTS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 3214);
const BASE = `http://127.0.0.1:${PORT}`;

const post = (key: string, apiPath: string, body: unknown) =>
  fetch(`${BASE}/api/v1${apiPath}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** A tenant's admin keys: each holds at most MAX_STREAMS_PER_CREDENTIAL streams. */
async function tenantKeys(label: string, n = 1): Promise<string[]> {
  const { tenantId, roles } = await provisionTenant({ name: label, slug: `${label}-${randomBytes(4).toString("hex")}` });
  return Promise.all(Array.from({ length: n }, () => benchAdminKey(tenantId, roles.admin!)));
}

/** An open stream of the tenant: when each record's event arrived, by record id. */
interface Listening {
  arrivals: Map<string, number>;
  close(): void;
}

async function openStream(key: string): Promise<Listening> {
  const stop = new AbortController();
  const res = await fetch(`${BASE}/api/v1/events/stream`, { headers: { authorization: `Bearer ${key}` }, signal: stop.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream: ${res.status} ${await res.text()}`);
  const arrivals = new Map<string, number>();
  void (async () => {
    try {
      for await (const e of sseEvents(res.body!))
        if (e.data) arrivals.set((JSON.parse(e.data) as { recordId: string }).recordId, performance.now());
    } catch {
      // closed
    }
  })();
  return { arrivals, close: () => stop.abort() };
}

async function until(what: string, ms: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(5);
  }
}

async function bulk(key: string, n: number, label: string): Promise<void> {
  for (let done = 0; done < n; done += 500) {
    const records = Array.from({ length: Math.min(500, n - done) }, (_, i) => ({ last_name: `${label} ${done + i}` }));
    const res = await post(key, "/contact/bulk", { records });
    if (res.status !== 200) throw new Error(`bulk: ${res.status} ${await res.text()}`);
  }
}

async function main() {
  const database = await throwawayDatabase("crm_bench_events");
  let server: ChildProcess | undefined;
  let listen: ChildProcess | undefined;
  const receivers: Receiver[] = [];
  try {
    const db = openDatabase({ engine: "postgres", ownerUrl: database.url });
    setDatabase(db);
    const [[latency], floodKeys, [listening]] = await Promise.all([
      tenantKeys("latency"),
      tenantKeys("flood", Math.ceil(STREAMS / MAX_STREAMS_PER_CREDENTIAL)),
      tenantKeys("listen"),
    ]);
    const flood = floodKeys[0];
    await (await db).close();
    server = await startBenchServer(database.url, PORT, { WEBHOOK_ALLOW_NETWORKS: "127.0.0.1/32" });

    // 1. The same events at a webhook's receiver and at a stream.
    const hookReceiver = await startReceiver();
    receivers.push(hookReceiver);
    const res = await post(latency!, "/webhooks", { url: hookReceiver.url, events: ["record.created"] });
    if (res.status !== 201) throw new Error(`webhook: ${res.status}`);
    const stream = await openStream(latency!);
    const toHook: number[] = [];
    const toStream: number[] = [];
    for (let i = 0; i < SAMPLES + 20; i++) {
      const before = hookReceiver.received.length;
      const sent = performance.now();
      const created = await post(latency!, "/contact", { last_name: `Latency ${i}` });
      if (created.status !== 201) throw new Error(`create: ${created.status}`);
      const { id } = (await created.json()) as { id: string };
      await hookReceiver.waitFor(before + 1, 5_000);
      await until("the stream's event", 5_000, () => stream.arrivals.has(id));
      // The first 20 warm the routes up.
      if (i >= 20) {
        toHook.push(hookReceiver.received[before]!.at - sent);
        toStream.push(stream.arrivals.get(id)! - sent);
      }
      await sleep(20);
    }
    stream.close();
    const hook = percentiles(toHook);
    const live = percentiles(toStream);

    // 2. Throughput: EVENTS events, each to STREAMS streams.
    const streams = await Promise.all(
      Array.from({ length: STREAMS }, (_, i) => openStream(floodKeys[Math.floor(i / MAX_STREAMS_PER_CREDENTIAL)]!)),
    );
    await sleep(500);
    const started = performance.now();
    await bulk(flood!, EVENTS, "Flood");
    await until("every stream's events", 120_000, () => streams.every((s) => s.arrivals.size >= EVENTS));
    const last = Math.max(...streams.map((s) => Math.max(...s.arrivals.values())));
    const framesPerSecond = (EVENTS * STREAMS) / ((last - started) / 1000);
    streams.forEach((s) => s.close());

    // 3. crm listen through a proxy cut 5 times while LISTEN_EVENTS events are written.
    const local = await startReceiver();
    receivers.push(local);
    const proxy = await startTcpProxy({ host: "127.0.0.1", port: PORT });
    let ready = false;
    listen = spawn(
      path.join(process.cwd(), "node_modules", ".bin", "crm"),
      ["listen", "--forward-to", local.url, "--url", proxy.via(BASE)],
      {
        env: { ...process.env, CRM_API_KEY: listening! },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    listen.stdout!.on("data", (c: Buffer) => (ready ||= c.toString().includes("Ready!")));
    await until("crm listen", 20_000, () => ready);
    const listenStarted = performance.now();
    const perCut = Math.ceil(LISTEN_EVENTS / 5);
    for (let cut = 0; cut < 5; cut++) {
      await bulk(listening!, Math.min(perCut, LISTEN_EVENTS - cut * perCut), `Listen ${cut}`);
      proxy.cut();
      await sleep(300);
      proxy.restore();
    }
    await until("every forwarded event", 300_000, () => local.received.length >= LISTEN_EVENTS);
    await sleep(2_000);
    const listenSeconds = (local.received.at(-1)!.at - listenStarted) / 1000;
    const ids = local.received.map((r) => r.headers["x-service-event-id"] as string);
    const repeated = ids.length - new Set(ids).size;
    const lost = LISTEN_EVENTS - new Set(ids).size;
    await proxy.close();

    console.log(`\nEvents stream and crm listen (PostgreSQL, one instance)`);
    console.log("| case | result |\n|---|---|");
    console.log(
      `| send -> receipt, webhook (fast receiver), ${SAMPLES} events | p50 ${hook.p50.toFixed(1)} ms, p95 ${hook.p95.toFixed(1)} ms |`,
    );
    console.log(
      `| send -> receipt, events stream, the same events | p50 ${live.p50.toFixed(1)} ms, p95 ${live.p95.toFixed(1)} ms (p95 ${(live.p95 / hook.p95).toFixed(2)}x the webhook's) |`,
    );
    console.log(`| stream frames per second, ${STREAMS} streams × ${EVENTS} events, one instance | ${framesPerSecond.toFixed(0)}/s |`);
    console.log(
      `| crm listen, ${LISTEN_EVENTS} events, connection cut 5 times | ${lost} lost, ${repeated} repeated; ${(LISTEN_EVENTS / listenSeconds).toFixed(0)} forwarded/s |`,
    );
  } finally {
    listen?.kill("SIGINT");
    await Promise.all(receivers.map((r) => r.close()));
    await stopBenchServer(server);
    await database.drop();
  }
}

runBench(main);
