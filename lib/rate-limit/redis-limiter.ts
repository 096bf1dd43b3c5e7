import { Redis } from "ioredis";
import { assertValidLimit, assertValidWindow, toResult } from "./result.ts";
import { RATE_LIMIT_LUA } from "./redis-script.ts";
import { DEFAULT_WINDOW_MS, type RateLimiter } from "./types.ts";

export interface RedisRateLimiterOptions {
  windowMs?: number;
  /** Namespace for the counters, so several apps or test runs can share one Redis. */
  prefix?: string;
}

export const DEFAULT_PREFIX = "crm:rl:";

/** The custom command defineCommand() adds; typed here instead of augmenting ioredis globally. */
interface RateLimitCommands {
  crmRateLimit(key: string, windowMs: number, limit: number): Promise<[number, number]>;
}

/**
 * Limiter shared by every app process through Redis. Each consume() is one EVALSHA round trip
 * (ioredis falls back to EVAL when the script cache is empty), and the script is atomic, so the
 * count is exact under any concurrency.
 */
export function createRedisRateLimiter(url: string, opts: RedisRateLimiterOptions = {}): RateLimiter {
  const windowMs = opts.windowMs ?? DEFAULT_WINDOW_MS;
  assertValidWindow(windowMs);
  const prefix = opts.prefix ?? DEFAULT_PREFIX;

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
      // Errors propagate on purpose: failing open would let a credential bypass its limit
      // whenever Redis is unhealthy.
      const [attempt, ttlMs] = await commands.crmRateLimit(prefix + key, windowMs, limit);
      // The TTL is the server's view of the window; only the conversion to an absolute
      // X-RateLimit-Reset uses this process's clock.
      return toResult(limit, attempt, ttlMs, Date.now());
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
