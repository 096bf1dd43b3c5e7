import { withJobSql } from "@/lib/db/job-transaction.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";

/** What inJobLock answers when another instance holds the job's lock. */
export const LOCKED_ELSEWHERE = Symbol("locked elsewhere");

/**
 * One unit of a job's work in a transaction that holds the job's advisory lock. The lock is
 * transaction-level: released at commit or rollback, and when the connection dies (a kill -9
 * included), so it never outlives the work it guards. Instances running the same job take turns
 * unit by unit and none does a unit another is doing; one that finds the lock taken gets
 * LOCKED_ELSEWHERE at once rather than waiting, since the holder is doing the work.
 * (Queue-draining jobs claim rows with FOR UPDATE SKIP LOCKED instead, so instances share work.)
 */
export async function inJobLock<T>(
  job: string,
  fn: (tx: SqlTx) => Promise<T>,
  o: { timeoutMs: number },
): Promise<T | typeof LOCKED_ELSEWHERE> {
  return withJobSql(async (tx) => {
    const [row] = await tx.$queryRaw<
      { locked: boolean }[]
    >`SELECT pg_try_advisory_xact_lock(hashtextextended(${`job:${job}`}, 0)) AS locked`;
    return row?.locked ? fn(tx) : LOCKED_ELSEWHERE;
  }, o);
}

/**
 * A backlog in short transactions: `batch` (which handles at most `limit` rows and says how many)
 * runs under the job's lock again and again until a batch comes back short, another instance holds
 * the lock (it is doing the work), or `signal` aborts. Each batch is all or nothing, so a process
 * killed between or during batches leaves every row done or for the next run.
 */
export async function inJobLockBatches(
  job: string,
  limit: number,
  batch: (tx: SqlTx) => Promise<number>,
  o: { timeoutMs: number; signal?: AbortSignal; onBatch?: (n: number) => Promise<void> | void },
): Promise<{ done: number; lockedElsewhere: boolean }> {
  let done = 0;
  for (;;) {
    o.signal?.throwIfAborted();
    const n = await inJobLock(job, batch, o);
    if (n === LOCKED_ELSEWHERE) return { done, lockedElsewhere: true };
    done += n;
    await o.onBatch?.(n);
    if (n < limit) return { done, lockedElsewhere: false };
  }
}
