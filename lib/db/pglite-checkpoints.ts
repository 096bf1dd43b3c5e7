/**
 * Checkpoints for PGlite, small and often. PGlite is PostgreSQL in a single process: no
 * checkpointer, so the checkpoint that max_wal_size asks for (at about 540 MB of WAL since the last
 * one) is run by whichever statement crosses that line — and on a data directory on disk that one
 * ran for over ten minutes (measured: a loop of 12 MB inserts froze at 474 MB; a bulk import of
 * 50,000 contacts ran into it, and its COMMIT was ended by DB_STATEMENT_TIMEOUT_MS). Asked for
 * every CHECKPOINT_WAL_BYTES instead, a checkpoint took 33 ms, and the WAL never gets there.
 */

/** WAL written since the last checkpoint's redo point past which one is asked for. */
export const CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;

/** How often the WAL is looked at: a bulk import writes some 10 MB a second on PGlite. */
export const CHECKPOINT_CHECK_MS = 2_000;

export interface CheckpointEngine {
  query<T>(sql: string): Promise<{ rows: T[] }>;
  /** CHECKPOINT, which the app role may not run (client.ts runs it as the engine's owner). */
  checkpoint(): Promise<void>;
}

export interface CheckpointOptions {
  walBytes?: number;
  everyMs?: number;
}

/** The WAL bytes inserted since the last checkpoint's redo point. */
export async function walSinceCheckpoint(db: Pick<CheckpointEngine, "query">): Promise<number> {
  const { rows } = await db.query<{ bytes: string }>(
    "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), (SELECT redo_lsn FROM pg_control_checkpoint()))::text AS bytes",
  );
  return Number(rows[0]!.bytes);
}

/**
 * Looks at the WAL every `everyMs` and runs CHECKPOINT once `walBytes` have been written since the
 * last one. Each look and checkpoint waits its turn for the engine like any statement. Returns
 * stop(), which waits for a look under way.
 */
export function keepCheckpointsSmall(db: CheckpointEngine, options: CheckpointOptions = {}): () => Promise<void> {
  const walBytes = options.walBytes ?? CHECKPOINT_WAL_BYTES;
  let looking: Promise<void> | null = null;
  const look = async () => {
    try {
      if ((await walSinceCheckpoint(db)) >= walBytes) await db.checkpoint();
    } catch (err) {
      // The engine was opening again, or closing: the next look asks again.
      console.error(`database: checkpoint check failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      looking = null;
    }
  };
  const timer = setInterval(() => {
    // One look at a time: behind a long statement the next tick finds this one still waiting.
    if (!looking) looking = look();
  }, options.everyMs ?? CHECKPOINT_CHECK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await looking;
  };
}
