/**
 * What the request log costs and how it reads at size.
 *
 * 1. Overhead (PostgreSQL): GET one record through the same build served twice on one database,
 *    once with the request log (the default) and once with REQUEST_LOG=off, at 10 and 50
 *    connections; rounds take the sides in turns (and swap who goes first), the table shows medians
 *    of throughput and of server CPU per request, and the log side's lines are counted against the
 *    requests it answered (none may be missing).
 * 2. Reading at size (PGlite, and PostgreSQL when DATABASE_URL is set): one tenant with
 *    BENCH_LOG_LINES (1,000,000) lines written through the writer's own function, spread over 20
 *    keys, never ANALYZEd (as a customer's log is before anything gathers statistics); the
 *    times of GET /api/v1/request-log with each filter, in-process.
 *
 *   npx next build && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/request-log.ts
 * Options: BENCH_SECONDS (6), BENCH_ROUNDS (5), BENCH_PORT (3223 and +1), BENCH_LOG_LINES (1000000), BENCH_PART (overhead|read|both).
 */
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { apiRouter } from "../lib/adapters/api-router.ts";
import type { RouteHandler } from "../lib/adapters/route-handler.ts";
import { setDatabase, type Database } from "../lib/db/client.ts";
import { withJobSql } from "../lib/db/job-transaction.ts";
import { uuidV7Sequence } from "../lib/ids/uuid-v7.ts";
import { createMemoryRateLimiter, setRateLimiter } from "../lib/rate-limit/index.ts";
import { flushRequestLog } from "../lib/services/request-log/writer.ts";
import { createTestKey, createTestTenant } from "../tests/helpers/fixtures.ts";
import { median, runBench, timedGet } from "./bench-kit.ts";
import { onEachEngine, startApp, throughput, throwawayDatabase, type ThroughputRun } from "./bench-server.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3223);
const LINES = Number(process.env.BENCH_LOG_LINES ?? 1_000_000);
const PART = process.env.BENCH_PART ?? "both";
const RECORDS = 2000;

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

async function overhead(): Promise<void> {
  const db = await throwawayDatabase("crm_bench_request_log");
  const started: { proc: ChildProcess; dataDir: string }[] = [];
  try {
    // The log's server migrates and seeds the demo tenant; the other shares its database.
    const on = await startApp(PORT, { DATABASE_URL: db.url });
    started.push(on);
    const off = await startApp(PORT + 1, { DATABASE_URL: db.url, SEED_DEMO: "false", REQUEST_LOG: "off" });
    started.push(off);
    const key = (JSON.parse(readFileSync(path.join(on.dataDir, "demo-credentials.json"), "utf8")) as { apiKey: string }).apiKey;
    const owner = new pg.Client({ connectionString: db.url });
    await owner.connect();
    // A limit past what any run sends: the bench measures the log, not the limiter's refusals.
    await owner.query("UPDATE api_key SET rate_limit = 100000000");
    for (let n = 0; n < RECORDS; n += 500) {
      const records = Array.from({ length: 500 }, (_, k) => ({ first_name: `Bench ${n + k}`, last_name: "Log" }));
      const res = await fetch(`http://127.0.0.1:${PORT + 1}/api/v1/contact/bulk`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ records }),
      });
      if (!res.ok) throw new Error(`seeding: ${res.status} ${await res.text()}`);
    }
    const ids = (
      await owner.query<{ id: string }>(
        "SELECT r.id::text FROM record r JOIN object_def o ON o.id = r.object_id WHERE o.api_name = 'contact'",
      )
    ).rows.map((r) => r.id);
    const linesBefore = Number((await owner.query<{ n: string }>("SELECT count(*) AS n FROM api_request_log")).rows[0]!.n);

    const sides = [
      { name: "request log on", port: PORT, proc: on.proc },
      { name: "REQUEST_LOG=off", port: PORT + 1, proc: off.proc },
    ];
    const byId = (i: number) => `/api/v1/contact/${ids[(i * 7919) % ids.length]}`;
    const results = new Map<string, ThroughputRun[]>();
    let answeredWithLog = 0;
    for (let r = 0; r < ROUNDS; r++) {
      for (const side of r % 2 ? [...sides].reverse() : sides) {
        for (const c of [10, 50]) {
          const run = await throughput({ port: side.port, proc: side.proc, connections: c, seconds: SECONDS, path: byId, key });
          if (side.port === PORT) answeredWithLog += run.total;
          results.set(`${side.name}|${c}`, [...(results.get(`${side.name}|${c}`) ?? []), run]);
          log(
            `round ${r + 1}: ${side.name}, c=${c}: ${run.rps.toFixed(0)} req/s, CPU per request ${run.cpuMs.toFixed(3)} ms server, ` +
              `${run.dbCpuMs.toFixed(3)} ms PostgreSQL`,
          );
        }
      }
    }
    await new Promise((r) => setTimeout(r, 1500)); // the writer's last batch
    const lines = Number((await owner.query<{ n: string }>("SELECT count(*) AS n FROM api_request_log")).rows[0]!.n) - linesBefore;
    await owner.end();

    console.log(
      `\nGET /api/v1/contact/{id}, request log on vs off (PostgreSQL, ${ids.length} records, ${SECONDS} s runs, medians of ${ROUNDS})`,
    );
    console.log(
      "| connections | log on | REQUEST_LOG=off | on / off | server CPU per request, on / off | PostgreSQL CPU per request, on / off |",
    );
    console.log("|---|---|---|---|---|---|");
    for (const c of [10, 50]) {
      const [a, b] = sides.map((s) => results.get(`${s.name}|${c}`)!);
      const rps = [a!, b!].map((rs) => median(rs.map((x) => x.rps)));
      const cpu = [a!, b!].map((rs) => median(rs.map((x) => x.cpuMs)));
      const db = [a!, b!].map((rs) => median(rs.map((x) => x.dbCpuMs)));
      console.log(
        `| ${c} | ${rps[0]!.toFixed(0)} req/s | ${rps[1]!.toFixed(0)} req/s | ${(rps[0]! / rps[1]!).toFixed(3)}× | ` +
          `${cpu[0]!.toFixed(3)} / ${cpu[1]!.toFixed(3)} ms | ${db[0]!.toFixed(3)} / ${db[1]!.toFixed(3)} ms |`,
      );
    }
    console.log(`lines written by the log's side: ${lines} for ${answeredWithLog} requests answered`);
  } finally {
    for (const s of started) {
      s.proc.kill("SIGTERM");
      await new Promise((r) => s.proc.once("exit", r));
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    await db.drop();
  }
}

/** A key with one line in 10,000. */
const RARE_KEY = randomUUID();

const logRoute = apiRouter().match(["api", "v1", "request-log"])!.route.methods.GET! as RouteHandler;

/** One tenant's LINES lines over 20 keys, statuses and paths of a busy integration, through request_log_append. */
async function seedLines(tenantId: string, keys: string[]): Promise<string[]> {
  const requestIds: string[] = [];
  // Request ids (the lines' keys) as the app makes them, at the times the seed spreads over 6 days.
  const seq = uuidV7Sequence();
  const statuses = [200, 200, 200, 200, 200, 201, 204, 400, 404, 429];
  const start = Date.now() - 6 * 24 * 3600_000;
  for (let n = 0; n < LINES; n += 5000) {
    const batch = Array.from({ length: Math.min(5000, LINES - n) }, (_, k) => {
      const i = n + k;
      const at = start + Math.floor((i * 6 * 24 * 3600_000) / LINES);
      const requestId = seq(at);
      if (i % 50_000 === 0) requestIds.push(requestId);
      const status = statuses[i % statuses.length]!;
      return {
        tenant_id: tenantId,
        id: requestId,
        created_at: new Date(at).toISOString(),
        credential_kind: "api_key",
        credential_id: i % 10_000 === 5 ? RARE_KEY : keys[i % keys.length],
        method: i % 3 ? "GET" : "POST",
        path: i % 7 ? `/api/v1/contact/${randomUUID()}` : "/api/mcp",
        status,
        duration_ms: 3 + (i % 40),
        ip: "203.0.113.9",
        error: status >= 400 ? "not_found" : null,
      };
    });
    await withJobSql(async (tx) => tx.$queryRaw`SELECT request_log_append(${JSON.stringify(batch)}::jsonb)`, { timeoutMs: 120_000 });
  }
  return requestIds;
}

async function readAtSize(engine: string, db: Promise<Database>): Promise<void> {
  setDatabase(db);
  setRateLimiter(createMemoryRateLimiter());
  const t = await createTestTenant("bench-request-log");
  const admin = await createTestKey(t, { rateLimit: 100000 });
  const keys = Array.from({ length: 20 }, () => randomUUID());
  const started = performance.now();
  const requestIds = await seedLines(t.tenantId, keys);
  log(`${engine}: ${LINES} lines written in ${((performance.now() - started) / 1000).toFixed(1)} s (never analyzed)`);
  const cases: [string, Record<string, string>][] = [
    ["newest 25", {}],
    ["one key", { keyId: keys[3]! }],
    ["one key, 4xx", { keyId: keys[3]!, status: "4xx" }],
    ["a key with 0.01% of the lines", { keyId: RARE_KEY }],
    ["by request id", { requestId: requestIds[requestIds.length >> 1]! }],
    ["status 429 (a tenth)", { status: "429" }],
    ["status 5xx (none)", { status: "5xx" }],
    ["path prefix /api/mcp", { path: "/api/mcp" }],
    ["path that matches nothing", { path: "/api/v1/nothing" }],
    ["since 1 day ago", { since: new Date(Date.now() - 24 * 3600_000).toISOString() }],
    ["page 2 of one key", { keyId: keys[5]!, limit: "100" }],
  ];
  console.log(`\nGET /api/v1/request-log at ${LINES} lines of one tenant (${engine}, never analyzed, median of 5)`);
  console.log("| filter | ms | lines |");
  console.log("|---|---|---|");
  for (const [name, query] of cases) {
    const { ms, n } = await timedGet(logRoute, "http://localhost/api/v1/request-log", admin.secret, { limit: "25", ...query });
    console.log(`| ${name} | ${ms.toFixed(1)} | ${n} |`);
  }
  await flushRequestLog(); // the bench's own requests' lines, before the database closes
}

async function main() {
  if (PART !== "read") {
    if (!process.env.DATABASE_URL) throw new Error("set DATABASE_URL: the overhead part runs on PostgreSQL (BENCH_PART=read skips it)");
    await overhead();
  }
  if (PART !== "overhead") {
    await onEachEngine("crm_bench_request_log_read", readAtSize);
  }
}

runBench(main);
