import { withJobSql } from "@/lib/db/job-transaction.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { defineJob } from "./define-job.ts";
import { inJobLock, LOCKED_ELSEWHERE } from "./in-job-lock.ts";
import { reaches, thresholdRows } from "./table-thresholds.ts";

const JOB_NAME = "analyze-tables";

/** The fixed part of the threshold (`ANALYZE_THRESHOLD_ROWS`): rows changed since a table's last ANALYZE. */
export const DEFAULT_ANALYZE_THRESHOLD_ROWS = 1000;
/** The part that grows with the table: a tenth of its rows, as autovacuum's default scale factor. */
const ANALYZE_SCALE_FACTOR = 0.1;

/**
 * One table's ANALYZE, in a statement time limit: it reads a sample of at most 30,000 rows
 * (default_statistics_target 100), under a second for 27,000 contacts on PGlite.
 */
const ANALYZE_TIMEOUT_MS = 60_000;
const CANDIDATES_TIMEOUT_MS = 5_000;

/** `ANALYZE_THRESHOLD_ROWS` when it is a non-negative integer, else the default. */
export const analyzeThresholdRows = (env: Record<string, string | undefined> = process.env): number =>
  thresholdRows(env, "ANALYZE_THRESHOLD_ROWS", DEFAULT_ANALYZE_THRESHOLD_ROWS);

/** Whether a table's statistics are due by the analyze job's rule (n_mod_since_analyze against `minRows` + 10 % of its rows). */
export const analyzeDue = (minRows: number): Prisma.Sql => reaches(Prisma.sql`s.n_mod_since_analyze`, minRows, ANALYZE_SCALE_FACTOR);

interface Changed {
  table: string;
  changed: number;
  rows: number;
}

/**
 * A conservative count of rows per 8 kB page, to express the threshold in pages: a table's file
 * grown past the pages its last ANALYZE saw (pg_class.relpages, 0 when never analyzed) by the
 * threshold is analyzed even when the counters below say nothing. They live in memory: PGlite loses
 * them when its engine is opened again (after a statement time limit, or a kill), so an import
 * followed by one would otherwise never be analyzed.
 */
const ROWS_PER_PAGE = 20;

/**
 * The tables whose rows changed since their last ANALYZE (pg_stat_user_tables.n_mod_since_analyze,
 * which both engines keep: inserted, updated and deleted rows, reset by ANALYZE) reach the threshold,
 * most changed first. The counts are the database's, so writes of every instance count, and a
 * process killed before it analyzed leaves them for the next run. pg_stat_clear_snapshot: within a
 * transaction the statistics views answer from the snapshot taken at their first use.
 */
async function changedTables(tx: SqlTx, minRows: number, table?: string): Promise<Changed[]> {
  await tx.$executeRaw`SELECT pg_stat_clear_snapshot()`;
  return tx.$queryRaw<Changed[]>`
    SELECT s.relname::text AS "table", s.n_mod_since_analyze::float8 AS changed, s.n_live_tup::float8 AS rows
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = 'public' AND s.relname <> '_prisma_migrations'
      ${table === undefined ? Prisma.empty : Prisma.sql`AND s.relname = ${table}`}
      AND (${analyzeDue(minRows)}
        OR pg_relation_size(s.relid) >= (c.relpages * (1 + ${ANALYZE_SCALE_FACTOR}::float8) + ${minRows}::float8 / ${ROWS_PER_PAGE}::float8)
          * current_setting('block_size')::float8)
    ORDER BY s.n_mod_since_analyze DESC`;
}

export interface Analyzed extends Changed {
  ms: number;
}

export interface AnalyzeOptions {
  /** The threshold's fixed part (default analyzeThresholdRows()). */
  minRows?: number;
  /** Checked between tables: a stopping server ends the run after the table under way. */
  signal?: AbortSignal;
  /** Called after each ANALYZE has committed. */
  onAnalyzed?: (a: Analyzed) => void;
}

/**
 * Analyzes, one table at a time, each table changed over the threshold. Each ANALYZE runs in a
 * transaction holding that table's job lock (in-job-lock.ts), after checking again that the table
 * is still over the threshold: two instances that both saw it changed analyze it once — the other
 * finds the lock taken (and leaves the table to its holder) or the count reset. Nothing is
 * recorded beside the database's own counts, so a kill -9 loses nothing: the next run sees the
 * same tables still over the threshold.
 */
export async function analyzeChangedTables(o: AnalyzeOptions = {}): Promise<{ analyzed: Analyzed[]; lockedElsewhere: string[] }> {
  const minRows = o.minRows ?? analyzeThresholdRows();
  const candidates = await withJobSql((tx) => changedTables(tx, minRows), { timeoutMs: CANDIDATES_TIMEOUT_MS });
  const analyzed: Analyzed[] = [];
  const lockedElsewhere: string[] = [];
  for (const { table } of candidates) {
    o.signal?.throwIfAborted();
    const done = await inJobLock(
      `${JOB_NAME}:${table}`,
      async (tx): Promise<Analyzed | undefined> => {
        const [still] = await changedTables(tx, minRows, table);
        if (!still) return undefined;
        const started = performance.now();
        await tx.$executeRaw`SELECT jobs_analyze_table(${table})`;
        return { ...still, ms: Math.round(performance.now() - started) };
      },
      { timeoutMs: ANALYZE_TIMEOUT_MS },
    );
    if (done === LOCKED_ELSEWHERE) lockedElsewhere.push(table);
    else if (done) {
      analyzed.push(done);
      o.onAnalyzed?.(done);
    }
  }
  return { analyzed, lockedElsewhere };
}

/**
 * Keeps planner statistics current where nothing else does (PGlite has no autovacuum; PostgreSQL's
 * lags a bulk import by minutes): every 5 seconds, one query on the statistics views, and an
 * ANALYZE of each table changed over ANALYZE_THRESHOLD_ROWS + 10 % of its rows. A write reaches
 * those counts within about a second of its commit, so an import is analyzed seconds after it.
 */
export const analyzeTables = defineJob({
  name: JOB_NAME,
  intervalMs: 5_000,
  timeoutMs: 5 * 60_000,
  run: async (signal) => {
    await analyzeChangedTables({
      signal,
      onAnalyzed: (a) => console.log(`job ${JOB_NAME}: analyzed ${a.table} (${a.changed} rows changed, ${a.rows} rows) in ${a.ms} ms`),
    });
  },
});
