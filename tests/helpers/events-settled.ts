/**
 * Waits until the events feed can show every event of the tenant written so far. The feed shows an
 * event once every transaction that began before its own has ended, anywhere in the database
 * cluster, and on a shared test server another file's transaction may hold that line back for a
 * moment: a test that lists events it just caused waits here first.
 */
import { withTenantSql } from "@/lib/db/tenant.ts";
import type { TestTenant } from "./fixtures.ts";

export async function eventsSettled(t: TestTenant): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const [row] = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ settled: boolean }[]>`
        SELECT COALESCE(max(tx_id) < pg_snapshot_xmin(pg_current_snapshot())::text::bigint, true) AS settled
        FROM outbox_event WHERE tenant_id = ${t.tenantId}::uuid`,
    );
    if (row?.settled) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the tenant's events never settled in the feed");
}
