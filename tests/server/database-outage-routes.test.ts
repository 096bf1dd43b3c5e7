/**
 * PostgreSQL lost under the built app, on both route paths (the API route layer, and Next's router
 * through the catch-all route file with API_ROUTE_LAYER=off), PostgreSQL runs only: each server's
 * database behind a TCP proxy the test freezes (a hung server) and cuts (a stopped one) mid-run.
 * Every route — each path of the registry, and every other route file under /api and
 * /.well-known — answers within a bound, never 500: a request that needs the database (every
 * registry path with a key) answers 503 JSON with Retry-After, the rest as they can without it
 * (401 without a credential, /api/ping 200, /api/health 503); both paths answer alike; and every
 * route is served again once the database is back, without a restart.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasBuild, serverDatabase, startAppServer, type AppServer } from "../helpers/app-server.ts";
import { registryProbes, sweep, warm, type Answer } from "../helpers/route-probes.ts";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy.ts";

const runs = Boolean(process.env.DATABASE_URL) && hasBuild();

/** Short limits, so that a hung database is given up on quickly (the defaults are for production). */
const DB_LIMITS = { DB_CONNECT_TIMEOUT_MS: "1000", DB_POOL_TIMEOUT_MS: "1000", DB_STATEMENT_TIMEOUT_MS: "1000" };
/**
 * A statement on a connection that stopped answering is given up after the statement limit plus
 * the driver's margin (3 s); the circuit then opens and later requests fail at once. The rest is a
 * busy 2-core machine running two servers.
 */
const ANSWERED_WITHIN_MS = 6_000;
const needsDatabase = new Set(registryProbes.map((p) => p.name));

function expectAnswered(answers: Answer[], what: string): void {
  for (const a of answers) {
    const label = `${what}: ${a.probe.name} → ${a.status} ${a.body.slice(0, 160)}`;
    expect(a.ms, label).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(a.status, label).not.toBe(500);
    if (needsDatabase.has(a.probe.name)) expect(a.status, label).toBe(503);
    if (a.status === 503) {
      expect(a.retryAfter, label).toMatch(/^[1-9]\d*$/);
      // The authorization endpoint answers the browser it was sent to with a page; every other route answers JSON.
      expect(a.contentType, label).toMatch(a.probe.path.startsWith("/api/oauth/authorize") ? /^text\/html/ : /^application\/json/);
    }
  }
}

/** The two paths answer each route alike: the same status (bodies carry request ids). */
function expectAlike(layer: Answer[], router: Answer[], what: string): void {
  const statuses = (answers: Answer[]) => Object.fromEntries(answers.map((a) => [a.probe.name, a.status]));
  expect(statuses(layer), what).toEqual(statuses(router));
}

describe.skipIf(!runs)("PostgreSQL lost under the running app, every API route (PostgreSQL, needs a build)", () => {
  let servers: { layer: AppServer; router: AppServer };
  const proxies: TcpProxy[] = [];
  const databases: Awaited<ReturnType<typeof serverDatabase>>[] = [];
  let outage = false;

  /** Until both servers serve every route again by themselves (no 5xx), in one whole sweep each, within 30 s. */
  async function recovered(after: string): Promise<void> {
    for (const [mode, server] of Object.entries(servers)) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const failed = (await sweep(server))
          .filter((a) => a.status >= 500)
          .map((a) => `${a.probe.name} → ${a.status} ${a.body.slice(0, 160)}`);
        if (!failed.length) break;
        if (Date.now() > deadline) throw new Error(`${mode}, not back within 30 s after ${after}: ${failed.join("; ")}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  afterEach(async () => {
    if (!outage) return;
    for (const p of proxies) p.restore();
    await recovered("a failed test");
    outage = false;
  }, 60_000);

  beforeAll(async () => {
    const start = async (API_ROUTE_LAYER: string) => {
      const db = await serverDatabase();
      databases.push(db);
      const url = new URL(db.env.DATABASE_URL!);
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      proxies.push(proxy);
      const env = { ...DB_LIMITS, DATABASE_URL: proxy.via(db.env.DATABASE_URL!), API_ROUTE_LAYER, JOBS: "off" };
      return startAppServer({ env, readyPath: "/api/ping" });
    };
    const [layer, router] = await Promise.all([start("on"), start("off")]);
    servers = { layer, router };
    await Promise.all([warm(layer), warm(router)]);
    // Served before the outage: the demo key and every route work.
    await recovered("start-up");
  }, 180_000);

  afterAll(async () => {
    await Promise.all(Object.values(servers ?? {}).map((s) => s.stop()));
    for (const p of proxies) await p.close();
    for (const db of databases) await db.drop();
  });

  it.each([
    ["hung", (p: TcpProxy) => p.freeze()],
    ["refused", (p: TcpProxy) => p.cut()],
  ])(
    "%s mid-run: every route answers within the bound, never 500, 503 with Retry-After where it needs the database; alike on both paths; served again after",
    async (failure, fail) => {
      outage = true;
      for (const p of proxies) fail(p);
      const layer = await sweep(servers.layer);
      const router = await sweep(servers.router);
      expectAnswered(layer, `layer, ${failure}`);
      expectAnswered(router, `router, ${failure}`);
      expectAlike(layer, router, failure);
      for (const p of proxies) p.restore();
      await recovered(failure);
      outage = false;
    },
    120_000,
  );
});
