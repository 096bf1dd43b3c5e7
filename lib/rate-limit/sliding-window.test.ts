/**
 * The sliding-window contract, run against both limiters with a clock the test moves by hand (the
 * Redis limiter passes it to its script instead of reading the server's clock).
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { redisReachable } from "../../tests/helpers/redis-server.ts";
import { createMemoryRateLimiter } from "./memory-limiter.ts";
import { createRedisRateLimiter } from "./redis-limiter.ts";
import type { RateLimiter } from "./types.ts";

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const reachable = await redisReachable(REDIS_URL);

const WINDOW = 60_000;
// 30.5 s past a clock minute, so neither clock minutes nor first requests line up with anything.
const T0 = Date.UTC(2030, 0, 1, 12, 0, 30, 500);
const seconds = (ms: number) => Math.ceil(ms / 1000);

function fakeClock(start: number) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** The largest number of `times` inside any half-open interval of `windowMs`. */
function maxInAnyWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

/** A small deterministic PRNG (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function contract(make: (now: () => number) => RateLimiter): void {
  const opened: RateLimiter[] = [];
  function limiter(clock: { now: () => number }): RateLimiter {
    const l = make(clock.now);
    opened.push(l);
    return l;
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((l) => l.close()));
  });

  it("a burst at the boundary admits at most the limit within any 60 s", async () => {
    const clock = fakeClock(T0);
    const l = limiter(clock);
    const admitted: number[] = [];
    const burst = async (n: number) => {
      let count = 0;
      for (let i = 0; i < n; i++) {
        if ((await l.consume("k", 120)).allowed) {
          admitted.push(clock.now());
          count++;
        }
      }
      return count;
    };

    expect(await burst(1)).toBe(1);
    clock.advance(59_000);
    expect(await burst(119)).toBe(119); // the bucket is empty now, 1 s before the first request's minute ends
    clock.advance(1_001);
    // Just past that minute only the first request has left the window: one more fits, not 120.
    expect(await burst(120)).toBe(1);
    expect(maxInAnyWindow(admitted, WINDOW)).toBeLessThanOrEqual(120);

    clock.advance(58_998); // 1 ms before the burst of 119 leaves the window
    const waiting = await l.consume("k", 120);
    expect(waiting).toMatchObject({ allowed: false, remaining: 0, retryAfter: 1 });
    clock.advance(1);
    expect(await burst(120)).toBe(119);
    expect(maxInAnyWindow(admitted, WINDOW)).toBe(120);
  });

  it("admits exactly when fewer than the limit were admitted in the last 60 s (random traffic)", async () => {
    const clock = fakeClock(T0);
    const l = limiter(clock);
    const next = random(7);
    const limit = 20;
    const log: number[] = [];
    for (let i = 0; i < 600; i++) {
      clock.advance(Math.floor(next() * 5_000));
      const now = clock.now();
      const inWindow = log.filter((t) => t > now - WINDOW);
      const r = await l.consume("k", limit);
      const expectAllowed = inWindow.length < limit;
      expect(r.allowed, `request ${i}`).toBe(expectAllowed);
      if (expectAllowed) {
        log.push(now);
        expect(r).toEqual({ allowed: true, limit, remaining: limit - inWindow.length - 1, resetAt: seconds(now + WINDOW), retryAfter: 0 });
      } else {
        const nextFree = inWindow[inWindow.length - limit]! + WINDOW;
        expect(r).toEqual({
          allowed: false,
          limit,
          remaining: 0,
          resetAt: seconds(inWindow.at(-1)! + WINDOW),
          retryAfter: seconds(nextFree - now),
        });
      }
    }
    expect(log.length).toBeGreaterThan(100);
    expect(log.length).toBeLessThan(600);
    expect(maxInAnyWindow(log, WINDOW)).toBe(limit);
  });

  it("Retry-After is the wait for the next admission, X-RateLimit-Reset when the bucket is full again", async () => {
    const clock = fakeClock(T0);
    const l = limiter(clock);
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await l.consume("k", 3);
      expect(r.resetAt).toBe(seconds(clock.now() + WINDOW));
      remaining.push(r.remaining);
      clock.advance(10_000);
    }
    expect(remaining).toEqual([2, 1, 0]);

    // T0+30 s: the request of T0 leaves at T0+60 s, the last one (T0+20 s) at T0+80 s.
    expect(await l.consume("k", 3)).toEqual({ allowed: false, limit: 3, remaining: 0, resetAt: seconds(T0 + 80_000), retryAfter: 30 });
    clock.advance(29_999);
    expect(await l.consume("k", 3)).toMatchObject({ allowed: false, retryAfter: 1 });
    clock.advance(1);
    expect(await l.consume("k", 3)).toMatchObject({ allowed: true, remaining: 0, resetAt: seconds(T0 + 120_000) });
  });

  it("a lowered limit waits until enough admissions have left the window", async () => {
    const clock = fakeClock(T0);
    const l = limiter(clock);
    for (let i = 0; i < 5; i++) {
      expect((await l.consume("k", 5)).allowed).toBe(true);
      clock.advance(1_000);
    }
    clock.advance(5_000); // T0+10 s; admissions at T0..T0+4 s
    // Limit 3: the one after this needs the admissions of T0, T0+1 s and T0+2 s gone.
    expect(await l.consume("k", 3)).toMatchObject({ allowed: false, remaining: 0, retryAfter: 52, resetAt: seconds(T0 + 64_000) });
    clock.advance(52_000);
    expect(await l.consume("k", 3)).toMatchObject({ allowed: true, remaining: 0 });
  });
}

describe("memory limiter: sliding window", () => {
  contract((now) => createMemoryRateLimiter({ now }));
});

describe.skipIf(!reachable)("redis limiter: sliding window", () => {
  const admin = new Redis(REDIS_URL);
  const prefix = `crm:rl:test:${randomUUID()}:`;
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });
  // One key name per test is enough: each test's limiter gets its own prefix.
  contract((now) => createRedisRateLimiter(REDIS_URL, { prefix: `${prefix}${randomUUID()}:`, now }));
});
