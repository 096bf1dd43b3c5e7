/**
 * PostgreSQL going away under a running app (PostgreSQL runs only): a TCP proxy in front of the
 * test database cuts connections (a stopped server) or freezes them (a hung server or a network
 * partition). Requests must answer 503 with Retry-After within the configured bounds, never hang
 * or answer 500, and the same Database object must serve again once the database is back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { GET as healthRoute } from "@/app/api/health/route.ts";
import { getDatabase, openDatabase, setDatabase, type Database } from "@/lib/db/client.ts";
import { QUERY_TIMEOUT_MARGIN_MS, type DbTimeouts } from "@/lib/db/config.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import { databaseHealth } from "@/lib/db/health.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { call, type CallResult } from "../helpers/rest.ts";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy.ts";
import { timed as timedLessStalls } from "../helpers/timed.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { GET: listRecordsRoute } = restRoute("/{object}");

const ownerUrl = inject("pgOwnerUrl");
const appUrl = inject("pgAppUrl");

const TIMEOUTS: DbTimeouts = { connectMs: 1_000, poolMs: 1_000, statementMs: 1_000 };
const QUERY_MS = TIMEOUTS.statementMs + QUERY_TIMEOUT_MARGIN_MS;
/** Scheduling and the request's own work, on a busy 2-core machine. */
const MARGIN_MS = 1_500;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
}

function expectUnavailable(res: CallResult): void {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  expect(res.json()).toMatchObject({ code: "service_unavailable", error: expect.any(String), message: expect.any(String) });
}

/** The error `fn` rejects with (it must reject). */
async function rejection(fn: () => Promise<unknown>): Promise<unknown> {
  return fn().then(
    () => expect.fail("expected a rejection"),
    (err: unknown) => err,
  );
}

describe.skipIf(!ownerUrl)("database outages (PostgreSQL behind a TCP proxy)", () => {
  let proxy: TcpProxy;
  let db: Database;
  let fileDatabase: Promise<Database>;
  let t: TestTenant;
  let key: string;

  const listCompanies = () => call(listRecordsRoute, { auth: key, params: { object: "company" } });
  const readObjects = () =>
    withTenantSql(t.tenantId, async (tx) => tx.$queryRaw<{ apiName: string }[]>`SELECT api_name AS "apiName" FROM object_def`);

  /** Until requests succeed again: connections broken by an earlier outage are dropped as they are used. */
  async function healthy(): Promise<void> {
    await expect.poll(async () => (await listCompanies()).status, { timeout: 5_000 }).toBe(200);
    expect((await listCompanies()).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
  }

  beforeAll(async () => {
    t = await createTestTenant("outage");
    key = (await createTestKey(t)).secret;
    const target = new URL(ownerUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    db = await openDatabase(
      { engine: "postgres", ownerUrl: proxy.via(ownerUrl), appUrl: proxy.via(appUrl), timeouts: TIMEOUTS },
      { migrate: false },
    );
    fileDatabase = getDatabase();
    setDatabase(Promise.resolve(db));
  });

  afterEach(() => proxy.restore());

  afterAll(async () => {
    setDatabase(fileDatabase);
    await db?.close();
    await proxy?.close();
  });

  it("serves through the proxy while the database is there", async () => {
    expect((await listCompanies()).status).toBe(200);
    expect((await readObjects()).length).toBeGreaterThan(0);
    expect(await databaseHealth()).toEqual({ engine: "postgres" });
  });

  it("every request connection carries the statement and idle-in-transaction timeouts (main and side pools)", async () => {
    type Settings = { statement: string; idle: string }[];
    const settings = Prisma.sql`SELECT current_setting('statement_timeout') AS statement, current_setting('idle_in_transaction_session_timeout') AS idle`;
    const expected = [{ statement: "1s", idle: "1s" }];
    expect(await db.tenantTransaction(t.tenantId, async (tx) => tx.$queryRaw<Settings>(settings))).toEqual(expected);
    // A side transaction (SqlTx.concurrently) runs on a pool of its own.
    const side = await db.tenantTransaction(t.tenantId, async (tx) => {
      if (!tx.concurrently) throw new Error("PostgreSQL offers side transactions");
      return tx.concurrently(async (other) => other.$queryRaw<Settings>(settings));
    });
    expect(side).toEqual(expected);
  });

  it("a statement running past the statement timeout is cancelled by the server and answers 503", async () => {
    const slow = await timed(() => rejection(() => db.tenantTransaction(t.tenantId, async (tx) => tx.$queryRaw`SELECT pg_sleep(5)`)));
    expect((slow.value as { code?: string }).code).toBe("57014");
    expect(toErrorBody(slow.value, "test").status).toBe(503);
    expect(slow.ms).toBeLessThan(TIMEOUTS.statementMs + MARGIN_MS);
  });

  it("cut: a REST request answers 503 JSON with Retry-After within the connect timeout", async () => {
    await healthy();
    proxy.cut();
    const { value: res, ms } = await timed(listCompanies);
    expectUnavailable(res);
    expect(ms).toBeLessThan(TIMEOUTS.connectMs + MARGIN_MS);
  });

  it("freeze: a REST request answers 503 within the query timeout instead of hanging", async () => {
    await healthy();
    proxy.freeze();
    const { value: res, ms } = await timed(listCompanies);
    expectUnavailable(res);
    expect(ms).toBeLessThan(QUERY_MS + MARGIN_MS);
    // With no connection left to reuse, a new one cannot open either: the connect timeout.
    const second = await timed(listCompanies);
    expectUnavailable(second.value);
    expect(second.ms).toBeLessThan(Math.max(QUERY_MS, TIMEOUTS.connectMs) + MARGIN_MS);
  });

  it("restore: the same Database object serves again without reopening", async () => {
    await healthy();
    proxy.freeze();
    expectUnavailable(await listCompanies());
    proxy.restore();
    await healthy();
    expect((await readObjects()).length).toBeGreaterThan(0);
  });

  it("a service's transaction outside REST (withTenantSql) gets a 503-classified error too, cut or frozen", async () => {
    await expect.poll(async () => (await readObjects().catch(() => [])).length, { timeout: 5_000 }).toBeGreaterThan(0);
    proxy.cut();
    const cut = await timed(() => rejection(readObjects));
    expect(toErrorBody(cut.value, "test").status).toBe(503);
    expect(cut.ms).toBeLessThan(TIMEOUTS.connectMs + MARGIN_MS);

    proxy.restore();
    await expect.poll(async () => (await readObjects().catch(() => [])).length, { timeout: 5_000 }).toBeGreaterThan(0);
    proxy.freeze();
    const frozen = await timed(() => rejection(readObjects));
    expect(toErrorBody(frozen.value, "test").status).toBe(503);
    expect(frozen.ms).toBeLessThan(QUERY_MS + MARGIN_MS);
  });

  it("databaseHealth throws within about 2 s when the database is frozen or cut, and answers again after", async () => {
    proxy.freeze();
    const frozen = await timed(() => rejection(databaseHealth));
    expect(toErrorBody(frozen.value, "test").status).toBe(503);
    expect(frozen.ms).toBeLessThan(2_500);
    proxy.cut();
    const cut = await timed(() => rejection(databaseHealth));
    expect(toErrorBody(cut.value, "test").status).toBe(503);
    expect(cut.ms).toBeLessThan(2_500);
    proxy.restore();
    await expect.poll(() => databaseHealth().catch(() => null), { timeout: 5_000 }).toEqual({ engine: "postgres" });
  });
});

describe.skipIf(!ownerUrl)("a pool exhausted by long transactions (PostgreSQL)", () => {
  // Statements may run long here; only the wait for a free connection is short.
  const timeouts: DbTimeouts = { connectMs: 2_000, poolMs: 500, statementMs: 10_000 };
  let db: Database;
  let fileDatabase: Promise<Database>;
  let t: TestTenant;
  let key: string;

  beforeAll(async () => {
    t = await createTestTenant("pool");
    key = (await createTestKey(t)).secret;
    db = await openDatabase({ engine: "postgres", ownerUrl, appUrl, timeouts }, { migrate: false });
    fileDatabase = getDatabase();
    setDatabase(Promise.resolve(db));
  });

  afterAll(async () => {
    setDatabase(fileDatabase);
    await db?.close();
  });

  it("a request that finds no free connection within the pool timeout answers 503", async () => {
    // The request pool holds 10 connections: occupy them all with transactions that take 3 s.
    const holders = Array.from({ length: 10 }, () => db.tenantTransaction(t.tenantId, async (tx) => tx.$queryRaw`SELECT pg_sleep(3)`));
    await new Promise((r) => setTimeout(r, 300));
    const { value: res, ms } = await timed(() => call(listRecordsRoute, { auth: key, params: { object: "company" } }));
    expectUnavailable(res);
    expect(ms).toBeLessThan(timeouts.poolMs + MARGIN_MS);
    await Promise.all(holders);
    expect((await call(listRecordsRoute, { auth: key, params: { object: "company" } })).status).toBe(200);
  });
});

describe.skipIf(!ownerUrl)("a frozen database is found out once: the circuit (PostgreSQL behind a TCP proxy)", () => {
  // Waits long enough that a request refused at once cannot pass for one that waited them out.
  const timeouts: DbTimeouts = { connectMs: 3_000, poolMs: 3_000, statementMs: 1_000 };
  let proxy: TcpProxy;
  let db: Database;
  let fileDatabase: Promise<Database>;
  let t: TestTenant;
  let key: string;

  const listCompanies = () => call(listRecordsRoute, { auth: key, params: { object: "company" } });
  const readObjects = () =>
    withTenantSql(t.tenantId, async (tx) => tx.$queryRaw<{ apiName: string }[]>`SELECT api_name AS "apiName" FROM object_def`);
  /** Wall time less this process's own stalls (timed.ts): a loaded machine must not pass for a wait. */
  async function quick<T>(fn: () => Promise<T>): Promise<T> {
    const { value, error, ms, stalledMs } = await timedLessStalls(fn);
    expect(ms - stalledMs).toBeLessThan(1_000);
    if (error) throw error;
    return value as T;
  }

  beforeAll(async () => {
    t = await createTestTenant("circuit");
    key = (await createTestKey(t, { rateLimit: 10_000 })).secret;
    const target = new URL(ownerUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    // One tenant sends more requests than the pool has connections: its share (tenant-bulkhead.ts)
    // is the pool here, so that they reach the pool's waits this test is about.
    db = await openDatabase(
      { engine: "postgres", ownerUrl: proxy.via(ownerUrl), appUrl: proxy.via(appUrl), timeouts, tenantConcurrency: 12 },
      { migrate: false },
    );
    fileDatabase = getDatabase();
    setDatabase(Promise.resolve(db));
  });

  afterAll(async () => {
    proxy?.restore();
    setDatabase(fileDatabase);
    await db?.close();
    await proxy?.close();
  });

  it("after the first wait that runs out, new requests get 503 at once, /api/health too; served again once the database answers", async () => {
    await expect.poll(async () => (await listCompanies()).status, { timeout: 5_000 }).toBe(200);
    const errors = vi.spyOn(console, "error");
    try {
      proxy.freeze();
      // More requests than the pool has connections: they wait for answers, for new connections,
      // for free ones; the first of those waits to run out opens the circuit.
      for (const res of await Promise.all(Array.from({ length: 12 }, listCompanies))) expectUnavailable(res);
      // From now on nothing waits out the pool's or the connection's 3 s: REST, a service's transaction, health.
      for (let i = 0; i < 3; i++) expectUnavailable(await quick(listCompanies));
      expect(toErrorBody(await quick(() => rejection(readObjects)), "test").status).toBe(503);
      const health = await quick(() => healthRoute(new Request("http://localhost/api/health"), { params: Promise.resolve({}) }));
      expect(health.status).toBe(503);
      expect(health.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
      expect(await health.json()).toMatchObject({ ok: false, database: { ok: false } });
      // One line for the outage once a probe went unanswered, none per refused request.
      const outageLines = () => errors.mock.calls.filter(([line]) => String(line).startsWith("database: not answering"));
      await expect.poll(() => outageLines().length, { timeout: 3_000 }).toBe(1);
      expectUnavailable(await quick(listCompanies));
      expect(outageLines()).toHaveLength(1);
      expect(errors.mock.calls.filter(([line]) => String(line).includes("The database is not answering"))).toEqual([]);
    } finally {
      errors.mockRestore();
      proxy.restore();
    }
    // A probe every second closes it once the database answers: nothing is restarted or reopened.
    await expect.poll(async () => (await listCompanies()).status, { timeout: 5_000 }).toBe(200);
    expect(await databaseHealth()).toEqual({ engine: "postgres" });
  });
});
