/** What the benchmarks that drive the built app share: an admin's unlimited API key, and the server itself. */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import pg from "pg";
import { serverArgs } from "../scripts/server-args.mjs";
import { randomBytes, randomUUID } from "node:crypto";
import { generateApiKey } from "../lib/auth/api-key-format.ts";
import { hashPassword } from "../lib/auth/password.ts";
import { openDatabase, type Database } from "../lib/db/client.ts";
import { withTenantSql } from "../lib/db/tenant.ts";

/**
 * An API key of the tenant's admin (created when the tenant has no user yet) with a limit past what
 * any run sends (the UI caps it at 10,000/min).
 */
export async function benchAdminKey(tenantId: string, adminRoleId?: string): Promise<string> {
  const key = generateApiKey(tenantId);
  const passwordHash = await hashPassword(randomBytes(12).toString("hex"));
  await withTenantSql(tenantId, async (tx) => {
    const [found] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM app_user WHERE tenant_id = ${tenantId}::uuid LIMIT 1`;
    const userId = found?.id ?? randomUUID();
    if (!found)
      await tx.$executeRaw`INSERT INTO app_user (tenant_id, id, email, name, password_hash, role_id)
        VALUES (${tenantId}::uuid, ${userId}::uuid, ${`bench-${tenantId}@example.com`}, 'Bench', ${passwordHash}, ${adminRoleId!}::uuid)`;
    await tx.$executeRaw`INSERT INTO api_key (tenant_id, id, name, prefix, secret_hash, created_by_id, rate_limit, allow_delete)
      VALUES (${tenantId}::uuid, ${key.id}::uuid, 'bench', ${key.prefix}, ${key.secretHash}, ${userId}::uuid, 100000000, true)`;
  });
  return key.secret;
}

/** The Node the server runs on: BENCH_SERVER_NODE, or the benchmark's own (the package's Node 24). */
export const serverNode = process.env.BENCH_SERVER_NODE || process.execPath;

/**
 * The built app (server.mjs, as `npm start` runs it) on PostgreSQL at `url` (PGlite in env.DATA_DIR when
 * `url` is empty), once /api/health answers; `onLine` gets each line it prints.
 * BENCH_CPU_PROF=<dir> writes the server's V8 CPU profile there when it stops (NODE_OPTIONS may not carry --cpu-prof).
 * BENCH_SERVER_NODE=<node binary> runs the server on another Node than the benchmark's own (the package's Node 24), to
 * compare Node versions: e.g. `BENCH_SERVER_NODE=$(command -v node) npm run bench:directus` runs it on the machine's.
 */
export async function startBenchServer(
  url: string,
  port: number,
  env: Record<string, string> = {},
  onLine?: (line: string) => void,
): Promise<ChildProcess> {
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = spawn(serverNode, [...profile, ...serverArgs(process.env.NODE_OPTIONS)], {
    env: { ...process.env, DATABASE_URL: url, REDIS_URL: "", SEED_DEMO: "false", NODE_ENV: "production", PORT: String(port), ...env },
    stdio: ["ignore", onLine ? "pipe" : "ignore", onLine ? "pipe" : "inherit"],
  });
  // A benchmark that waits for something the server logs (a job's run) reads its lines; stderr still reaches the terminal.
  if (onLine) {
    for (const stream of [server.stdout!, server.stderr!]) {
      createInterface({ input: stream }).on("line", (line) => {
        if (stream === server.stderr) console.error(line);
        onLine(line);
      });
    }
  }
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill("SIGKILL");
  throw new Error("the server did not start");
}

/** A database of the run's own on the PostgreSQL server of DATABASE_URL, and how to drop it. */
export async function throwawayDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error("set DATABASE_URL (the benchmark runs on PostgreSQL)");
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: Object.assign(new URL(base), { pathname: `/${name}` }).toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Stops a server started by startBenchServer and waits for it to exit. */
export async function stopBenchServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  server.kill("SIGTERM");
  await once(server, "exit");
}

/** Until `url` answers 2xx; fails when the process exits first or after a minute. */
export async function waitFor(url: string, proc: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (proc.exitCode !== null) throw new Error(`${url}: the server exited with ${proc.exitCode}`);
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The built app (startBenchServer) with a data directory of its own, where the demo tenant's
 * credentials are (unless SEED_DEMO=false), and no jobs.
 */
export async function startApp(port: number, env: Record<string, string>): Promise<{ proc: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crm-bench-"));
  const proc = await startBenchServer(env.DATABASE_URL ?? "", port, { SEED_DEMO: "true", JOBS: "off", DATA_DIR: dataDir, ...env });
  return { proc, dataDir };
}

/** CPU time a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMsOf(proc: ChildProcess): number {
  const fields = readFileSync(`/proc/${proc.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time each PostgreSQL process on this machine has used so far, in ms, by pid (Linux /proc). */
function postgresCpu(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.split(") ")[1]!.split(" ");
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // a process that ended meanwhile
    }
  }
  return byPid;
}

/** The CPU PostgreSQL spent since `before`: processes that ended meanwhile are left out, new ones count whole. */
function postgresCpuSince(before: Map<string, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
}

export interface ThroughputRun {
  rps: number;
  /** CPU time the server process spent per answered request (user + system): what load elsewhere on the machine barely moves. */
  cpuMs: number;
  /** PostgreSQL's CPU time per request, every backend of the machine's server. */
  dbCpuMs: number;
  /** Requests answered, warm-up included. */
  total: number;
}

/** autocannon against `port` at `connections` for `seconds` after a 2 s warm-up; any non-2xx answer fails the bench. */
export async function throughput(o: {
  port: number;
  proc: ChildProcess;
  connections: number;
  seconds: number;
  path: (i: number) => string;
  key?: string;
}): Promise<ThroughputRun> {
  let i = 0;
  const run = (duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${o.port}`,
      connections: o.connections,
      duration,
      headers: o.key ? { authorization: `Bearer ${o.key}` } : {},
      requests: [{ setupRequest: (req) => ({ ...req, path: o.path(i++) }) }],
    });
  const warm = await run(2);
  const cpuBefore = cpuMsOf(o.proc);
  const dbBefore = postgresCpu();
  const result = await run(o.seconds);
  const cpu = cpuMsOf(o.proc) - cpuBefore;
  const db = postgresCpuSince(dbBefore);
  if (result.non2xx || result.errors) throw new Error(`port ${o.port}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const n = result.requests.total;
  return { rps: result.requests.average, cpuMs: cpu / n, dbCpuMs: db / n, total: warm.requests.total + n };
}

/**
 * `fn` on PGlite in a data directory of its own, then — when DATABASE_URL is set — on a throwaway
 * PostgreSQL database named after `prefix`; each database is closed (and dropped) afterwards.
 */
export async function onEachEngine(prefix: string, fn: (engine: string, db: Promise<Database>) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "crm-bench-pglite-"));
  try {
    const pglite = openDatabase({ engine: "pglite", dataDir: dir });
    await fn("PGlite", pglite);
    await (await pglite).close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!process.env.DATABASE_URL) return;
  const database = await throwawayDatabase(prefix);
  try {
    const postgres = openDatabase({ engine: "postgres", ownerUrl: database.url });
    await fn("PostgreSQL", postgres);
    await (await postgres).close();
  } finally {
    await database.drop();
  }
}
