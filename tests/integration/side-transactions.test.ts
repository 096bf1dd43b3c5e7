/**
 * SqlTx.concurrently (lib/db/sql-tx.ts): on PostgreSQL a second transaction of the same tenant on
 * another connection, under the same row-level security; PGlite has one connection and offers none.
 */
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db/client.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestTenant } from "../helpers/fixtures.ts";

describe("side transactions", () => {
  it("run on another connection with the same tenant set, and see only that tenant", async () => {
    const a = await createTestTenant("side-a");
    const b = await createTestTenant("side-b");
    const engine = (await getDatabase()).engine;
    await withTenantSql(a.tenantId, async (tx) => {
      if (engine === "pglite") return expect(tx.concurrently).toBeUndefined();
      const here = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      const there = await tx.concurrently!(async (side) => {
        expect(side.concurrently).toBeUndefined();
        return side.$queryRaw<{ pid: number; tenant: string; tenants: string[] }[]>`
          SELECT pg_backend_pid() AS pid, current_setting('app.tenant_id') AS tenant, array_agg(DISTINCT tenant_id::text) AS tenants FROM app_user`;
      });
      expect(there[0]!.pid).not.toBe(here[0]!.pid);
      expect(there[0]!.tenant).toBe(a.tenantId);
      expect(there[0]!.tenants).toEqual([a.tenantId]);
      expect(there[0]!.tenants).not.toContain(b.tenantId);
    });
  });
});
