/**
 * REST while the rate limiter's Redis is stopped or hung: GET /objects through the route handler,
 * with a Redis limiter that reaches a private redis-server through a TCP proxy the test cuts,
 * freezes and restores. Fail closed: 503 within a second, then 200 again without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as openapiRoute } from "@/app/api/v1/openapi.json/route.ts";
import { createRedisRateLimiter, getRateLimiter, setRateLimiter, type RateLimiter } from "@/lib/rate-limit/index.ts";
import { createTestKey, createTestTenant } from "../helpers/fixtures.ts";
import { startPrivateRedis, type PrivateRedis } from "../helpers/redis-server.ts";
import { MCP_URL, mcpFetch } from "../helpers/mcp.ts";
import { call, type CallResult } from "../helpers/rest.ts";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy.ts";
import { timed } from "../helpers/timed.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { GET: listObjectsRoute } = restRoute("/objects");

type TimedCall = CallResult & { ms: number; stalledMs: number };

async function timedCall(auth: string | undefined): Promise<TimedCall> {
  const { value, error, ms, stalledMs } = await timed(() => call(listObjectsRoute, { auth }));
  if (!value) throw error;
  return { ...value, ms, stalledMs };
}

function expectLimiterUnavailable(res: TimedCall): void {
  expect(res.status).toBe(503);
  expect(res.json()).toMatchObject({ error: "Rate limiter unavailable", code: "rate_limiter_unavailable", requestId: expect.any(String) });
  expect(res.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  // Within a second of the time this process was running (see timed.ts).
  expect(res.ms - res.stalledMs).toBeLessThan(1_000);
}

/** Polls until the key is served again; nothing is restarted or replaced meanwhile. */
async function servedAgain(secret: string): Promise<CallResult> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await call(listObjectsRoute, { auth: secret });
    if (res.status === 200 || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("REST when the rate limiter's Redis is down", () => {
  let redis: PrivateRedis;
  let proxy: TcpProxy;
  let limiter: RateLimiter;
  let fileLimiter: RateLimiter;
  let secret: string;

  beforeAll(async () => {
    secret = (await createTestKey(await createTestTenant("rl-outage"))).secret;
    redis = await startPrivateRedis();
    proxy = await startTcpProxy({ host: "127.0.0.1", port: Number(new URL(redis.url).port) });
    fileLimiter = getRateLimiter();
    limiter = createRedisRateLimiter(proxy.via(redis.url), { prefix: "crm:rl:rest-outage:" });
    setRateLimiter(limiter);
  });

  afterAll(async () => {
    setRateLimiter(fileLimiter);
    await limiter?.close();
    await proxy?.close();
    await redis?.stop();
  });

  it("a stopped Redis: a valid key gets 503 Rate limiter unavailable with Retry-After within 1 s, then 200 when Redis is back", async () => {
    expect((await servedAgain(secret)).status).toBe(200); // connected: a busy machine may take a moment
    proxy.cut();
    for (let i = 0; i < 3; i++) expectLimiterUnavailable(await timedCall(secret));
    // A request without a valid key cannot be counted either: 503, not an uncounted 401.
    expectLimiterUnavailable(await timedCall("Bearer not-a-key"));

    proxy.restore();
    const back = await servedAgain(secret);
    expect(back.status).toBe(200);
    expect(back.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  });

  it("MCP answers the same 503 with Retry-After, for protocol messages and tool calls", async () => {
    proxy.cut();
    try {
      const send = (body: unknown) =>
        mcpFetch(MCP_URL, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${secret}` },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, ...(body as object) }),
        });
      const {
        value: init,
        ms,
        stalledMs,
      } = await timed(() =>
        send({
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
        }),
      );
      expect(ms - stalledMs).toBeLessThan(1_000);
      if (!init) throw new Error("no answer");
      expect(init.status).toBe(503);
      expect(init.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
      const refusal = {
        jsonrpc: "2.0",
        id: 1,
        error: {
          code: -32000,
          message: "Rate limiter unavailable",
          data: { error: "Rate limiter unavailable", code: "rate_limiter_unavailable" },
        },
      };
      expect(await init.json()).toMatchObject(refusal);
      // A tool call is refused the same way, before the SDK sees it: HTTP 503, not a tool result.
      const tool = await send({ method: "tools/call", params: { name: "list_objects", arguments: {} } });
      expect(tool.status).toBe(503);
      expect(tool.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
      expect(await tool.json()).toMatchObject(refusal);
    } finally {
      proxy.restore();
    }
    expect((await servedAgain(secret)).status).toBe(200);
  });

  it("a hung Redis: each request answers 503 within 1 s, then 200 when it answers again", async () => {
    expect((await servedAgain(secret)).status).toBe(200);
    proxy.freeze();
    const results = [await timedCall(secret), ...(await Promise.all(Array.from({ length: 5 }, () => timedCall(secret))))];
    for (const res of results) expectLimiterUnavailable(res);

    proxy.restore();
    expect((await servedAgain(secret)).status).toBe(200);
  });
});

describe("OpenAPI", () => {
  it("the document lists the 503 with Retry-After for authenticated operations", async () => {
    const doc = (await (
      await openapiRoute(new Request("http://localhost/api/v1/openapi.json"), { params: Promise.resolve({}) })
    ).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string; headers?: Record<string, unknown> }> }>>;
    };
    const unavailable = doc.paths["/objects"]?.get?.responses["503"];
    expect(unavailable?.description).toContain("Rate limiter unavailable");
    expect(unavailable?.headers).toHaveProperty("Retry-After");
  });
});
