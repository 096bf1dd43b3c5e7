import { ownerJobSession, withJobSql } from "@/lib/db/job-transaction.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import type { OwnerSession } from "@/lib/db/owner-session.ts";
import { analyzeDue, DEFAULT_ANALYZE_THRESHOLD_ROWS } from "./analyze-tables.ts";
import { reaches, thresholdRows } from "./table-thresholds.ts";
import { defineJob } from "./define-job.ts";

const JOB_NAME = "vacuum-tables";

/** The fixed part of the threshold (`VACUUM_THRESHOLD_ROWS`): rows inserted, or dead, since a table's last VACUUM. */
export const DEFAULT_VACUUM_THRESHOLD_ROWS = 1000;
/** The part that grows with the table: a fifth of its rows, as autovacuum's default scale factors. */
const VACUUM_SCALE_FACTOR = 0.2;

/** A first VACUUM of a million-record import reads and marks every page once: seconds, throttled below. */
const VACUUM_TIMEOUT_MS = 10 * 60_000;
const CANDIDATES_TIMEOUT_MS = 5_000;

/**
 * The pace of autovacuum's own workers (vacuum_cost_delay 2 ms per vacuum_cost_limit 200): a manual
 * VACUUM runs unthrottled, and would take a core and the disk from the requests beside it.
 */
const THROTTLE = "SET vacuum_cost_delay = '2ms'; SET vacuum_cost_limit = 200";

/** `VACUUM_THRESHOLD_ROWS` when it is a non-negative integer, else the default. */
export const vacuumThresholdRows = (env: Record<string, string | undefined> = process.env): number =>
  thresholdRows(env, "VACUUM_THRESHOLD_ROWS", DEFAULT_VACUUM_THRESHOLD_ROWS);

interface Worn {
  table: string;
  inserted: number;
  dead: number;
  rows: number;
}

/**
 * The tables whose rows inserted since their last VACUUM (n_ins_since_vacuum), or dead row versions
 * (n_dead_tup: updates and deletes), reach the threshold, most first: the conditions under which
 * autovacuum would vacuum them, minutes later. Only tables whose statistics are current, by the
 * analyze job's default rule (analyze-tables.ts; it analyzes an import within seconds): a VACUUM
 * also tells the planner a table's size and how much of it is all-visible, and with those but
 * statistics of an empty or much smaller table (an import's start) the planner chose plans worse
 * than knowing neither (1M contacts: 1 s instead of 6 ms for a one-letter search).
 * Table names come from the catalog and are plain identifiers (checked again before they reach a
 * statement).
 */
function wornTables(minRows: number, table?: string): Prisma.Sql {
  return Prisma.sql`
    SELECT s.relname::text AS "table", s.n_ins_since_vacuum::float8 AS inserted, s.n_dead_tup::float8 AS dead,
      s.n_live_tup::float8 AS rows
    FROM pg_stat_user_tables s
    WHERE s.schemaname = 'public' AND s.relname <> '_prisma_migrations'
      ${table === undefined ? Prisma.empty : Prisma.sql`AND s.relname = ${table}`}
      AND (s.last_analyze IS NOT NULL OR s.last_autoanalyze IS NOT NULL)
      AND NOT ${analyzeDue(DEFAULT_ANALYZE_THRESHOLD_ROWS)}
      AND (${reaches(Prisma.sql`s.n_ins_since_vacuum`, minRows, VACUUM_SCALE_FACTOR)} OR ${reaches(Prisma.sql`s.n_dead_tup`, minRows, VACUUM_SCALE_FACTOR)})
    ORDER BY s.n_ins_since_vacuum + s.n_dead_tup DESC`;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export interface Vacuumed extends Worn {
  ms: number;
}

export interface VacuumOptions {
  /** The threshold's fixed part (default vacuumThresholdRows()). */
  minRows?: number;
  /** Checked between tables: a stopping server ends the run after the table under way. */
  signal?: AbortSignal;
  /** Called after each VACUUM has ended. */
  onVacuumed?: (v: Vacuumed) => void;
}

/**
 * One table's VACUUM under the job's lock for it: a session-level advisory lock on the owner's
 * session (VACUUM runs outside any transaction), released when the VACUUM ends or the session
 * does (a kill -9). Under the lock the counts are read again: an instance that saw the table worn
 * while another vacuumed it finds them reset and leaves it. SKIP_LOCKED: a table under another
 * VACUUM or ANALYZE (autovacuum's, the analyze job's) is left to it rather than waited for.
 */
async function vacuumOne(s: OwnerSession, minRows: number, table: string): Promise<Vacuumed | "locked-elsewhere" | undefined> {
  const key = `job:${JOB_NAME}:${table}`;
  const [lock] = await s.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked", [key]);
  if (!lock?.locked) return "locked-elsewhere";
  try {
    await s.query("SELECT pg_stat_clear_snapshot()");
    const again = wornTables(minRows, table);
    const [still] = await s.query<Worn>(again.text, again.values);
    if (!still || !IDENTIFIER.test(still.table)) return undefined;
    const started = performance.now();
    await s.query(`VACUUM (SKIP_LOCKED) "${still.table}"`);
    return { ...still, ms: Math.round(performance.now() - started) };
  } finally {
    await s.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [key]);
  }
}

/**
 * Vacuums, one table at a time, each table worn over the threshold (PostgreSQL; on PGlite, whose
 * one connection a VACUUM would hold, nothing). What it is for: VACUUM marks the pages whose rows
 * every transaction sees in the visibility map, and only on such pages can a count or a covering
 * index read its rows from the index alone (an index-only scan) rather than visit each row; it also
 * makes the space of dead row versions reusable. crm_app may not vacuum (it owns no table), so
 * the VACUUM runs on the owner's login. Nothing is recorded beside the database's own counts, so
 * a kill -9 loses nothing: the next run finds the same tables still over the threshold.
 */
export async function vacuumWornTables(o: VacuumOptions = {}): Promise<{ vacuumed: Vacuumed[]; lockedElsewhere: string[] }> {
  const vacuumed: Vacuumed[] = [];
  const lockedElsewhere: string[] = [];
  const ownerSession = await ownerJobSession();
  if (!ownerSession) return { vacuumed, lockedElsewhere };
  const minRows = o.minRows ?? vacuumThresholdRows();
  const worn = await withJobSql(async (tx) => tx.$queryRaw<Worn[]>(wornTables(minRows)), { timeoutMs: CANDIDATES_TIMEOUT_MS });
  if (!worn.length) return { vacuumed, lockedElsewhere };
  await ownerSession(VACUUM_TIMEOUT_MS, async (s) => {
    await s.query(THROTTLE);
    for (const { table } of worn) {
      o.signal?.throwIfAborted();
      const done = await vacuumOne(s, minRows, table);
      if (done === "locked-elsewhere") lockedElsewhere.push(table);
      else if (done) {
        vacuumed.push(done);
        o.onVacuumed?.(done);
      }
    }
  });
  return { vacuumed, lockedElsewhere };
}

/**
 * Keeps the visibility map current where nothing else does (autovacuum is off on some servers,
 * ours among them, and lags a bulk import by minutes where it is on): every 10 seconds, one query
 * on the statistics views, and a VACUUM of each table worn over VACUUM_THRESHOLD_ROWS + 20 % of
 * its rows.
 */
export const vacuumTables = defineJob({
  name: JOB_NAME,
  intervalMs: 10_000,
  timeoutMs: VACUUM_TIMEOUT_MS,
  run: async (signal) => {
    await vacuumWornTables({
      signal,
      onVacuumed: (v) =>
        console.log(`job ${JOB_NAME}: vacuumed ${v.table} (${v.inserted} rows inserted, ${v.dead} dead, ${v.rows} rows) in ${v.ms} ms`),
    });
  },
});
