import { randomBytes } from "node:crypto";
import { Redis, ReplyError } from "ioredis";
import { AppError } from "@/lib/errors/app-error.ts";
import { assertValidLimit, assertValidWindow, toResult } from "./result.ts";
import { RATE_LIMIT_LUA } from "./redis-script.ts";
import type { Decision } from "./sliding-log.ts";
import { DEFAULT_WINDOW_MS, type RateLimiter } from "./types.ts";

export interface RedisRateLimiterOptions {
  windowMs?: number;
  /** Namespace for the logs, so several apps or test runs can share one Redis. */
  prefix?: string;
  /**
   * Epoch milliseconds passed to the script instead of the Redis server's clock (tests). Every
   * instance sharing the Redis must then use the same clock.
   */
  now?: () => number;
  /** How long consume() waits for Redis before answering rate_limiter_unavailable. */
  timeoutMs?: number;
}

// Not the fixed-window counters' `crm:rl:`: those are strings the script cannot read; left alone,
// they expire within a minute.
export const DEFAULT_PREFIX = "crm:rlog:";

/**
 * A healthy Redis answers in a millisecond or two; this is short enough that a request still
 * answers 503 well within a second when Redis hangs, with room for a busy process.
 */
const DEFAULT_TIMEOUT_MS = 300;

/** The last part of the deadline, kept for the event loop to catch up after a stall (see call). */
const STALL_GRACE_MS = 50;

/** Bounds one connection attempt, so a host that drops packets is retried rather than awaited. */
const CONNECT_TIMEOUT_MS = 1_000;

/** Longest pause between reconnection attempts: Redis is used again within a second of returning. */
const MAX_RECONNECT_DELAY_MS = 1_000;

/** Clients retry after the next reconnection attempt or two. */
const UNAVAILABLE_RETRY_AFTER_S = 2;

/** The custom command defineCommand() adds; typed here instead of augmenting ioredis globally. */
interface RateLimitCommands {
  crmRateLimit(key: string, windowMs: number, limit: number, member: string, now: string): Promise<[number, number, number, number]>;
}

const TIMED_OUT = new Error("rate limiter: Redis did not answer in time");

function unavailable(): AppError {
  return new AppError("rate_limiter_unavailable", undefined, undefined, { retryAfter: UNAVAILABLE_RETRY_AFTER_S });
}

/**
 * Limiter shared by every app process through Redis. Each consume() is one EVALSHA round trip
 * (ioredis falls back to EVAL when the script cache is empty), and the script is atomic, so the
 * log is exact under any concurrency.
 *
 * Fails closed: when Redis is refused, unreachable or hung, consume() rejects with
 * rate_limiter_unavailable (503 + Retry-After) within `timeoutMs` instead of admitting requests
 * it cannot count, and the connection heals by itself when Redis is back.
 */
export function createRedisRateLimiter(url: string, opts: RedisRateLimiterOptions = {}): RateLimiter {
  const windowMs = opts.windowMs ?? DEFAULT_WINDOW_MS;
  assertValidWindow(windowMs);
  const prefix = opts.prefix ?? DEFAULT_PREFIX;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Members must be unique per request: this process's tag and a counter.
  const tag = randomBytes(6).toString("base64url");
  let seq = 0;

  const redis = new Redis(url, {
    // Connect at startup so the first API request does not pay for the handshake.
    lazyConnect: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Commands wait in the offline queue only for the first connection (see `state`). Every
    // failed connection attempt rejects what is queued or unanswered (maxRetriesPerRequest 0) and
    // nothing is sent again after a reconnection, so requests answered 503 during an outage do not
    // spend their buckets once Redis is back. (Only what a hung server had already received runs
    // when it resumes.)
    enableOfflineQueue: true,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // Never give up reconnecting (a null would end the client for good).
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  });
  redis.defineCommand("crmRateLimit", { numberOfKeys: 1, lua: RATE_LIMIT_LUA });
  const commands = redis as Redis & RateLimitCommands;

  // "starting": never connected yet, commands queue; "up": connected; "down": refuse at once,
  // without waiting for a timeout, until the client is connected again.
  let state: "starting" | "up" | "down" = "starting";
  // Set by close(): a connection that gets ready while it is being dropped says nothing (a test
  // file that ends while the limiter still connects must not log after its worker has closed).
  let closed = false;
  function markDown(reason: string): void {
    if (state !== "down") console.error(`rate limiter: Redis unavailable, answering 503 until it is back: ${reason}`);
    state = "down";
  }
  redis.on("ready", () => {
    if (closed) return;
    if (state === "down") console.info("rate limiter: Redis is back");
    state = "up";
  });
  // A listener is needed anyway: without one ioredis prints every failed reconnection.
  redis.on("error", (err: Error) => markDown(err.message));
  redis.on("close", () => {
    if (state === "up") markDown("connection closed");
  });

  /**
   * Runs one Redis call within timeoutMs, turning every failure into the 503 error. The deadline
   * is ours rather than ioredis's commandTimeout, and made of two timers: when this process was
   * stalled (a long GC, a busy CPU) the first fires late, and the second still leaves the event
   * loop STALL_GRACE_MS to read the replies that arrived meanwhile, so a stall of our own is not
   * taken for a hung Redis.
   */
  async function call<T>(command: () => Promise<T>): Promise<T> {
    if (state === "down") throw unavailable();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => (timer = setTimeout(() => reject(TIMED_OUT), STALL_GRACE_MS)), Math.max(0, timeoutMs - STALL_GRACE_MS));
    });
    try {
      return await Promise.race([command(), timedOut]);
    } catch (err) {
      if (err === TIMED_OUT) {
        markDown(`no answer within ${timeoutMs} ms`);
        // A connection that stopped answering (or never got ready) may never answer: drop it and
        // connect anew, refusing at once meanwhile. Dropping it rejects whatever still waits in
        // ioredis's queues, so none of it reaches Redis later.
        redis.disconnect(true);
      } else if (err instanceof ReplyError) {
        // Redis answered with an error: a bug (a foreign key in our namespace?), not an outage.
        console.error("rate limiter: Redis refused the command", err);
      }
      // Anything else (refused, reset, flushed by a failed reconnection) was logged by the
      // error listener.
      throw unavailable();
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    backend: "redis",

    async consume(key, limit) {
      assertValidLimit(limit);
      const at = opts.now?.();
      const [allowed, count, nextInMs, fullInMs] = await call(() =>
        commands.crmRateLimit(prefix + key, windowMs, limit, `${tag}:${(seq++).toString(36)}`, at === undefined ? "" : String(at)),
      );
      const decision: Decision = { allowed: allowed === 1, count, nextInMs, fullInMs };
      // The delays are the server's view; only the conversion to an absolute X-RateLimit-Reset
      // uses this process's clock.
      return toResult(limit, decision, at ?? Date.now());
    },

    async check() {
      await call(() => redis.ping());
    },

    async close() {
      // An intentional close is no outage: keep the listeners quiet.
      closed = true;
      state = "down";
      // QUIT lets pending replies arrive first, but a hung server would never answer it.
      if (redis.status === "ready") {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([redis.quit().catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
        clearTimeout(timer);
      }
      redis.disconnect();
    },
  };
}
