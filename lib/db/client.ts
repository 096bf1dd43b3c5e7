import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { AppError } from "@/lib/errors/app-error.ts";
import { DatabaseNotReadyError, UNAVAILABLE_RETRY_AFTER } from "@/lib/errors/unavailable.ts";
import { appLoginUrl, appRolePassword, grantAppLogin } from "./app-login.ts";
import { boundedClient } from "./bounded-client.ts";
import { circuitPool, createCircuit, type Circuit } from "./circuit-breaker.ts";
import {
  APP_ROLE,
  DEFAULT_DB_TIMEOUTS,
  DEFAULT_TENANT_CONCURRENCY,
  DEFAULT_TENANT_SLOW_CONCURRENCY,
  dbConfigFromEnv,
  QUERY_TIMEOUT_MARGIN_MS,
  REQUEST_POOL_SIZE,
  type DbConfig,
  type DbTimeouts,
} from "./config.ts";
import { applyMigrations, migrationsDir, readMigrations, type SqlExecutor } from "./migrate.ts";
import { PGliteThread, REOPEN_ALLOWANCE_MS } from "./pglite-thread.ts";
import { pgListen } from "./pg-listen.ts";
import { withOwnerSession, type OwnerSession } from "./owner-session.ts";
import { pgTenantTransactions, type TransactionOptions } from "./pg-transaction.ts";
import { sqlTx, type SqlTx } from "./sql-tx.ts";
import { keepCheckpointsSmall, type CheckpointOptions } from "./pglite-checkpoints.ts";
import {
  createTenantBulkhead,
  SLOW_TRANSACTION_MS,
  TENANT_MAX_WAIT_MS,
  TENANT_WAIT_MS,
  type ShareTerms,
  type TenantBulkhead,
} from "./tenant-bulkhead.ts";

/**
 * The one place that opens a database. Migrations run as the owner; requests run as crm_app, so
 * row-level security applies to every statement they send. Only lib/db may import this module
 * (see eslint.config.mjs): requests use withTenantSql().
 */
export interface Database {
  engine: DbConfig["engine"];
  /**
   * A transaction straight on the driver, with the tenant set transaction-locally before its
   * first statement.
   */
  tenantTransaction<T>(tenantId: string, fn: (tx: SqlTx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs `fn` (a tenant's transaction) within that tenant's share of the database: on PostgreSQL
   * at most DB_TENANT_CONCURRENCY at once per instance, past which it waits its turn, or fails
   * with database_busy (503) — see tenant-bulkhead.ts; on PGlite one at a time, so that tenants
   * take the one connection in turn (pgliteBulkhead).
   */
  tenantShare<T>(tenantId: string, fn: (terms: ShareTerms) => Promise<T>): Promise<T>;
  /**
   * One round trip on a connection of its own (PostgreSQL: failing within PROBE_TIMEOUT_MS, and at
   * once while the circuit is open), for health checks; on PostgreSQL it also fails while a
   * request pool is exhausted (no connection free within POOL_CHECK_MS).
   */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` once its transaction commits, from any instance
   * on PostgreSQL (and once whenever listening starts again after a lost connection, with the
   * payload "": anything may have happened meanwhile). Returns the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: `fn` on a session of the schema owner's login, outside any transaction, each
   * statement within `statementMs` (owner-session.ts). For maintenance jobs (VACUUM), never a request.
   */
  ownerSession?<T>(statementMs: number, fn: (s: OwnerSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite only: start from a snapshot made by dumpDataDir (tests) instead of a directory. */
  pgliteSnapshot?: Blob;
  migrate?: boolean;
  /** PGlite only: when to checkpoint (pglite-checkpoints.ts); on by default on disk, in memory only when given. */
  pgliteCheckpoints?: CheckpointOptions;
}

/** PGlite runs one transaction at a time: the longest a tenant's turn may be waited for. */
const PGLITE_MAX_WAIT_MS = 20_000;

/** The health check's connection gives up sooner than requests do (lib/db/health.ts answers within 2 s). */
const PROBE_TIMEOUT_MS = 1_500;

/** How long health waits for a connection of each request pool: longer, and requests are queueing for one. */
const POOL_CHECK_MS = 1_000;

/**
 * Fails unless a connection of `pool` can be had within POOL_CHECK_MS (and hands it straight
 * back): a database that answers its probe while every request connection is taken and requests
 * queue for one is not healthy. An AppError, so health does not log each probe of a busy spell.
 */
async function connectionWithin(pool: pg.Pool): Promise<void> {
  const pending = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const message = `Database busy: no request connection was free within ${POOL_CHECK_MS / 1000} s`;
      reject(new AppError("service_unavailable", message, undefined, { retryAfter: UNAVAILABLE_RETRY_AFTER }));
    }, POOL_CHECK_MS);
  });
  try {
    (await Promise.race([pending, late])).release();
  } catch (err) {
    pending.then(
      (client) => client.release(),
      () => undefined,
    );
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A pool of request connections, every wait bounded (config.ts): the wait for a free connection
 * of a full pool by pg-pool's connectionTimeoutMillis (which bounds a new connection's start too,
 * as BoundedClient does with connectMs), each statement by the server's statement_timeout and,
 * should the server not answer at all, by the client giving the connection up a little later.
 * Either wait running out opens the circuit (circuit-breaker.ts).
 */
function requestPoolConfig(url: string, max: number, t: DbTimeouts, circuit: Circuit): pg.PoolConfig {
  return {
    connectionString: url,
    max,
    Client: boundedClient({ connectMs: t.connectMs, queryMs: t.statementMs + QUERY_TIMEOUT_MARGIN_MS, onUnanswered: circuit.trip }),
    connectionTimeoutMillis: t.poolMs,
    statement_timeout: t.statementMs,
    idle_in_transaction_session_timeout: t.statementMs,
    // The statements the app prepares (sql-tx.ts `prepared`) are those whose best plan does not
    // depend on their values, so they are planned once per connection. Left to choose, PostgreSQL
    // kept planning them anew: a generic plan for `id = ANY($1)` is estimated dearer than the custom
    // ones, and planning a key lookup of record (one table, 33 indexes, row-level security) took
    // 0.35 ms against 0.03 ms to run it — most of the database's work for a GET.
    options: "-c plan_cache_mode=force_generic_plan",
  };
}

type PgliteLike = Pick<PGlite, "query" | "exec" | "transaction">;

function pgliteExecutor(db: PgliteLike): SqlExecutor {
  return {
    exec: async (sql) => {
      await db.exec(sql);
    },
    query: async <T>(sql: string) => (await db.query<T>(sql)).rows,
  };
}

function pgExecutor(client: pg.Client): SqlExecutor {
  return {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <T>(sql: string) => (await client.query(sql)).rows as T[],
  };
}

/**
 * PGlite's close() does not wait for a query under way: closing between the messages of one (a
 * health check given up after its 2 s while the database was still opening, say) leaves the next
 * message in a loop that never ends and holds the whole process. So every query, exec and
 * transaction of the instance (Prisma's included) is tracked, and close() waits for them first.
 */
function trackWork(db: PgliteLike): Set<Promise<unknown>> {
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    const done = () => inFlight.delete(work);
    work.then(done, done);
    return work;
  };
  const query = db.query.bind(db);
  const exec = db.exec.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = ((...args: Parameters<typeof query>) => track(query(...args))) as typeof db.query;
  db.exec = ((...args: Parameters<typeof exec>) => track(exec(...args))) as typeof db.exec;
  db.transaction = ((...args: Parameters<typeof transaction>) => track(transaction(...args))) as typeof db.transaction;
  return inFlight;
}

/**
 * PGlite's one connection serves every tenant in turn, first come first served: a tenant flooding it
 * with scans would make a neighbour's point read wait for all of them. Held to one transaction at a
 * time each, a tenant has at most one in the engine's queue, so the neighbour waits for one of the
 * flood's statements, not the whole flood; the flood's excess waits here for its own turn. A share
 * stalls only past a statement's time limit and the engine's opening again that cancels it (the
 * cut-off transaction's ROLLBACK waits for the new engine); the whole wait is bounded as the
 * transaction's wait for the engine is.
 */
function pgliteBulkhead(statementMs: number | undefined): TenantBulkhead {
  return createTenantBulkhead({
    concurrency: 1,
    slowConcurrency: 1,
    slowMs: SLOW_TRANSACTION_MS,
    waitMs: (statementMs || DEFAULT_DB_TIMEOUTS.statementMs) + QUERY_TIMEOUT_MARGIN_MS + REOPEN_ALLOWANCE_MS,
    maxWaitMs: PGLITE_MAX_WAIT_MS,
    maxWaiting: 1_000,
  });
}

/** PGlite's checkpoints (pglite-checkpoints.ts): always on disk, in memory (tests) when asked for. */
function startCheckpoints(db: PGliteThread, inMemory: boolean, options: CheckpointOptions | undefined): (() => Promise<void>) | null {
  if (inMemory && !options) return null;
  return keepCheckpointsSmall(
    {
      query: (sql) => db.query(sql),
      // Only the engine's owner may checkpoint, and crm_app is a member of no role (rls.test.ts). The
      // session's user is the owner: in this one transaction, and only there, the role is that user.
      checkpoint: () => db.transaction(async (t) => void (await t.exec("SET LOCAL ROLE NONE; CHECKPOINT"))),
    },
    options,
  );
}

async function openPgliteDatabase(config: Extract<DbConfig, { engine: "pglite" }>, options: OpenOptions): Promise<Database> {
  const db = await PGliteThread.open({ dataDir: config.dataDir, snapshot: options.pgliteSnapshot });
  if (options.migrate !== false) await applyMigrations(pgliteExecutor(db), await readMigrations(migrationsDir()));
  // PGlite's only session is the superuser, which ignores RLS: drop to the app role for good.
  await db.startSession(`SET ROLE ${APP_ROLE}`);
  // Migrations may take their time; requests' statements may not (pglite-thread.ts). A database in
  // memory (tests) would lose its data when opened again, so it is limited only when asked to be.
  const inMemory = config.dataDir.includes("://");
  db.limitStatements(config.statementMs ?? (inMemory ? 0 : DEFAULT_DB_TIMEOUTS.statementMs));
  // After the migrations and SET ROLE: from here on, what close() must wait for.
  const inFlight = trackWork(db);
  const bulkhead = pgliteBulkhead(config.statementMs);
  // A data directory on disk would otherwise meet the checkpoint max_wal_size asks for inside a request.
  const stopCheckpoints = startCheckpoints(db, inMemory, options.pgliteCheckpoints);
  return {
    engine: "pglite",
    // PGlite queues transactions itself: this waits its turn.
    tenantTransaction: (tenantId, fn) =>
      db.transaction(async (t) => {
        await t.query("SELECT set_config('app.tenant_id', $1, true)", [tenantId]);
        return fn(
          sqlTx({
            run: async (text, values) => {
              const r = await t.query(text, values);
              return { rows: r.rows, affected: r.affectedRows ?? 0 };
            },
          }),
        );
      }),
    tenantShare: (tenantId, fn) => bulkhead.run(tenantId, fn),
    ping: async () => {
      await db.query("SELECT 1");
    },
    listen: async (channel, onNotify) => {
      const unlisten = await db.listen(channel, (payload) => onNotify(payload));
      return () => unlisten();
    },
    close: async () => {
      await stopCheckpoints?.();
      await Promise.allSettled([...inFlight]);
      await db.close();
    },
  };
}

/**
 * The owner's part, on a connection of its own: migrations, and unless APP_DATABASE_URL names
 * the request login, crm_app's own login (app-login.ts).
 */
async function ownerSteps(ownerUrl: string, steps: { migrate: boolean; appPassword?: string }, t: DbTimeouts): Promise<void> {
  const owner = new pg.Client({ connectionString: ownerUrl, connectionTimeoutMillis: t.connectMs });
  // A connection lost mid-migration fails the statement that was waiting; without a listener
  // the client's 'error' event would also end the process.
  owner.on("error", () => undefined);
  try {
    await owner.connect();
    if (steps.migrate) await applyMigrations(pgExecutor(owner), await readMigrations(migrationsDir()));
    if (steps.appPassword) await grantAppLogin(owner, steps.appPassword);
  } finally {
    await owner.end().catch(() => undefined);
  }
}

/** Where requests log in: APP_DATABASE_URL, or else crm_app with its derived password (app-login.ts). */
function requestLogin(config: Extract<DbConfig, { engine: "postgres" }>): { url: string; password?: string } {
  if (config.appUrl) return { url: config.appUrl };
  const password = appRolePassword();
  return { url: appLoginUrl(config.ownerUrl, password), password };
}

async function openPostgresDatabase(config: Extract<DbConfig, { engine: "postgres" }>, options: OpenOptions): Promise<Database> {
  const t = config.timeouts ?? DEFAULT_DB_TIMEOUTS;
  const migrate = options.migrate !== false;
  const login = requestLogin(config);
  if (migrate || login.password) await ownerSteps(config.ownerUrl, { migrate, appPassword: login.password }, t);
  const requestUrl = login.url;
  // Health checks and the circuit's probes never wait behind requests, nor hold their connections.
  const probePool = new pg.Pool({
    connectionString: requestUrl,
    max: 1,
    Client: boundedClient({ connectMs: PROBE_TIMEOUT_MS, queryMs: PROBE_TIMEOUT_MS }),
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
  });
  const circuit = createCircuit(async () => {
    await probePool.query("SELECT 1");
  });
  const RequestPool = circuitPool(circuit);
  const poolConfig = requestPoolConfig(requestUrl, REQUEST_POOL_SIZE, t, circuit);
  const concurrency = config.tenantConcurrency ?? DEFAULT_TENANT_CONCURRENCY;
  // A burst of short requests (hundreds in parallel from one client: the two-instance rate-limit test
  // sends 150 to each) waits its turn while the share moves and is served; a flood of slow ones stalls
  // it for TENANT_WAIT_MS and is refused. The queue's bound only caps the memory of waiters.
  const bulkhead = createTenantBulkhead({
    concurrency,
    slowConcurrency: Math.min(concurrency, config.tenantSlowConcurrency ?? DEFAULT_TENANT_SLOW_CONCURRENCY),
    slowMs: SLOW_TRANSACTION_MS,
    waitMs: TENANT_WAIT_MS,
    maxWaitMs: TENANT_MAX_WAIT_MS,
    maxWaiting: concurrency * 200,
  });
  const pool = new RequestPool(poolConfig);
  // Side transactions use a pool of their own, so a full main pool cannot deadlock (pg-transaction.ts).
  const sidePool = new RequestPool({ ...poolConfig, max: 4 });
  const listeners = new Set<() => Promise<void>>();
  // An idle connection that breaks (database restart) must not take the process down with it.
  for (const p of [pool, sidePool, probePool])
    p.on("error", (err) => console.error(`database pool: idle connection failed: ${err.message}`));

  return {
    engine: "postgres",
    tenantTransaction: pgTenantTransactions(pool, sidePool),
    tenantShare: (tenantId, fn) => bulkhead.run(tenantId, fn),
    ping: async () => {
      circuit.check();
      await Promise.all([probePool.query("SELECT 1"), connectionWithin(pool)]);
    },
    listen: (channel, onNotify) => {
      const stop = pgListen(requestUrl, channel, onNotify, t.connectMs);
      listeners.add(stop);
      return Promise.resolve(async () => {
        listeners.delete(stop);
        await stop();
      });
    },
    ownerSession: (statementMs, fn) => withOwnerSession(config.ownerUrl, { connectMs: t.connectMs, statementMs }, fn),
    close: async () => {
      circuit.stop();
      await Promise.all([...listeners].map((stop) => stop()));
      await Promise.all([pool.end(), sidePool.end(), probePool.end()]);
    },
  };
}

export function openDatabase(config: DbConfig = dbConfigFromEnv(), options: OpenOptions = {}): Promise<Database> {
  return config.engine === "pglite" ? openPgliteDatabase(config, options) : openPostgresDatabase(config, options);
}

const holder = globalThis as unknown as { __crmDatabase?: Promise<Database>; __crmOpenDatabase?: () => Promise<Database> };

/** The process-wide database, opened (and migrated) on first use. */
export function getDatabase(): Promise<Database> {
  holder.__crmDatabase ??= (holder.__crmOpenDatabase ?? openDatabase)().catch((err: unknown) => {
    holder.__crmDatabase = undefined;
    throw err;
  });
  return holder.__crmDatabase;
}

/** Tests swap in their own database (a PGlite snapshot clone or a throwaway Postgres database); start-up sets the one it opened. */
export function setDatabase(db: Promise<Database> | undefined): void {
  holder.__crmDatabase = db;
}

/** Tests say how their database opens, and it opens on first use: a test file that never reaches it pays for no PGlite clone. */
export function setDatabaseOpener(open: () => Promise<Database>): void {
  holder.__crmDatabase = undefined;
  holder.__crmOpenDatabase = open;
}

/**
 * While start-up keeps trying to open the database (lib/startup.ts), every use fails at once with
 * `reason` (answered 503) rather than opening the database on its own or waiting.
 */
export function setDatabaseNotReady(reason: string): void {
  const notReady = Promise.reject(new DatabaseNotReadyError(reason));
  notReady.catch(() => undefined);
  holder.__crmDatabase = notReady;
}
