/**
 * Single creates of one tenant under concurrency, on PostgreSQL: POST /api/v1/product with
 * autocannon at 10 and 50 connections against the built server (server.mjs), in alternating rounds.
 * Writers of one tenant must not queue behind each other (lib/services/records/change-stamp.ts).
 *
 *   npm run build && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/tenant-write-concurrency.ts
 * Options: BENCH_SECONDS (10), BENCH_ROUNDS (3), BENCH_PORT (3211).
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { openDatabase, setDatabase } from "../lib/db/client.ts";
import { provisionTenant } from "../lib/services/tenants/provision-tenant.ts";
import { runBench } from "./bench-kit.ts";
import { benchAdminKey, startBenchServer, stopBenchServer, throwawayDatabase } from "./bench-server.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3211);
const BASE = `http://127.0.0.1:${PORT}`;

/** Creates per second and p95 latency over `seconds` with `connections` clients. */
async function creates(key: string, connections: number, seconds: number): Promise<{ perSecond: number; p50: number; p97: number }> {
  let i = 0;
  const result = await autocannon({
    url: BASE,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    requests: [
      {
        method: "POST",
        path: "/api/v1/product",
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ name: `Product ${connections}-${i++}` }) }),
      },
    ],
  });
  if (result.non2xx) throw new Error(`${result.non2xx} non-2xx responses: ${JSON.stringify(result.statusCodeStats)}`);
  return { perSecond: result.requests.average, p50: result.latency.p50, p97: result.latency.p97_5 };
}

async function main() {
  const database = await throwawayDatabase("crm_bench_writes");
  const url = database.url;
  let server: ChildProcess | undefined;
  try {
    const db = openDatabase({ engine: "postgres", ownerUrl: url });
    setDatabase(db);
    const { tenantId, roles } = await provisionTenant({ name: "Bench", slug: `bench-${randomBytes(4).toString("hex")}` });
    const key = await benchAdminKey(tenantId, roles.admin!);
    await (await db).close();
    server = await startBenchServer(url, PORT, { JOBS: "off" });
    const probe = await fetch(`${BASE}/api/v1/product`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Probe" }),
    });
    if (probe.status !== 201) throw new Error(`create: ${probe.status} ${await probe.text()}`);
    await creates(key, 10, 2); // warm-up: the route's first requests load and optimize its code
    const rows: string[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      for (const c of [10, 50]) {
        const m = await creates(key, c, SECONDS);
        rows.push(`| ${r} | ${c} | ${m.perSecond.toFixed(0)} | ${m.p50} | ${m.p97} |`);
        console.log(rows.at(-1));
      }
    }
    console.log(`\nSingle creates, one tenant (PostgreSQL, HTTP to server.mjs, ${SECONDS} s per run)`);
    console.log("| round | connections | creates/s | p50 ms | p97.5 ms |\n|---|---|---|---|---|\n" + rows.join("\n"));
  } finally {
    await stopBenchServer(server);
    await database.drop();
  }
}

runBench(main);
