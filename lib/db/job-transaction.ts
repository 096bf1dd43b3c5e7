import { getDatabase, type Database } from "./client.ts";
import type { SqlTx } from "./sql-tx.ts";

/**
 * A background job's transaction: crm_app with no tenant set, so row-level security hides every
 * tenant row and a job reaches across tenants only through the SECURITY DEFINER functions made
 * for it (see the jobs_purge_expired migration). It runs on Prisma's interactive transaction,
 * which commits before returning: the driver transactions of tenantTransaction may defer the
 * COMMIT of what reads like a SELECT, and a job's writes often are a SELECT of such a function.
 * Every statement, and the whole transaction, end within `timeoutMs`.
 */
export async function withJobSql<T>(fn: (tx: SqlTx) => Promise<T>, o: { timeoutMs: number }): Promise<T> {
  const { prisma } = await getDatabase();
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT set_config('statement_timeout', ${String(o.timeoutMs)}, true)`;
      return fn(tx);
    },
    { timeout: o.timeoutMs },
  );
}

/** Database.ownerSession: a maintenance job's session on the owner's login (PostgreSQL); undefined on PGlite. */
export async function ownerJobSession(): Promise<Database["ownerSession"]> {
  return (await getDatabase()).ownerSession;
}
