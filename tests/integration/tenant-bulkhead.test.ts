/**
 * The per-tenant bulkhead in front of PostgreSQL's pool (lib/db/tenant-bulkhead.ts, PostgreSQL
 * runs only): one tenant flooding slow database work holds at most DB_TENANT_CONCURRENCY of the
 * pool's connections; its excess waits briefly, then answers 503 database_busy with Retry-After,
 * while another tenant's requests keep being served at once. Without it the flood took every
 * connection and the other tenant waited for the slow statements to end. A tenant whose
 * reads have been slow gets DB_TENANT_SLOW_CONCURRENCY (1), and no side connection while more wait.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getDatabase, openDatabase, setDatabase, type Database } from "@/lib/db/client.ts";
import { REQUEST_POOL_SIZE } from "@/lib/db/config.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { call } from "../helpers/rest.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { GET: getRecordRoute } = restRoute("/{object}/{id}");
const { GET: listRoute, POST: createRoute } = restRoute("/{object}");

const ownerUrl = inject("pgOwnerUrl");
const appUrl = inject("pgAppUrl");
const SHARE = 2;
/** More than the whole pool: without the bulkhead the flood would hold every connection. */
const FLOOD = REQUEST_POOL_SIZE + 6;
const SLOW_S = 3;

describe.skipIf(!ownerUrl)("per-tenant bulkhead (PostgreSQL)", () => {
  let db: Database;
  let fileDatabase: Promise<Database>;
  let flooder: TestTenant;
  let other: TestTenant;
  let flooderKey: string;
  let otherKey: string;
  let recordId: string;

  beforeAll(async () => {
    db = await openDatabase({ engine: "postgres", ownerUrl, appUrl, tenantConcurrency: SHARE }, { migrate: false });
    fileDatabase = getDatabase();
    setDatabase(Promise.resolve(db));
    flooder = await createTestTenant("flood");
    other = await createTestTenant("calm");
    flooderKey = (await createTestKey(flooder)).secret;
    otherKey = (await createTestKey(other)).secret;
    const created = await call(createRoute, { auth: otherKey, params: { object: "company" }, body: { name: "Calm" } });
    expect(created.status).toBe(201);
    recordId = created.json<{ id: string }>().id;
  });

  afterAll(async () => {
    setDatabase(fileDatabase);
    await db?.close();
  });

  /** The other tenant's reads, alternately a list and a point read: each one's time in ms. */
  async function otherTenantReads(n: number): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      const res = await (i % 2
        ? call(getRecordRoute, { auth: otherKey, params: { object: "company", id: recordId } })
        : call(listRoute, { auth: otherKey, params: { object: "company" } }));
      times.push(performance.now() - started);
      expect(res.status).toBe(200);
    }
    return times;
  }

  const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1]!;

  it("a tenant over its share gets 503 database_busy with Retry-After; another tenant is served at once meanwhile", async () => {
    await otherTenantReads(10);
    const baseline = await otherTenantReads(40);
    const flood = Array.from({ length: FLOOD }, () =>
      withTenantSql(flooder.tenantId, async (tx) => tx.$queryRaw`SELECT pg_sleep(${SLOW_S})`).then(
        () => "done",
        (err: unknown) => toErrorBody(err, "flood"),
      ),
    );
    // The flood has taken its share and filled its queue.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const viaApi = await call(listRoute, { auth: flooderKey, params: { object: "company" } });
    expect(viaApi.status).toBe(503);
    expect(viaApi.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(viaApi.json()).toMatchObject({ code: "database_busy", error: expect.any(String), message: expect.any(String) });

    const times = await otherTenantReads(40);
    // The flood's statements take SLOW_S seconds: waiting behind them would show here. Its p95
    // stays within 1.5 times the idle one (plus 50 ms for a busy test machine's scheduling).
    const report = JSON.stringify({ baseline: baseline.map(Math.round), flooded: times.map(Math.round) });
    expect(Math.max(...times), report).toBeLessThan(1_000);
    expect(p95(times), report).toBeLessThan(1.5 * p95(baseline) + 50);

    const outcomes = await Promise.all(flood);
    const done = outcomes.filter((o) => o === "done");
    const refused = outcomes.filter((o) => o !== "done");
    expect(done).toHaveLength(SHARE);
    expect(refused).toHaveLength(FLOOD - SHARE);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 503, body: { code: "database_busy" } });
      expect(typeof answer === "object" && answer.retryAfter).toBeGreaterThan(0);
    }
  });

  it("once the flood is over the tenant is served again", async () => {
    expect((await call(listRoute, { auth: flooderKey, params: { object: "company" } })).status).toBe(200);
  });

  it("a tenant whose reads were slow runs one at a time, and one with more waiting takes no side connection, until fast reads bring its average down", async () => {
    const sideConnection = (t: TestTenant) => withTenantSql(t.tenantId, async (tx) => tx.concurrently !== undefined);
    const started: number[] = [];
    const sleep = () =>
      withTenantSql(flooder.tenantId, async (tx) => {
        started.push(performance.now());
        await tx.$queryRaw`SELECT pg_sleep(0.3)`;
      });
    // The flood above left the flooder's average at seconds: one at a time now.
    await Promise.all([sleep(), sleep()]);
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(250);
    // Alone it still reads a total beside its page; with another transaction waiting behind it, it does not.
    expect(await sideConnection(flooder)).toBe(true);
    const first = sleep();
    const [second, third] = [sideConnection(flooder), sideConnection(flooder)];
    await first;
    expect([await second, await third]).toEqual([false, true]);
    expect(await sideConnection(other)).toBe(true);
    for (let i = 0; i < 50; i++) await withTenantSql(flooder.tenantId, async (tx) => tx.$queryRaw`SELECT 1`);
    started.length = 0;
    await Promise.all([sleep(), sleep()]);
    expect(started[1]! - started[0]!).toBeLessThan(250);
  });
});
