/**
 * The rate limiter's Redis lost under the built app, on both route paths (the API route layer, and
 * Next's router with API_ROUTE_LAYER=off): a private redis-server behind a TCP proxy the test
 * freezes (a hung server) and cuts (a stopped one), from the start and mid-run. Every API route —
 * each path of the registry, and every other route file under /api and /.well-known — answers
 * 503 JSON with Retry-After within a second while it is gone (routes that spend no rate limit
 * answer as they always do), each outage is one log line, not one per request, and every route is
 * served again once Redis is back, without a restart.
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasBuild, serverDatabase, startAppServer, type AppServer } from "../helpers/app-server.ts";
import { startPrivateRedis, type PrivateRedis } from "../helpers/redis-server.ts";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy.ts";
import { otherRouteFiles, routeFileProbes, sweep, warm, type Answer } from "../helpers/route-probes.ts";

/**
 * The limiter gives up on Redis after 300 ms (redis-limiter.ts); the rest is the server's own work
 * for a 503, the credential lookup among it, which took past 1 s once on a CI machine at a load of 10
 * running two servers. A hung Redis without the deadline would hold the answer for as long as the hang.
 */
const REFUSED_WITHIN_MS = 1_500;

function expectRefused(answers: Answer[], what: string): void {
  for (const a of answers) {
    const label = `${what}: ${a.probe.name} → ${a.status} ${a.body.slice(0, 160)}`;
    if (!a.probe.limited) {
      expect(a.status, label).toBeLessThan(500);
      continue;
    }
    expect(a.status, label).toBe(503);
    expect(a.retryAfter, label).toMatch(/^[1-9]\d*$/);
    expect(a.contentType, label).toMatch(/^application\/json/);
    expect(JSON.stringify(JSON.parse(a.body)), label).toMatch(/rate_limiter_unavailable|temporarily_unavailable|Rate limiter unavailable/);
    expect(a.ms, label).toBeLessThan(REFUSED_WITHIN_MS);
  }
}

describe.skipIf(!hasBuild())("Redis lost under the running app, every API route (needs a build)", () => {
  let redis: PrivateRedis;
  let proxy: TcpProxy;
  let servers: { layer: AppServer; router: AppServer };
  const databases: Awaited<ReturnType<typeof serverDatabase>>[] = [];
  /** What each phase answered, for the table printed at the end. */
  const table = new Map<string, Map<string, Answer>>();

  const record = (mode: string, phase: string, answers: Answer[]) => {
    for (const a of answers) {
      const row = table.get(a.probe.name) ?? new Map<string, Answer>();
      const previous = row.get(`${mode} ${phase}`);
      if (!previous || a.ms > previous.ms) row.set(`${mode} ${phase}`, a);
      table.set(a.probe.name, row);
    }
  };
  const both = async (phase: string) => {
    const out = { layer: await sweep(servers.layer), router: await sweep(servers.router) };
    for (const [mode, answers] of Object.entries(out)) record(mode, phase, answers);
    return out;
  };

  /**
   * Until both servers serve every route again by themselves, in one whole sweep each (within 15 s:
   * a client that reconnects after a hang may drop its first connection once more, and on a loaded
   * machine one route's request can meet that); the buckets are emptied before and after, so the
   * sweeps stay under the limits. The sweep that passed is the table's "back" column.
   */
  async function recovered(after: string): Promise<void> {
    const flush = async () => {
      const client = new Redis(redis.url);
      await client.flushall();
      client.disconnect();
    };
    await flush();
    for (const [mode, server] of Object.entries(servers))
      await expect
        .poll(
          async () => {
            const answers = await sweep(server);
            const failed = answers.filter((a) => a.status >= 500).map((a) => `${a.probe.name} → ${a.status} ${a.body.slice(0, 160)}`);
            if (failed.length === 0) record(mode, "back", answers);
            return failed;
          },
          { timeout: 15_000, interval: 200, message: `${mode}, back after ${after}` },
        )
        .toEqual([]);
    await flush();
  }

  /** The log lines of an outage: exactly one saying Redis is unavailable, no error per request. */
  function expectOneLine(from: { layer: number; router: number }): void {
    for (const [mode, server] of Object.entries(servers)) {
      const lines = server
        .output()
        .slice(from[mode as keyof typeof from])
        .split("\n");
      expect(
        lines.filter((l) => l.includes("Redis unavailable")),
        mode,
      ).toHaveLength(1);
      expect(
        lines.filter((l) => /unhandled error|^\s+at |Error/.test(l) && !l.includes("Redis unavailable")),
        mode,
      ).toEqual([]);
    }
  }
  /** Redis is failing on purpose; a test that fails before it restores Redis leaves it to afterEach, so the next one starts served. */
  let outage = false;
  afterEach(async () => {
    if (!outage) return;
    proxy.restore();
    await recovered("a failed test");
    outage = false;
  }, 60_000);
  const offsets = () => ({ layer: servers.layer.output().length, router: servers.router.output().length });

  beforeAll(async () => {
    redis = await startPrivateRedis();
    proxy = await startTcpProxy({ host: "127.0.0.1", port: Number(new URL(redis.url).port) });
    // Hung from the start: the servers never reach Redis before the first sweep.
    proxy.freeze();
    const start = async (API_ROUTE_LAYER: string) => {
      const db = await serverDatabase();
      databases.push(db);
      return startAppServer({ env: { ...db.env, API_ROUTE_LAYER, REDIS_URL: proxy.via(redis.url) }, readyPath: "/api/ping" });
    };
    const [layer, router] = await Promise.all([start("on"), start("off")]);
    servers = { layer, router };
    await Promise.all([warm(layer), warm(router)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(Object.values(servers ?? {}).map((s) => s.stop()));
    for (const db of databases) await db.drop();
    await proxy?.close();
    await redis?.stop();
    const phases = [...new Set([...table.values()].flatMap((row) => [...row.keys()]))];
    const cell = (a: Answer | undefined) => (a ? `${a.status} ${Math.round(a.ms)}ms` : "");
    console.log(
      [`| route | ${phases.join(" | ")} |`, `|${"---|".repeat(phases.length + 1)}`]
        .concat([...table].map(([name, row]) => `| ${name} | ${phases.map((p) => cell(row.get(p))).join(" | ")} |`))
        .join("\n"),
    );
  });

  it("covers every route file under /api and /.well-known that is not a registry path", () => {
    expect(Object.keys(routeFileProbes).sort()).toEqual(otherRouteFiles());
  });

  it("from the start, hung then refused: 503 JSON with Retry-After within 1.5 s on every route, one log line", async () => {
    const from = offsets();
    outage = true;
    for (const [mode, answers] of Object.entries(await both("start, hung"))) expectRefused(answers, `${mode}, hung at start`);
    proxy.cut();
    for (const [mode, answers] of Object.entries(await both("start, refused"))) expectRefused(answers, `${mode}, refused at start`);
    expectOneLine(from);
    proxy.restore();
    await recovered("the start");
    outage = false;
    // Sweeps of every route on two servers, and the wait for both to serve again: over 30 s on a loaded machine.
  }, 90_000);

  it.each([
    ["refused", () => proxy.cut()],
    ["hung", () => proxy.freeze()],
  ])(
    "mid-run, %s: 503 JSON with Retry-After within 1.5 s on every route, one log line, served again once Redis is back",
    async (failure, fail) => {
      const from = offsets();
      outage = true;
      fail();
      for (const [mode, answers] of Object.entries(await both(`mid-run, ${failure}`)))
        expectRefused(answers, `${mode}, ${failure} mid-run`);
      expectOneLine(from);
      proxy.restore();
      await recovered(failure);
      outage = false;
    },
    90_000,
  );
});
