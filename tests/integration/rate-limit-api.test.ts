/**
 * Per-key rate limiting as integrators see it: GET /objects through the REST route handler,
 * with the limiter per-file setup installs (memory, or Redis when REDIS_URL is set).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestKey, createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { call, type CallResult } from "../helpers/rest.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { GET: listObjectsRoute } = restRoute("/objects");

interface RateHeaders {
  limit: number;
  remaining: number;
  reset: number;
  retryAfter: number | null;
}

function rateHeaders(res: CallResult): RateHeaders {
  const int = (name: string): number => {
    const v = res.headers.get(name);
    expect(v, name).toMatch(/^\d+$/);
    return Number(v);
  };
  const retry = res.headers.get("retry-after");
  return {
    limit: int("x-ratelimit-limit"),
    remaining: int("x-ratelimit-remaining"),
    reset: int("x-ratelimit-reset"),
    retryAfter: retry === null ? null : Number(retry),
  };
}

const nowSeconds = () => Date.now() / 1000;

describe("rate limits on GET /objects", () => {
  let t: TestTenant;

  beforeAll(async () => {
    t = await createTestTenant("rate");
  });

  it("a 120/min key gets 120 requests counting down 119..0, then 429 with Retry-After; other keys are unaffected", async () => {
    const key = await createTestKey(t, { rateLimit: 120 });
    const other = await createTestKey(t, { rateLimit: 120 });
    const start = nowSeconds();

    const remaining: number[] = [];
    for (let i = 0; i < 120; i++) {
      const res = await call(listObjectsRoute, { auth: key.secret });
      expect(res.status, `request ${i + 1}`).toBe(200);
      const h = rateHeaders(res);
      expect(h.limit).toBe(120);
      expect(h.retryAfter).toBeNull();
      remaining.push(h.remaining);
    }
    expect(remaining).toEqual(Array.from({ length: 120 }, (_, i) => 119 - i));

    const refused = await call(listObjectsRoute, { auth: key.secret });
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({ error: "Rate limit exceeded", code: "rate_limited", requestId: expect.any(String) });
    const h = rateHeaders(refused);
    expect(h.limit).toBe(120);
    expect(h.remaining).toBe(0);
    expect(h.retryAfter).not.toBeNull();
    expect(Number.isInteger(h.retryAfter)).toBe(true);
    expect(h.retryAfter).toBeGreaterThanOrEqual(1);
    expect(h.retryAfter).toBeLessThanOrEqual(60);
    // X-RateLimit-Reset: epoch seconds when the bucket is full again, a minute after the last
    // admission (limits slide).
    const last = nowSeconds();
    expect(h.reset).toBeGreaterThanOrEqual(Math.floor(start) + 60);
    expect(h.reset).toBeLessThanOrEqual(Math.ceil(last) + 61);
    // Retry-After: until the first admission leaves the window, which is no later than the reset.
    expect(Math.floor(last) + h.retryAfter!).toBeGreaterThanOrEqual(Math.floor(start) + 59);
    expect(Math.floor(last) + h.retryAfter!).toBeLessThanOrEqual(h.reset + 1);

    // Still refused: refused requests do not reopen the bucket.
    expect((await call(listObjectsRoute, { auth: key.secret })).status).toBe(429);

    // Another key of the same tenant has its own bucket.
    const otherRes = await call(listObjectsRoute, { auth: other.secret });
    expect(otherRes.status).toBe(200);
    expect(rateHeaders(otherRes)).toMatchObject({ limit: 120, remaining: 119, retryAfter: null });
  });

  it("a key with rateLimit 5 gets 429 on the 6th request", async () => {
    const key = await createTestKey(t, { rateLimit: 5 });
    const statuses: number[] = [];
    const remaining: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(listObjectsRoute, { auth: key.secret });
      statuses.push(res.status);
      const h = rateHeaders(res);
      expect(h.limit).toBe(5);
      remaining.push(h.remaining);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(remaining).toEqual([4, 3, 2, 1, 0, 0]);
  });

  it("the 429 body carries no data, only the error", async () => {
    const key = await createTestKey(t, { rateLimit: 1 });
    expect((await call(listObjectsRoute, { auth: key.secret })).json()).toHaveProperty("data");
    const refused = await call(listObjectsRoute, { auth: key.secret });
    expect(refused.status).toBe(429);
    expect(refused.json()).not.toHaveProperty("data");
  });

  it("401 responses carry rate-limit headers too", async () => {
    const real = (await createTestKey(await createTestTenant("rate-other"))).secret;
    const tampered = real.slice(0, -1) + (real.endsWith("A") ? "B" : "A");
    for (const auth of [undefined, "Bearer not-a-key", tampered]) {
      const res = await call(listObjectsRoute, { auth });
      expect(res.status, String(auth)).toBe(401);
      const h = rateHeaders(res);
      expect(h.limit).toBeGreaterThan(0);
      expect(h.remaining).toBeLessThan(h.limit);
      expect(h.reset).toBeGreaterThan(nowSeconds());
      expect(h.reset).toBeLessThanOrEqual(Math.ceil(nowSeconds()) + 61);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
  });

  it("unauthenticated requests share one bucket that counts down", async () => {
    const first = rateHeaders(await call(listObjectsRoute, {}));
    const second = rateHeaders(await call(listObjectsRoute, { auth: "Bearer nope" }));
    expect(second.limit).toBe(first.limit);
    expect(second.remaining).toBe(first.remaining - 1);
  });
});
