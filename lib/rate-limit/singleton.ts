import { createMemoryRateLimiter } from "./memory-limiter.ts";
import { createRedisRateLimiter } from "./redis-limiter.ts";
import type { RateLimiter } from "./types.ts";

// Kept on globalThis rather than in a module variable: Next.js dev reloads modules and may bundle
// route handlers separately, which would otherwise give each copy its own buckets and its own
// Redis connection.
const KEY = Symbol.for("crm.rateLimiter");
type Holder = { [KEY]?: RateLimiter };
const holder = globalThis as Holder;

/** The process-wide limiter: Redis when REDIS_URL is set (shared by all instances), else memory. */
export function getRateLimiter(): RateLimiter {
  let limiter = holder[KEY];
  if (!limiter) {
    const url = process.env.REDIS_URL;
    limiter = url ? createRedisRateLimiter(url) : createMemoryRateLimiter();
    holder[KEY] = limiter;
  }
  return limiter;
}

/**
 * Replaces the process-wide limiter (tests). `undefined` makes the next getRateLimiter() build a
 * fresh one from the environment. The previous limiter is not closed: its owner does that.
 */
export function setRateLimiter(limiter: RateLimiter | undefined): void {
  if (limiter) holder[KEY] = limiter;
  else delete holder[KEY];
}
