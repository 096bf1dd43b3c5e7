import { eventsRetentionDays, requestLogMaxPerTenant, requestLogRetentionDays } from "@/lib/config.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { IDEMPOTENCY_TTL_HOURS } from "@/lib/operations/idempotency.ts";
import { AGENT_UNUSED_DAYS } from "@/lib/services/oauth/agent-clients.ts";
import { defineJob } from "./define-job.ts";
import { inJobLockBatches } from "./in-job-lock.ts";

const JOB_NAME = "purge-expired";

/** The delivery log's retention (README "Webhooks"): entries older than this are dropped. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;

/** Rows per statement: a backlog goes in many short transactions, never one long lock. */
export const PURGE_BATCH_SIZE = 1000;

/** One batch's deadline; a batch takes milliseconds when the indexes are there. */
const BATCH_TIMEOUT_MS = 15_000;

/**
 * Each table's batch: a SECURITY DEFINER function that deletes up to `limit` expired rows of
 * every tenant and returns how many. The rules (what counts as expired, why OAuth rows get an
 * hour's grace and token families go only as a whole) are in the jobs_purge_expired migration.
 */
const PURGES = {
  idempotency_key: (tx: SqlTx, limit: number) =>
    tx.$queryRaw<{ n: number }[]>`SELECT jobs_purge_idempotency_keys(${IDEMPOTENCY_TTL_HOURS}::int, ${limit}::int) AS n`,
  oauth_token: (tx: SqlTx, limit: number) => tx.$queryRaw<{ n: number }[]>`SELECT jobs_purge_oauth_tokens(${limit}::int) AS n`,
  oauth_code: (tx: SqlTx, limit: number) => tx.$queryRaw<{ n: number }[]>`SELECT jobs_purge_oauth_codes(${limit}::int) AS n`,
  oauth_consent_use: (tx: SqlTx, limit: number) => tx.$queryRaw<{ n: number }[]>`SELECT jobs_purge_oauth_consent_uses(${limit}::int) AS n`,
  webhook_delivery: (tx: SqlTx, limit: number) =>
    tx.$queryRaw<{ n: number }[]>`SELECT jobs_purge_webhook_deliveries(${WEBHOOK_LOG_RETENTION_DAYS}::int, ${limit}::int) AS n`,
  outbox_event: (tx: SqlTx, limit: number) =>
    tx.$queryRaw<{ n: number }[]>`SELECT jobs_purge_outbox_events(${eventsRetentionDays()}::int, ${limit}::int) AS n`,
  // Request log lines past their retention, then those of tenants over their cap (oldest first).
  api_request_log: (tx: SqlTx, limit: number) => tx.$queryRaw<{ n: number }[]>`
    WITH aged AS (SELECT jobs_purge_request_log(${requestLogRetentionDays()}::int, ${limit}::int) AS n)
    SELECT n + CASE WHEN n < ${limit}::int THEN jobs_trim_request_log(${requestLogMaxPerTenant()}::int, ${limit}::int - n) ELSE 0 END AS n
    FROM aged`,
  // Agent connections (self-registered MCP hosts) nobody used for 30 days, with their grants.
  oauth_app: (tx: SqlTx, limit: number) =>
    tx.$queryRaw<{ n: number }[]>`SELECT jobs_purge_agent_clients(${AGENT_UNUSED_DAYS}::int, ${limit}::int) AS n`,
};

export type PurgedTable = keyof typeof PURGES;
export type PurgeCounts = Record<PurgedTable, number>;

export interface PurgeOptions {
  batchSize?: number;
  /** Checked between batches: a stopping server ends the purge after the batch under way. */
  signal?: AbortSignal;
  /** Called after each batch has committed. */
  onBatch?: (table: PurgedTable, deleted: number) => Promise<void> | void;
}

/**
 * Deletes the expired rows of every tenant, table by table, batch by batch, each batch in its own
 * transaction under the job's lock (in-job-lock.ts). A batch is all or nothing, so a process killed
 * mid-purge leaves each row either deleted or for the next run. `lockedElsewhere` when another
 * instance was purging: it carries on.
 */
export async function purgeExpiredRows(o: PurgeOptions = {}): Promise<{ deleted: PurgeCounts; lockedElsewhere: boolean }> {
  const limit = o.batchSize ?? PURGE_BATCH_SIZE;
  const tables = Object.keys(PURGES) as PurgedTable[];
  // One count per purged table, derived from PURGES so that a new table cannot be left out.
  const deleted = Object.fromEntries(tables.map((table) => [table, 0])) as PurgeCounts;
  for (const table of tables) {
    const { done, lockedElsewhere } = await inJobLockBatches(JOB_NAME, limit, async (tx) => (await PURGES[table](tx, limit))[0]?.n ?? 0, {
      timeoutMs: BATCH_TIMEOUT_MS,
      signal: o.signal,
      onBatch: (n) => o.onBatch?.(table, n),
    });
    deleted[table] += done;
    if (lockedElsewhere) return { deleted, lockedElsewhere: true };
  }
  return { deleted, lockedElsewhere: false };
}

/**
 * Expired idempotency keys, OAuth codes and tokens, consent-form uses, the old delivery log, old
 * events, the old request log and unused agent connections, every 10 minutes.
 */
export const purgeExpired = defineJob({
  name: JOB_NAME,
  intervalMs: 10 * 60_000,
  timeoutMs: 5 * 60_000,
  run: async (signal) => {
    const { deleted } = await purgeExpiredRows({ signal });
    const counts = Object.entries(deleted).filter(([, n]) => n > 0);
    if (counts.length > 0) console.log(`job ${JOB_NAME}: deleted ${counts.map(([table, n]) => `${n} from ${table}`).join(", ")}`);
  },
});
