import type { RateLimitResult } from "@/lib/rate-limit/types.ts";
import { AppError } from "./app-error.ts";

/** A request over its bucket's limit: 429, with the bucket's state for the X-RateLimit-* headers. */
export class RateLimitedError extends AppError {
  constructor(readonly rateLimit: RateLimitResult) {
    super("rate_limited", undefined, undefined, { retryAfter: rateLimit.retryAfter });
  }
}
