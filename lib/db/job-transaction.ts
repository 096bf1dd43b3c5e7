import { getDatabase, type Database } from "./client.ts";
import type { SqlTx } from "./sql-tx.ts";
import { NO_TENANT } from "./tenant.ts";

/**
 * A background job's transaction: crm_app in no tenant, so row-level security hides every tenant
 * row and a job reaches across tenants only through the SECURITY DEFINER functions made for it
 * (see the jobs_purge_expired migration). It commits before returning (`commitNow`): the driver
 * may otherwise defer the COMMIT of what reads like a SELECT, and a job's writes often are a
 * SELECT of such a function. Every statement ends within `timeoutMs`. Jobs are no tenant's work,
 * so they take no tenant's share (tenant-bulkhead.ts).
 */
export async function withJobSql<T>(fn: (tx: SqlTx) => Promise<T>, o: { timeoutMs: number }): Promise<T> {
  const db = await getDatabase();
  return db.tenantTransaction(
    NO_TENANT,
    async (tx) => {
      await tx.$executeRaw`SELECT set_config('statement_timeout', ${String(o.timeoutMs)}, true)`;
      return fn(tx);
    },
    { commitNow: true },
  );
}

/** Database.ownerSession: a maintenance job's session on the owner's login (PostgreSQL); undefined on PGlite. */
export async function ownerJobSession(): Promise<Database["ownerSession"]> {
  return (await getDatabase()).ownerSession;
}
