import type { RateLimitResult } from "./types.ts";

/**
 * Turns the raw state of a window into the public result. Both limiters go through here so their
 * headers cannot drift apart.
 *
 * @param attempt  position of this request in the window, counting it (the (limit+1)-th is refused)
 * @param ttlMs    milliseconds until the window ends
 * @param nowMs    epoch milliseconds used to turn ttlMs into an absolute reset time
 */
export function toResult(limit: number, attempt: number, ttlMs: number, nowMs: number): RateLimitResult {
  const allowed = attempt <= limit;
  // A window always has a little time left when we look at it; clamp so a request landing on the
  // very last millisecond still tells a refused client to wait at least one second.
  const ttl = Math.max(1, ttlMs);
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - attempt),
    // Round up: a client that waits until resetAt must find the window really over.
    resetAt: Math.ceil((nowMs + ttl) / 1000),
    retryAfter: allowed ? 0 : Math.max(1, Math.ceil(ttl / 1000)),
  };
}

/** A fractional, zero or NaN limit is a configuration bug; fail loudly rather than guess. */
export function assertValidLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`rate limit must be a positive integer, got ${limit}`);
  }
}

export function assertValidWindow(windowMs: number): void {
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw new RangeError(`rate-limit window must be a positive integer of milliseconds, got ${windowMs}`);
  }
}
