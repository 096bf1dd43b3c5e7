import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startBackgroundJobs, stopBackgroundJobs } from "./background-jobs.ts";
import { defineJob } from "./define-job.ts";

/** What server.mjs calls on SIGTERM/SIGINT (tests/server/jobs-shutdown.test.ts shows it in the built server). */
const serverStopHook = () => (globalThis as unknown as Record<symbol, (() => Promise<void>) | undefined>)[Symbol.for("crm.jobs.stop")];

function countingJob() {
  const counter = { runs: 0 };
  return { counter, job: defineJob({ name: "counting", intervalMs: 5, run: async () => void counter.runs++ }) };
}

afterEach(async () => {
  await stopBackgroundJobs();
  vi.restoreAllMocks();
});

describe("background jobs wiring", () => {
  it("JOBS=off starts nothing and leaves server.mjs nothing to stop", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const { job, counter } = countingJob();
    expect(startBackgroundJobs([job], { JOBS: "off" })).toBeUndefined();
    await sleep(30);
    expect(counter.runs).toBe(0);
    expect(serverStopHook()).toBeUndefined();
  });

  it("starts the jobs once per process and hands server.mjs a stop that ends them for good", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const { job, counter } = countingJob();
    const stop = startBackgroundJobs([job], {});
    expect(startBackgroundJobs([job], {})).toBe(stop);
    await vi.waitFor(() => expect(counter.runs).toBeGreaterThan(2));
    expect(log).toHaveBeenCalledWith("Background jobs started: counting.");

    await serverStopHook()!();
    const after = counter.runs;
    await sleep(30);
    expect(counter.runs).toBe(after);
    expect(log).toHaveBeenCalledWith("Background jobs stopped.");
    expect(serverStopHook()).toBeUndefined();
  });
});
