/**
 * Webhook delivery (issue 13), against the built server (server.mjs) on PostgreSQL with its
 * dispatcher running, receivers on 127.0.0.1 (WEBHOOK_ALLOW_NETWORKS), all in one run:
 *   1. create p50 in a tenant whose webhook's receiver takes 4 s, against a tenant without
 *      webhooks, interleaved, each first in half the pairs (the mean of the two p50s; target: at
 *      most 1.10x);
 *   2. send -> receipt to a fast receiver, one create at a time (target: p95 at most 100 ms);
 *   3. deliveries per second to a fast receiver from one instance (target: at least 500/s);
 *   4. send -> receipt to a fast webhook while another webhook of the tenant hangs 4 s on every
 *      delivery (target: p95 at most 250 ms);
 *   5. deliveries per second to 5 webhooks of one tenant on one host (a Zapier account's zaps),
 *      EVENTS / 5 events each, beside case 3's single webhook: the host's room is shared, not
 *      lost (target: at least 0.8x of case 3), and each webhook gets all of its deliveries.
 * "send" is when the create request leaves the client: the commit happens after it, so the figures
 * are upper bounds of commit -> receipt.
 *
 *   npx next build && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:webhooks
 * Options: BENCH_SAMPLES (200), BENCH_EVENTS (3000), BENCH_PORT (3213).
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { openDatabase, setDatabase } from "../lib/db/client.ts";
import { provisionTenant } from "../lib/services/tenants/provision-tenant.ts";
import { startReceiver, type Receiver } from "../tests/helpers/webhook-receiver.ts";
import { interleavedLatencies, percentiles, runBench, type Percentiles } from "./bench-kit.ts";
import { benchAdminKey, startBenchServer, stopBenchServer, throwawayDatabase } from "./bench-server.ts";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3000);
const PORT = Number(process.env.BENCH_PORT ?? 3213);
const BASE = `http://127.0.0.1:${PORT}`;
/** Case 5's webhooks on one host. */
const SHARED_HOOKS = 5;

const post = (key: string, path: string, body: unknown) =>
  fetch(`${BASE}/api/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function tenantKey(label: string): Promise<string> {
  const { tenantId, roles } = await provisionTenant({ name: label, slug: `${label}-${randomBytes(4).toString("hex")}` });
  return benchAdminKey(tenantId, roles.admin!);
}

async function subscribe(key: string, receiver: Receiver, path = ""): Promise<void> {
  const res = await post(key, "/webhooks", { url: receiver.url + path, events: ["record.created"] });
  if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
}

/** One create at a time, a pause between; each create's send -> receipt at `receiver`. */
async function receiptLatencies(key: string, receiver: Receiver, n: number): Promise<Percentiles> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const before = receiver.received.length;
    const sent = performance.now();
    const res = await post(key, "/contact", { last_name: `Latency ${i}` });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
    await receiver.waitFor(before + 1, 5_000);
    samples.push(receiver.received[before]!.at - sent);
    await sleep(20);
  }
  return percentiles(samples);
}

/**
 * `events` records in bulk creates of 500, each delivered to the tenant's `hooks` webhooks at
 * `receiver`; deliveries per second from the first request to the last receipt.
 */
async function throughput(key: string, receiver: Receiver, events: number, hooks = 1): Promise<number> {
  const started = performance.now();
  for (let done = 0; done < events; done += 500) {
    const records = Array.from({ length: Math.min(500, events - done) }, (_, i) => ({ last_name: `Bulk ${done + i}` }));
    const res = await post(key, "/contact/bulk", { records });
    if (res.status !== 200) throw new Error(`bulk: ${res.status} ${await res.text()}`);
  }
  await receiver.waitFor(events * hooks, 120_000);
  return (events * hooks) / ((receiver.received.at(-1)!.at - started) / 1000);
}

async function main() {
  const database = await throwawayDatabase("crm_bench_webhooks");
  const url = database.url;
  let server: ChildProcess | undefined;
  const receivers: Receiver[] = [];
  const receiver = async (behaviour: Parameters<Receiver["behave"]>[0] = {}) => {
    const r = await startReceiver();
    r.behave(behaviour);
    receivers.push(r);
    return r;
  };
  try {
    const db = openDatabase({ engine: "postgres", ownerUrl: url });
    setDatabase(db);
    const [quiet, slow, fast, bulk, mixed, shared] = await Promise.all(["quiet", "slow", "fast", "bulk", "mixed", "shared"].map(tenantKey));
    await (await db).close();
    server = await startBenchServer(url, PORT, { WEBHOOK_ALLOW_NETWORKS: "127.0.0.1/32" });

    await subscribe(slow!, await receiver({ delayMs: 4_000 }));
    const fastReceiver = await receiver();
    await subscribe(fast!, fastReceiver);
    const bulkReceiver = await receiver();
    await subscribe(bulk!, bulkReceiver);
    const mixedFast = await receiver();
    await subscribe(mixed!, mixedFast);
    await subscribe(mixed!, await receiver({ hang: true }));
    const sharedReceiver = await receiver();
    for (let i = 0; i < SHARED_HOOKS; i++) await subscribe(shared!, sharedReceiver, `/${i}`);

    // Warm-up: the routes' first requests load and optimize their code.
    await interleavedLatencies(50, [
      (i) => post(quiet!, "/contact", { last_name: `Warm ${i}` }),
      (i) => post(fast!, "/contact", { last_name: `Warm ${i}` }),
    ]);
    await sleep(500);

    // Half the samples with each tenant first in its pair, since the first of a pair runs on a
    // slightly different machine state than the second.
    const quietCreate = (i: number) => post(quiet!, "/contact", { last_name: `Quiet ${i}` });
    const slowCreate = (i: number) => post(slow!, "/contact", { last_name: `Slow ${i}` });
    const [q1, s1] = await interleavedLatencies(SAMPLES / 2, [quietCreate, slowCreate]);
    const [s2, q2] = await interleavedLatencies(SAMPLES / 2, [slowCreate, quietCreate]);
    const withoutHook = { p50: (q1!.p50 + q2!.p50) / 2 };
    const withSlowHook = { p50: (s1!.p50 + s2!.p50) / 2 };
    await sleep(4_500); // the slow receiver's deliveries end
    const idle = await receiptLatencies(fast!, fastReceiver, SAMPLES);
    const perSecond = await throughput(bulk!, bulkReceiver, EVENTS);
    const beside = await receiptLatencies(mixed!, mixedFast, SAMPLES);
    const sharedPerSecond = await throughput(shared!, sharedReceiver, EVENTS / SHARED_HOOKS, SHARED_HOOKS);
    for (let i = 0; i < SHARED_HOOKS; i++) {
      const got = sharedReceiver.received.filter((r) => r.path === `/hook/${i}`).length;
      if (got !== EVENTS / SHARED_HOOKS) throw new Error(`webhook ${i} of the shared host received ${got} of ${EVENTS / SHARED_HOOKS}`);
    }

    const ratio = withSlowHook.p50 / withoutHook.p50;
    console.log(`\nWebhooks (PostgreSQL, one instance, ${SAMPLES} samples each)`);
    console.log("| case | result | target |\n|---|---|---|");
    console.log(
      `| create p50, webhook receiver taking 4 s vs no webhook | ${withSlowHook.p50.toFixed(2)} vs ${withoutHook.p50.toFixed(2)} ms = ${ratio.toFixed(2)}x | <= 1.10x |`,
    );
    console.log(`| send -> receipt, fast receiver, idle | p50 ${idle.p50.toFixed(1)} ms, p95 ${idle.p95.toFixed(1)} ms | p95 <= 100 ms |`);
    console.log(`| deliveries per second, fast receiver, one instance (${EVENTS} events) | ${perSecond.toFixed(0)}/s | >= 500/s |`);
    console.log(
      `| send -> receipt, fast webhook beside one that hangs 4 s | p50 ${beside.p50.toFixed(1)} ms, p95 ${beside.p95.toFixed(1)} ms | p95 <= 250 ms |`,
    );
    console.log(
      `| deliveries per second, ${SHARED_HOOKS} webhooks on one host vs 1 (${EVENTS} deliveries each) | ${sharedPerSecond.toFixed(0)}/s vs ${perSecond.toFixed(0)}/s = ${(sharedPerSecond / perSecond).toFixed(2)}x | >= 0.8x |`,
    );
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
    await stopBenchServer(server);
    await database.drop();
  }
}

runBench(main);
