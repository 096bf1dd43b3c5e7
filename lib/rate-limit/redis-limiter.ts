import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { assertValidLimit, assertValidWindow, toResult } from "./result.ts";
import { RATE_LIMIT_LUA } from "./redis-script.ts";
import type { Decision } from "./sliding-log.ts";
import { DEFAULT_WINDOW_MS, type RateLimiter } from "./types.ts";

export interface RedisRateLimiterOptions {
  windowMs?: number;
  /** Namespace for the logs, so several apps or test runs can share one Redis. */
  prefix?: string;
  /**
   * Epoch milliseconds passed to the script instead of the Redis server's clock (tests). Every
   * instance sharing the Redis must then use the same clock.
   */
  now?: () => number;
}

// Not the fixed-window counters' `crm:rl:`: those are strings the script cannot read; left alone,
// they expire within a minute.
export const DEFAULT_PREFIX = "crm:rlog:";

/** The custom command defineCommand() adds; typed here instead of augmenting ioredis globally. */
interface RateLimitCommands {
  crmRateLimit(key: string, windowMs: number, limit: number, member: string, now: string): Promise<[number, number, number, number]>;
}

/**
 * Limiter shared by every app process through Redis. Each consume() is one EVALSHA round trip
 * (ioredis falls back to EVAL when the script cache is empty), and the script is atomic, so the
 * log is exact under any concurrency.
 */
export function createRedisRateLimiter(url: string, opts: RedisRateLimiterOptions = {}): RateLimiter {
  const windowMs = opts.windowMs ?? DEFAULT_WINDOW_MS;
  assertValidWindow(windowMs);
  const prefix = opts.prefix ?? DEFAULT_PREFIX;
  // Members must be unique per request: this process's tag and a counter.
  const tag = randomBytes(6).toString("base64url");
  let seq = 0;

  const redis = new Redis(url, {
    // Connect at startup so the first API request does not pay for the handshake.
    lazyConnect: false,
    // Queue commands issued while (re)connecting instead of failing them at once...
    enableOfflineQueue: true,
    // ...but give up after one reconnect attempt, so a Redis outage surfaces as an error (and a
    // 500) within moments instead of holding every request open.
    maxRetriesPerRequest: 1,
  });
  // Without a listener ioredis prints "Unhandled error event" for every failed reconnect. The
  // errors that matter reach callers as rejected consume() calls.
  redis.on("error", () => {});
  redis.defineCommand("crmRateLimit", { numberOfKeys: 1, lua: RATE_LIMIT_LUA });
  const commands = redis as Redis & RateLimitCommands;

  return {
    async consume(key, limit) {
      assertValidLimit(limit);
      const at = opts.now?.();
      // Errors propagate on purpose: failing open would let a credential bypass its limit
      // whenever Redis is unhealthy.
      const [allowed, count, nextInMs, fullInMs] = await commands.crmRateLimit(
        prefix + key,
        windowMs,
        limit,
        `${tag}:${(seq++).toString(36)}`,
        at === undefined ? "" : String(at),
      );
      const decision: Decision = { allowed: allowed === 1, count, nextInMs, fullInMs };
      // The delays are the server's view; only the conversion to an absolute X-RateLimit-Reset
      // uses this process's clock.
      return toResult(limit, decision, at ?? Date.now());
    },

    async close() {
      // QUIT waits for pending replies; when not connected it would only sit in the offline
      // queue, so drop the connection instead.
      if (redis.status === "ready") {
        await redis.quit();
      } else {
        redis.disconnect();
      }
    },
  };
}
