/** What a run reports: "more" when work is left (a queue not drained yet), to run again at once. */
export type RunResult = "done" | "more";

export interface RetryPolicy {
  /** Wait after the first failed run; each further failure doubles it, up to maxMs. */
  firstMs: number;
  maxMs: number;
}

export interface JobSpec {
  /** kebab-case; names the job in log lines and in its advisory lock. */
  name: string;
  /** The pause after a run that went well, before the next one (unless woken sooner). */
  intervalMs: number;
  /** A run's deadline: its signal aborts then, and the run counts as failed. */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /**
   * One run. It stops soon after `signal` aborts (deadline or server stop), at the end of its
   * current unit of work, and keeps each unit safe to repeat or to lose half-way: work is
   * recorded before its side effect, in the transaction that claims it.
   */
  run(signal: AbortSignal): Promise<RunResult | void>;
  /**
   * Called once when the jobs stop, after the last run has ended: for work a run handed on and
   * that outlives it (webhook deliveries under way). Must end within a few seconds.
   */
  stop?(): Promise<void>;
}

export interface Job extends Required<Omit<JobSpec, "stop">>, Pick<JobSpec, "stop"> {
  /**
   * Runs the job soon in this process: at once when it waits for its interval, right after the
   * current run when one is under way. For work that was just queued (webhook deliveries). A job
   * backing off after failures keeps its backoff.
   */
  wake(): void;
  /** Used by the runner: who to tell when wake() is called. */
  onWake(listener: () => void): () => void;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_RETRY: RetryPolicy = { firstMs: 1_000, maxMs: 5 * 60_000 };

/** Declares a background job; lib/jobs/all-jobs.ts lists those the server runs. */
export function defineJob(spec: JobSpec): Job {
  const listeners = new Set<() => void>();
  return {
    timeoutMs: DEFAULT_TIMEOUT_MS,
    retry: DEFAULT_RETRY,
    ...spec,
    wake: () => listeners.forEach((listener) => listener()),
    onWake: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
