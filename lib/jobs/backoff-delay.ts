import type { RetryPolicy } from "./define-job.ts";

/**
 * The wait after `failures` failed runs in a row: doubling from firstMs, capped at maxMs, then
 * jittered down by up to half, so instances that failed together (a database restart) do not
 * all come back in the same instant.
 */
export function backoffDelay(failures: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
