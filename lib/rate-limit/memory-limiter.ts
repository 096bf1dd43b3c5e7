import { assertValidLimit, assertValidWindow, toResult } from "./result.ts";
import { slide } from "./sliding-log.ts";
import { DEFAULT_WINDOW_MS, type RateLimiter } from "./types.ts";

/**
 * Single-process limiter for development and tests (no REDIS_URL). Each process keeps its own
 * logs, so behind several instances the effective limit multiplies: production uses Redis.
 */
export interface MemoryRateLimiterOptions {
  windowMs?: number;
  /** Epoch milliseconds; injectable so tests can move through windows without sleeping. */
  now?: () => number;
}

export interface MemoryRateLimiter extends RateLimiter {
  /** Number of keys currently tracked (exposed so tests can check the sweep). */
  readonly size: number;
}

export function createMemoryRateLimiter(opts: MemoryRateLimiterOptions = {}): MemoryRateLimiter {
  const windowMs = opts.windowMs ?? DEFAULT_WINDOW_MS;
  assertValidWindow(windowMs);
  const now = opts.now ?? Date.now;
  // Admission times per key, oldest first. A Map iterates in insertion order and a key is
  // re-inserted on every admission, so the map is ordered by each key's latest admission, which
  // is also the order in which the keys' logs empty: the sweep below removes emptied logs from the
  // front and stops at the first live one. That bounds memory to the keys admitted within the last
  // window at O(1) amortised cost per request, with no timer to keep the process alive.
  const logs = new Map<string, number[]>();

  function sweep(at: number): void {
    for (const [key, times] of logs) {
      if (times[times.length - 1]! + windowMs > at) break;
      logs.delete(key);
    }
  }

  return {
    backend: "memory",

    get size() {
      return logs.size;
    },

    async consume(key, limit) {
      assertValidLimit(limit);
      const at = now();
      sweep(at);
      const times = logs.get(key) ?? [];
      const decision = slide(times, at, limit, windowMs);
      if (decision.allowed) {
        // Delete first so the re-insert moves the key to the back.
        logs.delete(key);
        logs.set(key, times);
      }
      return toResult(limit, decision, at);
    },

    async check() {},

    async close() {
      logs.clear();
    },
  };
}
