/**
 * Writers of one tenant side by side (lib/services/records/change-stamp.ts), on PostgreSQL: PGlite
 * runs one transaction at a time, so nothing here can interleave there.
 * - concurrent creates do not queue behind each other;
 * - a poller of GET /data/{object}?updated_since= misses and repeats nothing while transactions
 *   commit in another order than they stamped;
 * - schema changes and writes still exclude each other, so a write never commits against fields
 *   that changed after it was validated.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { serverActor } from "@/lib/auth/actor.ts";
import { getDatabase, openDatabase, setDatabase, type Database } from "@/lib/db/client.ts";
import { REQUEST_POOL_SIZE } from "@/lib/db/config.ts";
import { withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { bumpSchemaVersion } from "@/lib/services/objects/schema-version.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { createRecords, type ItemResult } from "@/lib/services/records/write-records.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: dataRoute } = restRoute("/data/{object}");
const { PATCH: patchRoute } = restRoute("/{object}/{id}");
const { POST: createRoute } = restRoute("/{object}");

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A promise and the function that settles it: to hold a transaction open until the test says. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Fails instead of hanging when `p` waits for a transaction the test holds open. */
async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

const schemaVersionOf = async (tx: SqlTx, tenantId: string) =>
  (await tx.$queryRaw<{ v: number }[]>`SELECT schema_version AS v FROM tenant WHERE id = ${tenantId}::uuid`)[0]!.v;

/** A create as a request makes it: object schema at the transaction's schema version, then the write. */
async function createIn(tx: SqlTx, t: TestTenant, name: string, version?: number): Promise<ItemResult> {
  const object = await loadObjectSchema(tx, t.tenantId, "product", version ?? (await schemaVersionOf(tx, t.tenantId)));
  const [result] = await createRecords(tx, { actor: serverActor(t.tenantId, t.users.admin), object, inputs: [{ name }] });
  if (!result!.ok) throw result!.error;
  return result!;
}

describe.skipIf(!onPostgres)("concurrent record writes of one tenant (PostgreSQL)", () => {
  let t: TestTenant;
  // The tenants' share of the pool is the whole pool, slow or not: this file measures the tenant's
  // locks, and holds transactions open on purpose. Under the default share a tenant whose reads were
  // slow on a loaded machine runs one transaction at a time (tenant-bulkhead.ts), and the one held
  // open would make its next request wait a second and then be refused.
  let shared: ReturnType<typeof getDatabase>;
  let db: Database;
  beforeAll(async () => {
    shared = getDatabase();
    db = await openDatabase(
      {
        engine: "postgres",
        ownerUrl: inject("pgOwnerUrl"),
        appUrl: inject("pgAppUrl"),
        tenantConcurrency: REQUEST_POOL_SIZE,
        tenantSlowConcurrency: REQUEST_POOL_SIZE,
      },
      { migrate: false },
    );
    setDatabase(Promise.resolve(db));
    t = await createTestTenant("concurrent");
  });
  afterAll(async () => {
    setDatabase(shared);
    await db.close();
  });

  it("50 concurrent single creates complete in well under 50 times one create's latency", async () => {
    // Each create's transaction stays open 50 ms after its write, as over a slow link to the
    // database: writers that queue on a tenant-wide lock would take 50 × 50 ms.
    const HOLD_MS = 50;
    const createOne = (name: string) =>
      withTenantSql(t.tenantId, async (tx) => {
        await createIn(tx, t, name);
        await tx.$queryRaw`SELECT pg_sleep(${HOLD_MS / 1000}::float8)`;
      });
    const singles: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await createOne(`Single ${i}`);
      singles.push(performance.now() - started);
    }
    const single = singles.sort((a, b) => a - b)[2]!;
    const started = performance.now();
    await Promise.all(Array.from({ length: 50 }, (_, i) => createOne(`Concurrent ${i}`)));
    const all = performance.now() - started;
    // The request pool has 10 connections, so 50 transactions need at least 5 rounds of one.
    expect(all, `50 concurrent: ${all.toFixed(0)} ms; one: ${single.toFixed(0)} ms`).toBeLessThan(15 * single);
  });

  it("a poller misses and repeats nothing while a transaction that stamped first commits last", async () => {
    const poller = await createTestTenant("out-of-order");
    const k = (await createTestKey(poller, { rateLimit: 10_000 })).secret;
    const seen: string[] = [];
    let since: string | undefined;
    const poll = async (): Promise<string[]> => {
      const query: Record<string, string> = { pageSize: "1000", ...(since ? { updated_since: since } : {}) };
      const res = await call(dataRoute, { auth: k, params: { object: "product" }, query });
      expect(res.status).toBe(200);
      const rows = res.json<{ rows: { id: string; updated_at: string }[] }>().rows;
      seen.push(...rows.map((r) => `${r.id}@${r.updated_at}`));
      since = rows.map((r) => r.updated_at).reduce((a, b) => (b > a ? b : a), since ?? "");
      return rows.map((r) => r.id);
    };
    const expected = new Set<string>();
    const create = async (name: string) => {
      const res = await call(createRoute, { auth: k, params: { object: "product" }, body: { name } });
      expect(res.status).toBe(201);
      const record = res.json<{ id: string; updated_at: string }>();
      expected.add(`${record.id}@${record.updated_at}`);
      return record;
    };
    const early = await create("Before");
    await poll();

    // The long transaction takes its stamp, then stays open while others stamp and commit.
    const stamped = gate();
    const release = gate();
    const long = withTenantSql(poller.tenantId, async (tx) => {
      const { record } = (await createIn(tx, poller, "Long")) as ItemResult & { ok: true };
      stamped.open();
      await release.opened;
      return record;
    });
    await stamped.opened;
    try {
      const writes = async () => {
        const created = [await create("After 1"), await create("After 2")];
        const patched = await call(patchRoute, {
          auth: k,
          method: "PATCH",
          params: { object: "product", id: early.id },
          body: { name: "Again" },
        });
        expect(patched.status).toBe(200);
        const record = patched.json<{ id: string; updated_at: string }>();
        expected.add(`${record.id}@${record.updated_at}`);
        return [...created, record];
      };
      const later = await within(5_000, "writes while a transaction of the tenant is open", writes());
      // Committed, but stamped after a write still running: not final yet, so not returned.
      expect(await poll()).toEqual([]);
      release.open();
      const record = await long;
      expected.add(`${record.id}@${record.updated_at}`);
      // The one that committed last carries the earliest stamp.
      for (const r of later) expect(r.updated_at > record.updated_at).toBe(true);
    } finally {
      release.open();
    }
    await poll();
    await poll();
    expect(seen.length).toBe(new Set(seen).size);
    expect(new Set(seen)).toEqual(expected);
  });

  /** A poller of one tenant's products: each poll's ids, from the largest updated_at seen so far. */
  async function productPoller(tenant: TestTenant) {
    const k = (await createTestKey(tenant, { rateLimit: 10_000 })).secret;
    let since = "";
    return {
      create: async (name: string) => {
        const res = await call(createRoute, { auth: k, params: { object: "product" }, body: { name } });
        expect(res.status).toBe(201);
        return res.json<{ id: string }>().id;
      },
      poll: async (): Promise<string[]> => {
        const query = { pageSize: "1000", ...(since ? { updated_since: since } : {}) };
        const res = await call(dataRoute, { auth: k, params: { object: "product" }, query });
        expect(res.status).toBe(200);
        const rows = res.json<{ rows: { id: string; updated_at: string }[] }>().rows;
        since = rows.map((r) => r.updated_at).reduce((a, b) => (b > a ? b : a), since);
        return rows.map((r) => r.id);
      },
    };
  }

  /** Runs `hold` in a transaction of `tenant` and keeps it open until the returned function is called. */
  async function heldOpen(tenant: TestTenant, hold: (tx: SqlTx) => PromiseLike<unknown>): Promise<() => Promise<void>> {
    const held = gate();
    const release = gate();
    const done = withTenantSql(tenant.tenantId, async (tx) => {
      await hold(tx);
      held.open();
      await release.opened;
    });
    await Promise.race([held.opened, done]);
    return async () => {
      release.open();
      await done;
    };
  }

  it("another tenant's write still running does not hold back this tenant's changes", async () => {
    const busy = await createTestTenant("busy-writer");
    const quiet = await productPoller(await createTestTenant("quiet-poller"));
    await quiet.poll();
    // The busy tenant's transaction has announced its stamp and stays open, as a long bulk write does.
    const release = await heldOpen(busy, (tx) => createIn(tx, busy, "Long"));
    try {
      const id = await quiet.create("Mine");
      await sleep(5); // past the create's millisecond
      expect(await quiet.poll()).toEqual([id]);
    } finally {
      await release();
    }
  });

  it("a stamp announced in the earlier lock form (an instance of the earlier code, mid-deploy) still holds the horizon back", async () => {
    const tenant = await createTestTenant("mixed-deploy");
    const poller = await productPoller(tenant);
    await poller.poll();
    // The earlier form's key: the milliseconds since 1970 alone, under no tenant.
    const release = await heldOpen(
      tenant,
      (tx) => tx.$executeRaw`
        SELECT pg_advisory_xact_lock_shared((k >> 32)::integer, ((k << 32) >> 32)::integer)
        FROM (SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS k) s`,
    );
    let id: string;
    try {
      id = await poller.create("Behind an older instance's write");
      await sleep(5);
      expect(await poller.poll()).toEqual([]);
    } finally {
      await release();
    }
    expect(await poller.poll()).toEqual([id]);
  });

  it("a schema change that commits while a write waits for it makes the write fail with 409", async () => {
    const bumped = gate();
    const commit = gate();
    const change = withTenantSql(t.tenantId, async (tx) => {
      await bumpSchemaVersion(tx, t.tenantId);
      bumped.open();
      await commit.opened;
    });
    await bumped.opened;
    const version = await withTenantSql(t.tenantId, (tx) => schemaVersionOf(tx, t.tenantId));
    // Validated against the fields as they were before the change, then waiting for it to end.
    const write = withTenantSql(t.tenantId, (tx) => createIn(tx, t, "Stale", version));
    const outcome = write.then(
      () => "created",
      (e: unknown) => (isAppError(e) ? e.status : e),
    );
    await sleep(300);
    commit.open();
    await change;
    expect(await outcome).toBe(409);
    const stale = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM record WHERE name = 'Stale'`,
    );
    expect(stale[0]!.n).toBe(0);
  });

  it("a schema change waits for the writes that run, so none commits against changed fields", async () => {
    const written = gate();
    const commit = gate();
    const write = withTenantSql(t.tenantId, async (tx) => {
      await createIn(tx, t, "Running");
      written.open();
      await commit.opened;
    });
    await written.opened;
    let changed = false;
    const change = withTenantSql(t.tenantId, (tx) => bumpSchemaVersion(tx, t.tenantId)).then(() => (changed = true));
    try {
      await sleep(300);
      expect(changed).toBe(false);
    } finally {
      commit.open();
    }
    await write;
    await change;
    expect(changed).toBe(true);
  });
});
