import { isUuid } from "@/lib/ids/uuid.ts";
import { getDatabase } from "./client.ts";
import type { SqlTx } from "./sql-tx.ts";

export type { SqlTx };
export { executeLater, prepared, preparedByText, queryTogether } from "./sql-tx.ts";

/**
 * The only way request code reaches the database: one transaction on the driver with the tenant
 * set transaction-locally, so row-level security confines every statement in `fn` to that tenant.
 * Code still filters by tenant itself; RLS is the second wall. Statements are raw SQL on SqlTx
 * (Prisma keeps the schema and the migrations). Never await network calls to third parties inside.
 */
export async function withTenantSql<T>(tenantId: string, fn: (tx: SqlTx) => Promise<T>): Promise<T> {
  if (!isUuid(tenantId)) throw new Error("withTenantSql: tenant id is not a uuid");
  const db = await getDatabase();
  // A tenant flooding slow scans reads a list's total after its page rather than on a second
  // connection beside it: one database core per transaction, not two (tenant-bulkhead.ts).
  return db.tenantShare(tenantId, ({ crowded, wrote }) => db.tenantTransaction(tenantId, fn, { alone: crowded, onWrite: wrote }));
}

/** No tenant has this id: under it, row-level security hides every tenant's rows. */
export const NO_TENANT = "00000000-0000-0000-0000-000000000000";

/**
 * A transaction in no tenant: only platform tables (oauth_app) are visible, every tenant table
 * reads as empty. For the few steps that precede knowing the tenant, such as authenticating an
 * OAuth client: short lookups, held to no tenant's share (the per-address limits bound them), so
 * that no flood can make every tenant's sign-in wait.
 */
export async function withPlatformSql<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
  return (await getDatabase()).tenantTransaction(NO_TENANT, fn);
}

/** Login: which tenant and user an email belongs to (the one lookup made before a tenant is known). */
export async function findLogin(email: string): Promise<{ tenantId: string; userId: string } | null> {
  const rows = await withPlatformSql(
    async (tx) =>
      await tx.$queryRaw<{ tenant_id: string; user_id: string }[]>`SELECT tenant_id::text, user_id::text FROM auth_find_login(${email})`,
  );
  const row = rows[0];
  return row ? { tenantId: row.tenant_id, userId: row.user_id } : null;
}
