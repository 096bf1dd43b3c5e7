import path from "node:path";
import { dataDir } from "@/lib/data-dir.ts";

/**
 * How long a request may wait on PostgreSQL, so that a database that is down or frozen answers
 * 503 in bounded time instead of holding requests for as long as it stays that way.
 */
export interface DbTimeouts {
  /** Opening a connection: TCP, TLS and authentication (DB_CONNECT_TIMEOUT_MS). */
  connectMs: number;
  /** Waiting for a free connection of a full pool (DB_POOL_TIMEOUT_MS). */
  poolMs: number;
  /**
   * Server-side statement_timeout and idle_in_transaction_session_timeout (DB_STATEMENT_TIMEOUT_MS).
   * The client gives a statement up QUERY_TIMEOUT_MARGIN_MS later: a frozen server never
   * enforces its own timeout, and a live one answers first with its clearer error.
   */
  statementMs: number;
}

/**
 * Defaults: a healthy database connects in milliseconds, and the statement timeout is per
 * statement: a whole 500-record bulk request (several statements) takes under 2 s on the test
 * machines, so 15 s leaves room for a loaded server and larger objects.
 */
export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 5_000, poolMs: 5_000, statementMs: 15_000 };

export const QUERY_TIMEOUT_MARGIN_MS = 2_000;

/** Connections of each request pool on PostgreSQL (client.ts). */
export const REQUEST_POOL_SIZE = 10;

/** DB_TENANT_CONCURRENCY's default: half the pool, so one tenant's flood leaves the other half to everyone else. */
export const DEFAULT_TENANT_CONCURRENCY = REQUEST_POOL_SIZE / 2;

/** DB_TENANT_SLOW_CONCURRENCY's default: a tenant whose transactions are scans runs one at a time (tenant-bulkhead.ts). */
export const DEFAULT_TENANT_SLOW_CONCURRENCY = 1;

/** Which engine the app runs on, read once from the environment. */
export type DbConfig =
  | { engine: "pglite"; dataDir: string; /** DB_STATEMENT_TIMEOUT_MS, kept by pglite-thread.ts. */ statementMs?: number }
  | {
      engine: "postgres";
      ownerUrl: string;
      appUrl?: string;
      timeouts?: DbTimeouts;
      /** DB_TENANT_CONCURRENCY: transactions one tenant may run at once per instance (tenant-bulkhead.ts). */
      tenantConcurrency?: number;
      /** DB_TENANT_SLOW_CONCURRENCY: the same for a tenant whose recent transactions were slow. */
      tenantSlowConcurrency?: number;
    };

type Env = Record<string, string | undefined>;

function positiveInteger(env: Env, name: string, fallback: number, unit = "number"): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive ${unit}, got "${raw}"`);
  return value;
}

const milliseconds = (env: Env, name: string, fallback: number) => positiveInteger(env, name, fallback, "number of milliseconds");

export function dbTimeoutsFromEnv(env: Env = process.env): DbTimeouts {
  return {
    connectMs: milliseconds(env, "DB_CONNECT_TIMEOUT_MS", DEFAULT_DB_TIMEOUTS.connectMs),
    poolMs: milliseconds(env, "DB_POOL_TIMEOUT_MS", DEFAULT_DB_TIMEOUTS.poolMs),
    statementMs: milliseconds(env, "DB_STATEMENT_TIMEOUT_MS", DEFAULT_DB_TIMEOUTS.statementMs),
  };
}

export function dbConfigFromEnv(env: Env = process.env): DbConfig {
  if (env.DATABASE_URL) {
    return {
      engine: "postgres",
      ownerUrl: env.DATABASE_URL,
      appUrl: env.APP_DATABASE_URL || undefined,
      timeouts: dbTimeoutsFromEnv(env),
      tenantConcurrency: positiveInteger(env, "DB_TENANT_CONCURRENCY", DEFAULT_TENANT_CONCURRENCY),
      tenantSlowConcurrency: positiveInteger(env, "DB_TENANT_SLOW_CONCURRENCY", DEFAULT_TENANT_SLOW_CONCURRENCY),
    };
  }
  return {
    engine: "pglite",
    dataDir: env.PGLITE_DATA_DIR || path.join(dataDir(), "pglite"),
    statementMs: milliseconds(env, "DB_STATEMENT_TIMEOUT_MS", DEFAULT_DB_TIMEOUTS.statementMs),
  };
}

/** The role every request runs as: no superuser, no BYPASSRLS, owns nothing (see the RLS migration). */
export const APP_ROLE = "crm_app";
