/**
 * GET /api/health while every request connection is taken (PostgreSQL runs only): the database
 * answers its probe on a connection of its own, yet requests queue for a connection, so health
 * says 503 with Retry-After (it said 200), within its 2 s, and 200 again once connections are free.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { GET as healthRoute } from "@/app/api/health/route.ts";
import { getDatabase, openDatabase, setDatabase, type Database } from "@/lib/db/client.ts";
import { REQUEST_POOL_SIZE } from "@/lib/db/config.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestTenant, type TestTenant } from "../helpers/fixtures.ts";

const ownerUrl = inject("pgOwnerUrl");
const appUrl = inject("pgAppUrl");

async function health(): Promise<{ status: number; retryAfter: string | null; body: Record<string, unknown>; ms: number }> {
  const started = performance.now();
  const res = await healthRoute(new Request("http://localhost/api/health"), { params: Promise.resolve({}) });
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    body: (await res.json()) as Record<string, unknown>,
    ms: performance.now() - started,
  };
}

describe.skipIf(!ownerUrl)("GET /api/health with the request pool exhausted (PostgreSQL)", () => {
  let db: Database;
  let fileDatabase: Promise<Database>;
  let t: TestTenant;

  beforeAll(async () => {
    // No tenant share here: one tenant takes every connection, as many tenants together would.
    db = await openDatabase({ engine: "postgres", ownerUrl, appUrl, tenantConcurrency: REQUEST_POOL_SIZE * 2 }, { migrate: false });
    fileDatabase = getDatabase();
    setDatabase(Promise.resolve(db));
    t = await createTestTenant("pool");
  });

  afterAll(async () => {
    setDatabase(fileDatabase);
    await db?.close();
  });

  it("answers 503 with Retry-After while requests queue for a connection, and 200 once they are free", async () => {
    expect((await health()).status).toBe(200);
    const hold = Array.from({ length: REQUEST_POOL_SIZE + 2 }, () =>
      withTenantSql(t.tenantId, async (tx) => tx.$queryRaw`SELECT pg_sleep(3)`),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const busy = await health();
    expect(busy.status).toBe(503);
    expect(busy.retryAfter).toMatch(/^[1-9]\d*$/);
    expect(busy.body).toMatchObject({ ok: false, database: { ok: false, error: expect.stringMatching(/busy/i) } });
    expect(busy.ms).toBeLessThan(2_500);
    await Promise.all(hold);
    expect((await health()).status).toBe(200);
  });
});
