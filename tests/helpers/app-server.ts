import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openPglite } from "../../lib/db/pglite.ts";
import { withTripwirePreload } from "../setup/net-tripwire.mjs";

/**
 * The built app as `npm start` runs it (server.mjs, NODE_ENV=production), in its own process
 * with its own data directory, for tests of what only a real HTTP server shows: raw requests,
 * streamed bodies, memory, start-up. Needs a build (`npm test` builds first; alone: `npx next build`).
 */
export interface AppServer {
  url: string;
  proc: ChildProcess;
  dataDir: string;
  /** The demo API key the server seeded and saved in its data directory. */
  demoApiKey(): string;
  /** Resident memory of the server process, in MiB (Linux /proc). */
  rssMiB(): number;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export const hasBuild = (): boolean => existsSync(path.join(process.cwd(), ".next", "BUILD_ID"));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * On PostgreSQL runs (DATABASE_URL set), a database of the server's own, dropped by `drop()`:
 * already migrated (a copy of the run's template, tests/setup/global.ts), or empty with
 * `{ migrated: false }`; otherwise nothing (the server opens PGlite in its data directory).
 */
export async function serverDatabase(o: { migrated?: boolean } = {}): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { env: {}, drop: async () => {} };
  const name = `crm_srv_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const template = o.migrated === false ? "" : inject("pgTemplate");
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * How long a server may take to be ready. Seconds on a quiet machine; on a CI machine busy with
 * three test workers and a browser, a PGlite server's start-up jobs once kept its health check
 * waiting past a minute.
 */
export const START_TIMEOUT_MS = 120_000;

export interface StartOptions {
  /** Variables over the defaults below; undefined leaves one unset (HOST, PUBLIC_BASE_URL). */
  env?: Record<string, string | undefined>;
  /** Wait until this path answers (any status below 500): `/api/ping` needs no database. */
  readyPath?: string;
  timeoutMs?: number;
}

/**
 * On PGlite, the server's database starts as the run's migrated snapshot (tests/setup/global.ts)
 * rather than from initdb and every migration: the start-up migration step then finds nothing to
 * do, and a server is ready seconds sooner on a busy machine. What start-up still does (seed, jobs) it does.
 */
async function prefillPglite(dataDir: string, env: Record<string, string | undefined> | undefined): Promise<void> {
  const snapshot = inject("pgliteSnapshot");
  if (!snapshot || env?.DATABASE_URL || env?.PGLITE_DATA_DIR) return;
  const db = await openPglite(path.join(dataDir, "pglite"), { loadDataDir: new Blob([await readFile(snapshot)]) });
  await db.close();
}

export async function startAppServer(o: StartOptions = {}): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crm-srv-"));
  await prefillPglite(dataDir, o.env);
  const proc = spawn(process.execPath, ["server.mjs"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: url,
      DATA_DIR: dataDir,
      SEED_ADMIN_PASSWORD: "server-test-password",
      ...o.env,
      // The network tripwire: what the server looks up or connects to beyond the loopback fails the test (tests/setup/per-file.ts).
      NODE_OPTIONS: withTripwirePreload(o.env?.NODE_OPTIONS ?? process.env.NODE_OPTIONS),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  proc.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((resolve) => proc.once("exit", resolve));
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (o.timeoutMs ?? START_TIMEOUT_MS);
  const readyPath = o.readyPath ?? "/api/health";
  // The server answers once its first start-up attempt is through, and a seed that failed once goes
  // on retrying behind it: tests that sign in as the demo admin or read its key wait for the seed.
  const seeds = !o.readyPath && (o.env?.SEED_DEMO ?? process.env.SEED_DEMO) !== "false";
  for (;;) {
    if (proc.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited with ${proc.exitCode}:\n${output}`);
    }
    const ready = await fetch(url + readyPath).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ready && (!seeds || output.includes("Log in at "))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not ready within ${o.timeoutMs ?? START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    proc,
    dataDir,
    demoApiKey: () => (JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as { apiKey: string }).apiKey,
    rssMiB: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, "utf8"))?.[1] ?? 0) / 1024,
    output: () => output,
    stop,
  };
}

/**
 * For a describe block: the built app started once before its tests (with its own database on
 * PostgreSQL runs) and stopped after them. The returned server forwards to the running one.
 */
export function useAppServer(o: StartOptions = {}): AppServer {
  let started: AppServer | undefined;
  let db: Awaited<ReturnType<typeof serverDatabase>> | undefined;
  beforeAll(async () => {
    if (!hasBuild()) throw new Error("This test runs the built app: run `npx next build` first");
    db = await serverDatabase();
    started = await startAppServer({ ...o, env: { ...db.env, ...o.env } });
  }, 180_000);
  afterAll(async () => {
    await started?.stop();
    await db?.drop();
  });
  const running = (): AppServer => {
    if (!started) throw new Error("the app server has not started");
    return started;
  };
  return {
    get url() {
      return running().url;
    },
    get proc() {
      return running().proc;
    },
    get dataDir() {
      return running().dataDir;
    },
    demoApiKey: () => running().demoApiKey(),
    rssMiB: () => running().rssMiB(),
    output: () => running().output(),
    stop: () => running().stop(),
  };
}
