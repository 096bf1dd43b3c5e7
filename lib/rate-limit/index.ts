export type { RateLimitResult, RateLimiter } from "./types.ts";
export { DEFAULT_WINDOW_MS } from "./types.ts";
export { createMemoryRateLimiter } from "./memory-limiter.ts";
export type { MemoryRateLimiter, MemoryRateLimiterOptions } from "./memory-limiter.ts";
export { createRedisRateLimiter, DEFAULT_PREFIX } from "./redis-limiter.ts";
export type { RedisRateLimiterOptions } from "./redis-limiter.ts";
export { getRateLimiter, setRateLimiter } from "./singleton.ts";
