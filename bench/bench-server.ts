/** What the benchmarks that drive the built app share: an admin's unlimited API key, and the server itself. */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import pg from "pg";
import { serverArgs } from "../scripts/server-args.mjs";
import { randomBytes } from "node:crypto";
import { generateApiKey } from "../lib/auth/api-key-format.ts";
import { hashPassword } from "../lib/auth/password.ts";
import { withTenant } from "../lib/db/tenant.ts";

/**
 * An API key of the tenant's admin (created when the tenant has no user yet) with a limit past what
 * any run sends (the UI caps it at 10,000/min).
 */
export async function benchAdminKey(tenantId: string, adminRoleId?: string): Promise<string> {
  const key = generateApiKey(tenantId);
  await withTenant(tenantId, async (tx) => {
    const user =
      (await tx.user.findFirst({ where: { tenantId } })) ??
      (await tx.user.create({
        data: {
          tenantId,
          email: `bench-${tenantId}@example.com`,
          name: "Bench",
          passwordHash: await hashPassword(randomBytes(12).toString("hex")),
          roleId: adminRoleId!,
        },
      }));
    await tx.apiKey.create({
      data: {
        tenantId,
        id: key.id,
        name: "bench",
        prefix: key.prefix,
        secretHash: key.secretHash,
        createdById: user.id,
        rateLimit: 10_000,
        allowDelete: true,
      },
    });
    await tx.$executeRaw`UPDATE api_key SET rate_limit = 100000000 WHERE tenant_id = ${tenantId}::uuid AND id = ${key.id}::uuid`;
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
