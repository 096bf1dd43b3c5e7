/**
 * The Redis limiter when Redis goes away mid-run: a private redis-server that the test kills
 * (connections refused) or SIGSTOPs (a hung server that keeps its connections), then brings back.
 * The limiter must refuse within a second each time and count again by itself afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { startPrivateRedis, type PrivateRedis } from "../../tests/helpers/redis-server.ts";
import { startTcpProxy } from "../../tests/helpers/tcp-proxy.ts";
import { timed, type Timed } from "../../tests/helpers/timed.ts";
import { createRedisRateLimiter } from "./redis-limiter.ts";
import type { RateLimiter, RateLimitResult } from "./types.ts";

/** consume()'s outcome and how long it took. */
function timedConsume(l: RateLimiter, key: string): Promise<Timed<RateLimitResult>> {
  return timed(() => l.consume(key, 100));
}

function expectUnavailable(outcome: Timed<RateLimitResult>): void {
  expect(outcome.error).toBeInstanceOf(AppError);
  expect(outcome.error).toMatchObject({ code: "rate_limiter_unavailable", status: 503 });
  expect((outcome.error as AppError).retryAfter).toBeGreaterThanOrEqual(1);
  // Within a second of the time this process was running (see timed.ts).
  expect(outcome.ms - outcome.stalledMs, JSON.stringify(outcome)).toBeLessThan(1_000);
}

/** Polls until consume() admits again; the limiter is never recreated. */
async function untilAdmitted(l: RateLimiter, key: string, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const outcome = await timedConsume(l, key);
    if (outcome.value?.allowed) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not recovered within ${withinMs} ms: ${String(outcome.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("redis limiter during a Redis outage", () => {
  let redis: PrivateRedis;
  let limiter: RateLimiter;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    limiter = createRedisRateLimiter(redis.url, { prefix: "crm:rl:outage:" });
  });

  afterAll(async () => {
    await limiter.close();
    redis.resume();
    await redis.stop();
  });

  it("a stopped Redis: each request is refused within 1 s; counting resumes when it is back", async () => {
    await untilAdmitted(limiter, "stopped", 5_000); // connected: a busy machine may take a moment
    expect((await timedConsume(limiter, "stopped")).value?.allowed).toBe(true);
    await redis.stop();
    for (let i = 0; i < 5; i++) expectUnavailable(await timedConsume(limiter, "stopped"));
    await expect(limiter.check()).rejects.toMatchObject({ code: "rate_limiter_unavailable" });

    await redis.start();
    await untilAdmitted(limiter, "stopped", 5_000);
    await expect(limiter.check()).resolves.toBeUndefined();
  });

  it("a hung Redis: each request is refused within 1 s; counting resumes when it answers again", async () => {
    expect((await timedConsume(limiter, "hung")).value?.allowed).toBe(true);
    redis.pause();
    try {
      const outcomes = [];
      for (let i = 0; i < 5; i++) outcomes.push(await timedConsume(limiter, "hung"));
      for (const o of outcomes) expectUnavailable(o);
      // Concurrent requests are bounded the same way.
      for (const o of await Promise.all(Array.from({ length: 20 }, () => timedConsume(limiter, "hung")))) expectUnavailable(o);
    } finally {
      redis.resume();
    }
    await untilAdmitted(limiter, "hung", 5_000);
  });

  it("a Redis hung from the start: refused within 1 s; counting starts when it answers", async () => {
    const proxy = await startTcpProxy({ host: "127.0.0.1", port: Number(new URL(redis.url).port) });
    proxy.freeze();
    const l = createRedisRateLimiter(proxy.via(redis.url), { prefix: "crm:rl:outage-start:" });
    try {
      for (let i = 0; i < 3; i++) expectUnavailable(await timedConsume(l, "start"));
      proxy.restore();
      await untilAdmitted(l, "start", 5_000);
      // Only the admission on recovery counted: the refused requests were never sent afterwards.
      expect(await l.consume("start", 100)).toMatchObject({ allowed: true, remaining: 98 });
    } finally {
      await l.close();
      await proxy.close();
    }
  });

  it("requests refused during the outage did not spend the bucket", async () => {
    // The restarted server started empty: it saw the admission on recovery and this one, none of
    // the refusals replayed after the reconnection.
    expect(await limiter.consume("stopped", 100)).toMatchObject({ allowed: true, remaining: 98 });
    // "hung" had 1 admission before the hang and 1 on recovery, plus at most the one request the
    // hung server had already received when the limiter gave up on it (it runs on resume).
    const r = await limiter.consume("hung", 100);
    expect(r.allowed).toBe(true);
    expect(r.remaining).toBeGreaterThanOrEqual(96);
  });
});
