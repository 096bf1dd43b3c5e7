import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "./generated/client.ts";
import { appLoginUrl, appRolePassword, grantAppLogin } from "./app-login.ts";
import { APP_ROLE, dbConfigFromEnv, type DbConfig } from "./config.ts";
import { applyMigrations, migrationsDir, readMigrations, type SqlExecutor } from "./migrate.ts";
import { openPglite } from "./pglite.ts";
import { pgTenantTransactions } from "./pg-transaction.ts";
import { sqlTx, type SqlTx } from "./sql-tx.ts";

/**
 * The one place that opens a database. Migrations run as the owner; the Prisma client that
 * serves requests runs as crm_app, so row-level security applies to every query it sends.
 * Only lib/db may import this module (see eslint.config.mjs): requests use withTenant().
 */
export interface Database {
  engine: DbConfig["engine"];
  prisma: PrismaClient;
  /**
   * A transaction straight on the driver, with the tenant set transaction-locally before its
   * first statement: the same isolation as withTenant on Prisma, for the API's hot paths.
   */
  tenantTransaction<T>(tenantId: string, fn: (tx: SqlTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite only: start from a snapshot made by dumpDataDir (tests) instead of a directory. */
  pgliteSnapshot?: Blob;
  migrate?: boolean;
}

// PGlite runs one transaction at a time, so a request may wait for others; Postgres rarely waits.
const transactionOptions = { maxWait: 20_000, timeout: 20_000 };

function pgliteExecutor(db: PGlite): SqlExecutor {
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

async function openPgliteDatabase(dataDir: string, options: OpenOptions): Promise<Database> {
  const db = options.pgliteSnapshot
    ? await openPglite("memory://", { loadDataDir: options.pgliteSnapshot })
    : await openPglite(dataDir);
  if (options.migrate !== false) await applyMigrations(pgliteExecutor(db), await readMigrations(migrationsDir()));
  // PGlite's only session is the superuser, which ignores RLS: drop to the app role for good.
  await db.exec(`SET ROLE ${APP_ROLE}`);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db), transactionOptions });
  return {
    engine: "pglite",
    prisma,
    // PGlite queues transactions itself, so this waits its turn with Prisma's.
    tenantTransaction: (tenantId, fn) =>
      db.transaction(async (t) => {
        await t.query("SELECT set_config('app.tenant_id', $1, true)", [tenantId]);
        return fn(sqlTx({ run: async (text, values) => {
          const r = await t.query(text, values);
          return { rows: r.rows, affected: r.affectedRows ?? 0 };
        } }));
      }),
    close: async () => {
      await prisma.$disconnect();
      await db.close();
    },
  };
}

/**
 * The owner's part, on a connection of its own: migrations, and unless APP_DATABASE_URL names
 * the request login, crm_app's own login (app-login.ts).
 */
async function ownerSteps(ownerUrl: string, steps: { migrate: boolean; appPassword?: string }): Promise<void> {
  const owner = new pg.Client({ connectionString: ownerUrl });
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
  const migrate = options.migrate !== false;
  const login = requestLogin(config);
  if (migrate || login.password) await ownerSteps(config.ownerUrl, { migrate, appPassword: login.password });
  const poolConfig = { connectionString: login.url, max: 10 };
  const adapter = new PrismaPg(poolConfig);
  const prisma = new PrismaClient({ adapter, transactionOptions });
  const pool = new pg.Pool(poolConfig);
  // Side transactions use a pool of their own, so a full main pool cannot deadlock (pg-transaction.ts).
  const sidePool = new pg.Pool({ ...poolConfig, max: 4 });
  // An idle connection that breaks (database restart) must not take the process down with it.
  for (const p of [pool, sidePool]) p.on("error", (err) => console.error("database pool: idle connection failed", err));

  return {
    engine: "postgres",
    prisma,
    tenantTransaction: pgTenantTransactions(pool, sidePool),
    close: async () => {
      await Promise.all([pool.end(), sidePool.end()]);
      await prisma.$disconnect();
    },
  };
}

export function openDatabase(config: DbConfig = dbConfigFromEnv(), options: OpenOptions = {}): Promise<Database> {
  return config.engine === "pglite"
    ? openPgliteDatabase(config.dataDir, options)
    : openPostgresDatabase(config, options);
}

const holder = globalThis as unknown as { __crmDatabase?: Promise<Database> };

/** The process-wide database, opened (and migrated) on first use. */
export function getDatabase(): Promise<Database> {
  holder.__crmDatabase ??= openDatabase().catch((err: unknown) => {
    holder.__crmDatabase = undefined;
    throw err;
  });
  return holder.__crmDatabase;
}

/** Tests swap in their own database (a PGlite snapshot clone or a throwaway Postgres database). */
export function setDatabase(db: Promise<Database> | undefined): void {
  holder.__crmDatabase = db;
}
