import { allJobs } from "./all-jobs.ts";
import type { Job } from "./define-job.ts";
import { startJobs, type RunnerOptions } from "./start-jobs.ts";

/**
 * Where the running jobs' stop function is kept: globalThis under a registered symbol, because
 * server.mjs (plain JavaScript, outside Next's bundles) calls it on SIGTERM/SIGINT, and Next's
 * bundles may each hold their own copy of this module.
 */
const STOP_KEY: unique symbol = Symbol.for("crm.jobs.stop");
const holder = globalThis as unknown as { [STOP_KEY]?: () => Promise<void> };

type Env = Record<string, string | undefined>;

/**
 * Starts the background jobs in this process once the database is open (lib/startup.ts), unless
 * JOBS=off (tests and tools that want none). Every instance runs them: each job is safe with
 * several instances at once. Returns the stop function, which server.mjs also finds.
 */
export function startBackgroundJobs(
  jobs: readonly Job[] = allJobs,
  env: Env = process.env,
  o: RunnerOptions = {},
): (() => Promise<void>) | undefined {
  if (env.JOBS === "off") {
    console.log("Background jobs are off (JOBS=off).");
    return undefined;
  }
  // Start-up runs once per process, but a second call must not run every job twice.
  const running = holder[STOP_KEY];
  if (running) return running;
  const stopJobs = startJobs(jobs, o);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= stopJobs().then(() => {
      if (holder[STOP_KEY] === stop) delete holder[STOP_KEY];
      console.log("Background jobs stopped.");
    }));
  holder[STOP_KEY] = stop;
  console.log(`Background jobs started: ${jobs.map((job) => job.name).join(", ")}.`);
  return stop;
}

/** Stops the jobs this process runs, if any, once their runs under way have ended (server.mjs does the same on SIGTERM). */
export function stopBackgroundJobs(): Promise<void> {
  return holder[STOP_KEY]?.() ?? Promise.resolve();
}
