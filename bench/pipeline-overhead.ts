/**
 * What the request pipeline costs (auth + rate limit + RLS transaction), measured side by side in
 * one run, in-process (no HTTP), on PGlite and — when DATABASE_URL is set — on PostgreSQL, with the
 * in-process limiter and — when REDIS_URL is set — Redis.
 *
 *   npx tsx bench/pipeline-overhead.ts            (PGlite)
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/pipeline-overhead.ts
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { z } from "zod";
import { rest } from "../lib/adapters/rest/rest-handler.ts";
import type { RouteHandler } from "../lib/adapters/route-handler.ts";
import { openDatabase, setDatabase, type Database } from "../lib/db/client.ts";
import { withTenantSql } from "../lib/db/tenant.ts";
import { defineOperation } from "../lib/operations/define.ts";
import { createMemoryRateLimiter, createRedisRateLimiter, setRateLimiter } from "../lib/rate-limit/index.ts";
import { createTestKey, createTestTenant } from "../tests/helpers/fixtures.ts";
import { runBench } from "./bench-kit.ts";
import { apiRouter } from "../lib/adapters/api-router.ts";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000);
/** GET /api/v1/objects as the router serves it. */
const listObjectsRoute = apiRouter().match(["api", "v1", "objects"])!.route.methods.GET! as RouteHandler;

// The pipeline with an operation that does nothing: what every request pays before its own work.
const noop = defineOperation({
  name: "bench.noop",
  summary: "noop",
  description: "noop",
  scope: "none",
  http: { method: "GET", path: "/noop" },
  input: z.object({}),
  output: z.object({ ok: z.boolean() }),
  errors: [],
  authorize: () => undefined,
  run: async () => ({ ok: true }),
});
const bare: RouteHandler = async () => Response.json({ ok: true });

async function measure(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(200, ITERATIONS / 5); i++) await fn();
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  const total = performance.now() - start;
  samples.sort((a, b) => a - b);
  const q = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!;
  return { label, median: q(0.5), p95: q(0.95), perSecond: (ITERATIONS / total) * 1000 };
}

function request(auth?: string): Request {
  return new Request("http://localhost/api/v1/noop", { headers: auth ? { authorization: `Bearer ${auth}` } : {} });
}

async function benchEngine(name: string, db: Promise<Database>, limiterName: string) {
  setDatabase(db);
  await db;
  const tenant = await createTestTenant("bench");
  const key = (await createTestKey(tenant, { rateLimit: 10_000_000 })).secret;
  const ctx = { params: Promise.resolve({}) };
  const noopRoute = rest(noop);
  const rows = [
    await measure("bare route handler (constant JSON)", () => bare(request(), ctx)),
    await measure("empty tenant transaction (BEGIN, set_config, COMMIT)", () => withTenantSql(tenant.tenantId, async () => null)),
    await measure(`pipeline, no-op operation (auth + ${limiterName} rate limit + RLS tx)`, () => noopRoute(request(key), ctx)),
    await measure("GET /objects (pipeline + query)", () => listObjectsRoute(request(key), ctx)),
  ];
  const base = rows[0]!;
  console.log(`\n${name}, ${limiterName} rate limiter, ${ITERATIONS} sequential calls each`);
  console.log("| case | median ms | p95 ms | req/s | pipeline overhead vs bare (median) |");
  console.log("|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.median.toFixed(3)} | ${r.p95.toFixed(3)} | ${r.perSecond.toFixed(0)} | +${(r.median - base.median).toFixed(3)} ms |`,
    );
  }
  await (await db).close();
}

async function main() {
  const limiter = process.env.REDIS_URL
    ? createRedisRateLimiter(process.env.REDIS_URL, { prefix: `crm:bench:${randomBytes(4).toString("hex")}:` })
    : createMemoryRateLimiter();
  setRateLimiter(limiter);
  const limiterName = process.env.REDIS_URL ? "Redis" : "in-process";
  await benchEngine("PGlite (in-memory)", openDatabase({ engine: "pglite", dataDir: "memory://" }), limiterName);
  if (process.env.DATABASE_URL) {
    const name = `crm_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    try {
      await benchEngine("PostgreSQL", openDatabase({ engine: "postgres", ownerUrl: url.toString() }), limiterName);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  await limiter.close();
}

runBench(main);
