import type { RateLimitResult } from "@/lib/rate-limit/types.ts";
import { AppError, isAppError } from "./app-error.ts";

/** A request over its bucket's limit: 429, with the bucket's state for the X-RateLimit-* headers. */
export class RateLimitedError extends AppError {
  constructor(readonly rateLimit: RateLimitResult) {
    super("rate_limited", undefined, undefined, { retryAfter: rateLimit.retryAfter });
  }
}

/** Whether `err` is a RateLimitedError, from whichever bundle's copy of the class (see isAppError). */
export function isRateLimitedError(err: unknown): err is RateLimitedError {
  return isAppError(err) && err.code === "rate_limited" && "rateLimit" in err;
}
