/**
 * Tenants take the database in turn on both engines (lib/db/client.ts, pgliteBulkhead and the
 * PostgreSQL bulkhead): while one tenant keeps many slow transactions coming, another tenant's
 * transaction waits for at most one of them. On PGlite every transaction goes through one
 * connection, first come first served; before each tenant was held to one transaction at a time
 * there, the neighbour's waited for the whole flood (8 × 300 ms here).
 */
import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestTenant } from "../helpers/fixtures.ts";

const FLOOD = 8;
const SLOW_MS = 300;

describe("tenants take the database in turn", () => {
  it("a neighbour's transaction waits for at most one of a flooding tenant's slow ones", async () => {
    const flooder = await createTestTenant("turns-flood");
    const neighbour = await createTestTenant("turns-calm");
    const sleep = Prisma.sql`SELECT pg_sleep(${SLOW_MS / 1000}::float8)`;
    let flooding = 0;
    let started!: () => void;
    const floodStarted = new Promise<void>((resolve) => (started = resolve));
    const flood = Array.from({ length: FLOOD }, () =>
      withTenantSql(flooder.tenantId, async (tx) => {
        if (++flooding === 1) started();
        await tx.$queryRaw(sleep);
      }),
    );
    // The neighbour arrives once the flood holds the database and the rest of it is queued.
    await floodStarted;
    const t0 = performance.now();
    const answer = await withTenantSql(neighbour.tenantId, async (tx) => tx.$queryRaw<{ one: number }[]>(Prisma.sql`SELECT 1 AS one`));
    const waited = performance.now() - t0;
    expect(answer).toEqual([{ one: 1 }]);
    const stillRunning = flooding;
    await Promise.all(flood);
    // One slow transaction of the flood at most (plus a margin for a busy machine), far below all of them.
    expect(waited).toBeLessThan(2.5 * SLOW_MS);
    expect(stillRunning).toBeLessThan(FLOOD);
  });
});
