import type { SqlTx } from "./sql-tx.ts";

/**
 * For the rest of the transaction, plans read along an index in its order, stopped by a LIMIT,
 * rather than fetch every matching row and sort them: bitmap scans and sorts are off.
 *
 * For logs and feeds (the request log, the events feed) read newest or oldest first a page at a
 * time: their plans must not depend on statistics, which a fresh import or a busy log does not
 * have yet (PGlite never gathers them by itself). Without them the planner takes a tenant's 10^6
 * rows for a few dozen and would fetch them all with a bitmap scan to sort them: seconds for a
 * page of 50. Only for read transactions whose statements all have such an index.
 */
export async function preferOrderedScans(tx: SqlTx): Promise<void> {
  await tx.$queryRaw`SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`;
}
