/**
 * The rate-limit algorithm, a sliding-window log: each bucket keeps the times of the requests it
 * admitted during the last window, and a request is admitted only when fewer than `limit` of them
 * are left. redis-script.ts runs the same steps inside Redis.
 *
 * Why a log: it is exact. If some window-long interval admitted `limit + 1` requests, then when
 * the last of them arrived the other `limit` were still inside its window, and it would have been
 * refused. A fixed window admits up to twice the limit across a boundary; a token bucket (GCRA)
 * refilling `limit` per window admits a full burst plus the refill; the weighted sliding-window
 * counter only estimates the previous window. The price is memory: at most `limit` timestamps per
 * bucket (MAX_RATE_LIMIT caps it), and only for buckets used within the last window.
 *
 * A time `t` is inside the window at `now` while `now < t + windowMs`.
 */

/** The outcome of one request, before it is turned into headers (result.ts). */
export interface Decision {
  allowed: boolean;
  /** Requests admitted in the window ending now, counting this one when it was admitted. */
  count: number;
  /** Milliseconds until the next request will be admitted: 0 when this one was. */
  nextInMs: number;
  /** Milliseconds until every admitted request has left the window (the bucket is full again). */
  fullInMs: number;
}

/**
 * Applies one request at `now` to `times` (admission times, oldest first), which it trims and,
 * when the request is admitted, appends to.
 */
export function slide(times: number[], now: number, limit: number, windowMs: number): Decision {
  let expired = 0;
  while (expired < times.length && times[expired]! + windowMs <= now) expired++;
  if (expired > 0) times.splice(0, expired);

  const count = times.length;
  if (count < limit) {
    times.push(now);
    return { allowed: true, count: count + 1, nextInMs: 0, fullInMs: windowMs };
  }
  // The request after this one fits once all but limit - 1 admissions have left the window. A
  // bucket can hold more than `limit` when its limit was lowered since.
  return {
    allowed: false,
    count,
    nextInMs: times[count - limit]! + windowMs - now,
    fullInMs: times[count - 1]! + windowMs - now,
  };
}
