/**
 * Single creates of one tenant under concurrency, on PostgreSQL: POST /api/v1/product with
 * autocannon at 10 and 50 connections against the built server (server.mjs), in alternating rounds.
 * Writers of one tenant must not queue behind each other (lib/services/records/change-stamp.ts).
 *
 *   npm run build && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/tenant-write-concurrency.ts
 * Options: BENCH_SECONDS (10), BENCH_ROUNDS (3), BENCH_PORT (3211).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import autocannon from "autocannon";
import pg from "pg";
import { generateApiKey } from "../lib/auth/api-key-format.ts";
import { hashPassword } from "../lib/auth/password.ts";
import { openDatabase, setDatabase } from "../lib/db/client.ts";
import { withTenant } from "../lib/db/tenant.ts";
import { provisionTenant } from "../lib/services/tenants/provision-tenant.ts";
import { runBench } from "./bench-kit.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3211);
const BASE = `http://127.0.0.1:${PORT}`;

/** A tenant with an admin and an API key whose rate limit no run reaches. */
async function benchTenant(): Promise<string> {
  const { tenantId, roles } = await provisionTenant({ name: "Bench", slug: `bench-${randomBytes(4).toString("hex")}` });
  const key = generateApiKey(tenantId);
  await withTenant(tenantId, async (tx) => {
    const passwordHash = await hashPassword(randomBytes(12).toString("hex"));
    const user = await tx.user.create({
      data: { tenantId, email: "bench@example.com", name: "Bench", passwordHash, roleId: roles.admin! },
    });
    await tx.apiKey.create({
      data: {
        tenantId,
        id: key.id,
        name: "bench",
        prefix: key.prefix,
        secretHash: key.secretHash,
        createdById: user.id,
        rateLimit: 10_000,
      },
    });
    await tx.$executeRaw`UPDATE api_key SET rate_limit = 100000000 WHERE tenant_id = ${tenantId}::uuid AND id = ${key.id}::uuid`;
  });
  return key.secret;
}

async function startServer(url: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, DATABASE_URL: url, REDIS_URL: "", SEED_DEMO: "false", JOBS: "off", NODE_ENV: "production", PORT: String(PORT) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

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
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error("set DATABASE_URL (the benchmark runs on PostgreSQL)");
  const dbName = `crm_bench_writes_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = Object.assign(new URL(base), { pathname: `/${dbName}` }).toString();
  let server: ChildProcess | undefined;
  try {
    const db = openDatabase({ engine: "postgres", ownerUrl: url });
    setDatabase(db);
    const key = await benchTenant();
    await (await db).close();
    server = await startServer(url);
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
    if (server) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

runBench(main);
