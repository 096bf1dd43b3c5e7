import { reasonOf } from "@/lib/db/retry-until-done.ts";
import { backoffDelay } from "./backoff-delay.ts";
import type { Job, RunResult } from "./define-job.ts";

export interface RunnerOptions {
  /** Where failures go, one line each (console.error). */
  log?: (line: string) => void;
  /** The jitter's source (tests pin it). */
  random?: () => number;
}

/** Ends the runs under way (their signals abort), waits for them, and starts no run after. */
export type StopJobs = () => Promise<void>;

type Outcome = { ok: true; result: RunResult } | { ok: false; reason: string };

/**
 * One job's loop in this process: a run at once, then one each intervalMs after the last went
 * well (sooner when woken, at once when it reported "more"), or after a jittered, capped backoff
 * when it failed. A run never throws out of here: a failure, a timeout or a rejection that is
 * not even an Error is logged in one line and retried, so a job can never take the server down.
 * Timers are unref'd and cleared on stop, so they never keep a stopping process alive.
 */
function startLoop(job: Job, o: RunnerOptions): () => Promise<void> {
  const log = o.log ?? ((line: string) => console.error(line));
  let stopped = false;
  let woken = false;
  let running: AbortController | undefined;
  let pause: { timer: NodeJS.Timeout; resolve: () => void; wakeable: boolean } | undefined;

  const endPause = () => {
    if (!pause) return;
    clearTimeout(pause.timer);
    const { resolve } = pause;
    pause = undefined;
    resolve();
  };
  const sleep = (ms: number, wakeable: boolean) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(endPause, ms);
      timer.unref();
      pause = { timer, resolve, wakeable };
    });
  const stopListening = job.onWake(() => {
    woken = true;
    if (pause?.wakeable) endPause();
  });

  async function runOnce(): Promise<Outcome> {
    const controller = new AbortController();
    running = controller;
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`${job.name} timed out`));
    }, job.timeoutMs);
    deadline.unref();
    try {
      return { ok: true, result: (await job.run(controller.signal)) ?? "done" };
    } catch (err) {
      return { ok: false, reason: timedOut ? `timed out after ${job.timeoutMs} ms: ${reasonOf(err)}` : reasonOf(err) };
    } finally {
      clearTimeout(deadline);
      running = undefined;
    }
  }

  const finished = (async () => {
    let failures = 0;
    while (!stopped) {
      woken = false;
      const outcome = await runOnce();
      // A run cut short by stop() says nothing about the job's health.
      if (stopped) break;
      if (!outcome.ok) {
        failures++;
        const delay = backoffDelay(failures, job.retry, o.random);
        log(`job ${job.name}: run failed (${outcome.reason}); failure ${failures} in a row, retrying in ${(delay / 1000).toFixed(1)} s`);
        await sleep(delay, false);
        continue;
      }
      if (failures > 0) log(`job ${job.name}: ran again after ${failures} failed run(s)`);
      failures = 0;
      if (outcome.result !== "more" && !woken) await sleep(job.intervalMs, true);
    }
    stopListening();
    await job.stop?.().catch((err: unknown) => log(`job ${job.name}: stopping failed (${reasonOf(err)})`));
  })();

  return () => {
    stopped = true;
    running?.abort(new Error("the jobs are stopping"));
    endPause();
    return finished;
  };
}

/** Starts every job's loop (see startLoop); the returned function stops them all. */
export function startJobs(jobs: readonly Job[], o: RunnerOptions = {}): StopJobs {
  const stops = jobs.map((job) => startLoop(job, o));
  let stopping: Promise<void> | undefined;
  return () => (stopping ??= Promise.all(stops.map((stop) => stop())).then(() => undefined));
}
