import { defineJob } from "./define-job.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { inJobLockBatches } from "./in-job-lock.ts";

const JOB_NAME = "fold-record-counts";

/** Rows per statement: a backlog goes in short transactions. */
export const FOLD_BATCH_SIZE = 1000;
const BATCH_TIMEOUT_MS = 15_000;

/**
 * Folds the record_count rows of database connections that have ended into each key's stripe 0
 * (migration jobs_fold_record_counts; record-counts.ts): a total is the sum of its key's rows, so
 * the fold keeps every total and bounds the rows a total sums by the connections open. Batch by
 * batch under the job's lock (inJobLockBatches), so that instances take turns and a kill loses nothing.
 */
export async function foldRecordCounts(
  o: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<{ folded: number; lockedElsewhere: boolean }> {
  const limit = o.batchSize ?? FOLD_BATCH_SIZE;
  const fold = async (tx: SqlTx) => (await tx.$queryRaw<{ n: number }[]>`SELECT jobs_fold_record_counts(${limit}::int) AS n`)[0]?.n ?? 0;
  const { done, lockedElsewhere } = await inJobLockBatches(JOB_NAME, limit, fold, { timeoutMs: BATCH_TIMEOUT_MS, signal: o.signal });
  return { folded: done, lockedElsewhere };
}

/** Every 10 minutes: connections end when a pool shrinks or a server restarts, not by the second. */
export const foldCounts = defineJob({
  name: JOB_NAME,
  intervalMs: 10 * 60_000,
  timeoutMs: 5 * 60_000,
  run: async (signal) => {
    const { folded } = await foldRecordCounts({ signal });
    if (folded > 0) console.log(`job ${JOB_NAME}: folded ${folded} rows of ended connections`);
  },
});
