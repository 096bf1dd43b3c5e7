/**
 * Wall time of an async call, and how much of it this process itself spent stalled (event-loop
 * lag: a busy machine not scheduling us, a long GC). Tests of "answers within N ms" compare
 * `ms - stalledMs`, the time the code under test had, so a loaded CI machine does not fail them.
 */
export interface Timed<T> {
  value?: T;
  error?: unknown;
  ms: number;
  stalledMs: number;
}

const TICK_MS = 10;

export async function timed<T>(fn: () => Promise<T>): Promise<Timed<T>> {
  let stalledMs = 0;
  let last = performance.now();
  const lag = () => {
    const now = performance.now();
    stalledMs += Math.max(0, now - last - TICK_MS);
    last = now;
  };
  const ticker = setInterval(lag, TICK_MS);
  const started = performance.now();
  try {
    const value = await fn();
    lag();
    return { value, ms: performance.now() - started, stalledMs };
  } catch (error) {
    lag();
    return { error, ms: performance.now() - started, stalledMs };
  } finally {
    clearInterval(ticker);
  }
}
