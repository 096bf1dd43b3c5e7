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
