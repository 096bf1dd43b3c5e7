/**
 * The rate limiter's Redis lost under the built app, on both route paths (the API route layer, and
 * Next's router with API_ROUTE_LAYER=off): a private redis-server behind a TCP proxy the test
 * freezes (a hung server) and cuts (a stopped one), from the start and mid-run. Every API route —
 * each path of the registry, and every other route file under /api and /.well-known — answers
 * 503 JSON with Retry-After within a second while it is gone (routes that spend no rate limit
 * answer as they always do), each outage is one log line, not one per request, and every route is
 * served again once Redis is back, without a restart.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { hasBuild, serverDatabase, startAppServer, type AppServer } from "../helpers/app-server.ts";
import { startPrivateRedis, type PrivateRedis } from "../helpers/redis-server.ts";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy.ts";
import { timed } from "../helpers/timed.ts";

interface Probe {
  name: string;
  method: string;
  path: string;
  /** Sent as Bearer: the server's demo API key. */
  key?: boolean;
  headers?: Record<string, string>;
  body?: string;
  /** Spends a rate-limit bucket: answers 503 while Redis is gone. The others answer as they always do. */
  limited: boolean;
}

const NOWHERE = "00000000-0000-4000-8000-000000000000";
const JSON_BODY = { "content-type": "application/json" };
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const MCP = { ...JSON_BODY, accept: "application/json, text/event-stream" };
const rpc = (method: string, params: unknown) => JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
const initialize = rpc("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "outage", version: "1" } });

/** Every operation's path, its parameters naming nothing that exists: the limiter is spent before anything is looked up. */
const registryProbes: Probe[] = HTTP_OPERATIONS.map((op) => {
  const { method, path: apiPath, body } = op.http!;
  const filled = apiPath.replace(/\{(\w+)\}/g, (_, name: string) =>
    /^(object|apiName|fieldApiName)$/.test(name) ? "nothing_here" : NOWHERE,
  );
  return {
    name: `${method} ${apiPath}`,
    method,
    path: `/api/v1${filled}`,
    key: true,
    limited: true,
    ...(body && { headers: JSON_BODY, body: "{}" }),
  };
});

/** The other route files under /api and /.well-known (relative to app/), each with the requests that reach it. */
const routeFileProbes: Record<string, Probe[]> = {
  "api/[...path]/route.ts": [{ name: "unknown path", method: "GET", path: "/api/no-such-route", limited: true }],
  "api/auth/[...nextauth]/route.ts": [
    { name: "GET /api/auth/session", method: "GET", path: "/api/auth/session", limited: true },
    { name: "GET /api/auth/csrf", method: "GET", path: "/api/auth/csrf", limited: true },
  ],
  "api/files/[tenant]/[name]/route.ts": [{ name: "file link (unsigned)", method: "GET", path: `/api/files/${NOWHERE}/x`, limited: false }],
  "api/health/route.ts": [{ name: "GET /api/health", method: "GET", path: "/api/health", limited: true }],
  "api/mcp/route.ts": [
    { name: "MCP initialize", method: "POST", path: "/api/mcp", key: true, headers: MCP, body: initialize, limited: true },
    {
      name: "MCP tools/call",
      method: "POST",
      path: "/api/mcp",
      key: true,
      headers: MCP,
      body: rpc("tools/call", { name: "list_objects", arguments: {} }),
      limited: true,
    },
    { name: "MCP without a key", method: "POST", path: "/api/mcp", headers: MCP, body: initialize, limited: true },
    { name: "MCP GET (405)", method: "GET", path: "/api/mcp", key: true, limited: false },
  ],
  "api/oauth/authorize/route.ts": [
    { name: "GET /api/oauth/authorize", method: "GET", path: "/api/oauth/authorize?client_id=nope", limited: false },
  ],
  "api/oauth/register/route.ts": [
    { name: "POST /api/oauth/register", method: "POST", path: "/api/oauth/register", headers: JSON_BODY, body: "{}", limited: true },
  ],
  "api/oauth/revoke/route.ts": [
    {
      name: "POST /api/oauth/revoke",
      method: "POST",
      path: "/api/oauth/revoke",
      headers: FORM,
      body: "token=x&client_id=nope",
      limited: true,
    },
  ],
  "api/oauth/token/route.ts": [
    {
      name: "POST /api/oauth/token",
      method: "POST",
      path: "/api/oauth/token",
      headers: FORM,
      body: "grant_type=refresh_token&refresh_token=x&client_id=nope",
      limited: true,
    },
  ],
  "api/ping/route.ts": [{ name: "GET /api/ping", method: "GET", path: "/api/ping", limited: false }],
  "api/unsubscribe/[token]/route.ts": [
    { name: "GET /api/unsubscribe/{token}", method: "GET", path: "/api/unsubscribe/x", limited: true },
    { name: "POST /api/unsubscribe/{token}", method: "POST", path: "/api/unsubscribe/x", limited: true },
  ],
  "api/v1/[object]/[id]/[...rest]/route.ts": [
    { name: "unknown record path", method: "GET", path: `/api/v1/contact/${NOWHERE}/a/b`, key: true, limited: true },
  ],
  "api/v1/email/inbound/route.ts": [
    { name: "POST /api/v1/email/inbound", method: "POST", path: "/api/v1/email/inbound", body: "x", limited: true },
  ],
  "api/v1/openapi.json/route.ts": [
    { name: "OpenAPI document", method: "GET", path: "/api/v1/openapi.json", limited: true },
    { name: "OpenAPI document of the tenant", method: "GET", path: "/api/v1/openapi.json", key: true, limited: true },
  ],
  "api/v1/postman-collection.json/route.ts": [
    { name: "Postman collection", method: "GET", path: "/api/v1/postman-collection.json", limited: true },
  ],
  ".well-known/oauth-authorization-server/route.ts": [
    { name: "authorization server metadata", method: "GET", path: "/.well-known/oauth-authorization-server", limited: true },
  ],
  ".well-known/oauth-protected-resource/[[...resource]]/route.ts": [
    { name: "protected resource metadata", method: "GET", path: "/.well-known/oauth-protected-resource/api/mcp", limited: true },
  ],
};

const PROBES: Probe[] = [
  ...registryProbes,
  { name: "REST without a key", method: "GET", path: "/api/v1/objects", limited: true },
  { name: "REST method not allowed", method: "PUT", path: "/api/v1/objects", key: true, headers: JSON_BODY, body: "{}", limited: true },
  ...Object.values(routeFileProbes).flat(),
];

/** Route files under app/api and app/.well-known that are not a registry path's `restPath(...)` line. */
function otherRouteFiles(): string[] {
  const app = path.join(process.cwd(), "app");
  return ["api", ".well-known"]
    .flatMap((dir) => (readdirSync(path.join(app, dir), { recursive: true, encoding: "utf8" }) as string[]).map((f) => `${dir}/${f}`))
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith("/route.ts") && !readFileSync(path.join(app, f), "utf8").includes("restPath("))
    .sort();
}

interface Answer {
  probe: Probe;
  status: number;
  /** Time to the whole answer, less what this process itself stalled (timed.ts). */
  ms: number;
  retryAfter: string | null;
  contentType: string | null;
  body: string;
}

async function send(server: AppServer, probe: Probe): Promise<Answer> {
  const headers: Record<string, string> = { ...probe.headers };
  if (probe.key) headers.authorization = `Bearer ${server.demoApiKey()}`;
  const { value, error, ms, stalledMs } = await timed(async () => {
    const res = await fetch(server.url + probe.path, { method: probe.method, headers, body: probe.body, redirect: "manual" });
    return { res, body: await res.text() };
  });
  if (!value) throw new Error(`${probe.name}: ${String(error)}`);
  const { res, body } = value;
  return {
    probe,
    status: res.status,
    ms: ms - stalledMs,
    retryAfter: res.headers.get("retry-after"),
    contentType: res.headers.get("content-type"),
    body,
  };
}

/**
 * Requests in flight at once during a sweep. Each answer is timed, and the time is meant to show
 * waits on Redis, not a queue in front of a busy server (a 503 still costs the credential lookup).
 */
const IN_FLIGHT = 3;

/** Every probe, IN_FLIGHT at a time. */
async function sweep(server: AppServer): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < PROBES.length) {
      const i = next++;
      answers[i] = await send(server, PROBES[i]!);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return answers;
}

/**
 * Loads every route's code without running a handler (Next answers OPTIONS from the route file's
 * exports), so that the first sweep times the outage, not the first load of each route.
 */
async function warm(server: AppServer): Promise<void> {
  for (const path of new Set(PROBES.map((p) => p.path))) await (await fetch(server.url + path, { method: "OPTIONS" })).text();
}

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
