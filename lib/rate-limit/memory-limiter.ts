import { assertValidLimit, assertValidWindow, toResult } from "./result.ts";
import { DEFAULT_WINDOW_MS, type RateLimiter } from "./types.ts";

/**
 * Single-process limiter for development and tests (no REDIS_URL). Each process keeps its own
 * counts, so behind several instances the effective limit multiplies: production uses Redis.
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

interface Window {
  /** Admitted requests; never exceeds the limit, as in the Redis script. */
  count: number;
  endsAt: number;
}

export function createMemoryRateLimiter(opts: MemoryRateLimiterOptions = {}): MemoryRateLimiter {
  const windowMs = opts.windowMs ?? DEFAULT_WINDOW_MS;
  assertValidWindow(windowMs);
  const now = opts.now ?? Date.now;
  // A Map iterates in insertion order. Every window is (re)inserted when it starts and all windows
  // last windowMs, so the map is ordered by end time: expired entries are always at the front
  // and the sweep below stops at the first live one. That bounds the map to the keys seen in the
  // last window at O(1) amortised cost per request, with no timer to keep the process alive.
  const windows = new Map<string, Window>();

  function sweep(at: number): void {
    for (const [key, w] of windows) {
      if (w.endsAt > at) break;
      windows.delete(key);
    }
  }

  return {
    get size() {
      return windows.size;
    },

    async consume(key, limit) {
      assertValidLimit(limit);
      const at = now();
      sweep(at);
      let w = windows.get(key);
      if (!w || w.endsAt <= at) {
        // The window starts at the key's first request, not on a clock minute, so a burst never
        // straddles two windows. Delete first so the re-insert moves the key to the back.
        windows.delete(key);
        w = { count: 0, endsAt: at + windowMs };
        windows.set(key, w);
      }
      const attempt = w.count + 1;
      if (attempt <= limit) w.count = attempt;
      return toResult(limit, attempt, w.endsAt - at, at);
    },

    async close() {
      windows.clear();
    },
  };
}
