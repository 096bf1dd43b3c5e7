/**
 * Shared contract of every rate limiter. REST and MCP both call consume() with the credential's
 * key, so one credential has one bucket whichever surface it uses.
 *
 * Both limiters keep a sliding-window log (sliding-log.ts): a request is admitted when fewer than
 * `limit` requests were admitted in the `windowMs` before it, so no window-long interval, wherever
 * it starts, ever admits more than `limit`.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** The bucket's limit per window. */
  limit: number;
  /** Requests that would be admitted right now after this one (never negative). */
  remaining: number;
  /**
   * Unix epoch SECONDS when the bucket is full again, i.e. when every admitted request has left
   * the window (X-RateLimit-Reset). Not when the next unit frees: that is retryAfter.
   */
  resetAt: number;
  /** Whole seconds until the next request will be admitted: >= 1 when refused, 0 when allowed. */
  retryAfter: number;
}

export interface RateLimiter {
  /** Which store counts: the health check reports it. */
  readonly backend: "memory" | "redis";
  /**
   * Counts one request against `key`; `limit` is the number admitted per window. Rejects with
   * AppError `rate_limiter_unavailable` (503, with retryAfter) within a second when the store
   * cannot answer: requests are refused rather than admitted uncounted.
   */
  consume(key: string, limit: number): Promise<RateLimitResult>;
  /** Resolves when the store answers; rejects like consume() when it does not (health check). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** The window every bucket slides over: one minute. */
export const DEFAULT_WINDOW_MS = 60_000;
