/**
 * Shared contract of every rate limiter. REST and MCP both call consume() with the credential's
 * key, so one credential has one bucket whichever surface it uses.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** The bucket's limit per window. */
  limit: number;
  /** Requests left in the current window after this one (never negative). */
  remaining: number;
  /** Unix epoch SECONDS when the current window ends (X-RateLimit-Reset). */
  resetAt: number;
  /** Whole seconds until a request will be admitted again: >= 1 when refused, 0 when allowed. */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one request against `key`; `limit` is the number admitted per window. */
  consume(key: string, limit: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

/** Every window lasts one minute from the key's first request. */
export const DEFAULT_WINDOW_MS = 60_000;
