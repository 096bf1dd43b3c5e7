import type { Decision } from "./sliding-log.ts";
import type { RateLimitResult } from "./types.ts";

/**
 * Turns a decision into the public result. Both limiters go through here so their headers cannot
 * drift apart.
 *
 * @param nowMs  epoch milliseconds used to turn the decision's delays into an absolute reset time
 */
export function toResult(limit: number, d: Decision, nowMs: number): RateLimitResult {
  return {
    allowed: d.allowed,
    limit,
    remaining: Math.max(0, limit - d.count),
    // Round up: a client that waits until resetAt must find the bucket really full. The clamp
    // keeps resetAt in the future when the last admission leaves on this very millisecond.
    resetAt: Math.ceil((nowMs + Math.max(1, d.fullInMs)) / 1000),
    retryAfter: d.allowed ? 0 : Math.max(1, Math.ceil(d.nextInMs / 1000)),
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
