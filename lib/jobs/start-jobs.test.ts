import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff-delay.ts";
import { defineJob, type JobSpec } from "./define-job.ts";
import { startJobs, type StopJobs } from "./start-jobs.ts";

async function waitUntil(what: string, ms: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(5);
  }
}

/** Started runners, stopped after each test whatever happened. */
const running: StopJobs[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((stop) => stop()));
});

function start(spec: JobSpec, lines: string[] = []) {
  const job = defineJob(spec);
  const stop = startJobs([job], { log: (line) => lines.push(line), random: () => 1 });
  running.push(stop);
  return { job, stop };
}

describe("backoffDelay", () => {
  it("doubles from the first delay up to the cap, jittered down by at most half", () => {
    const policy = { firstMs: 1_000, maxMs: 5_000 };
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, policy, () => 1))).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, policy, () => 0))).toEqual([500, 1_000, 2_000, 2_500, 2_500]);
  });
});

describe("startJobs", () => {
  it("retries a job that throws twice with growing backoff, logs one line per failure with the job name, and keeps running it", async () => {
    const lines: string[] = [];
    const at: number[] = [];
    start(
      {
        name: "flaky",
        intervalMs: 10,
        retry: { firstMs: 40, maxMs: 1_000 },
        run: async () => {
          at.push(Date.now());
          if (at.length <= 2) throw new Error(`boom ${at.length}\n    at stack line`);
        },
      },
      lines,
    );
    await waitUntil("five runs", 5_000, () => at.length >= 5);
    expect(lines.slice(0, 3)).toEqual([
      "job flaky: run failed (boom 1 at stack line); failure 1 in a row, retrying in 0.0 s",
      "job flaky: run failed (boom 2 at stack line); failure 2 in a row, retrying in 0.1 s",
      "job flaky: ran again after 2 failed run(s)",
    ]);
    // The waits: 40 ms, then 80 ms (random pinned to 1: no jitter), then the interval.
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(38);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(78);
    expect(lines).toHaveLength(3);
  });

  it("survives a run that throws synchronously, or rejects with something that is not an Error", async () => {
    const lines: string[] = [];
    let runs = 0;
    start(
      {
        name: "odd",
        intervalMs: 10,
        retry: { firstMs: 5, maxMs: 5 },
        run: (): Promise<void> => {
          runs++;
          if (runs === 1) throw new TypeError("sync");
          if (runs === 2) return Promise.reject("just a string");
          return Promise.resolve();
        },
      },
      lines,
    );
    await waitUntil("four runs", 5_000, () => runs >= 4);
    expect(lines[0]).toMatch(/^job odd: run failed \(sync\)/);
    expect(lines[1]).toMatch(/^job odd: run failed \(just a string\)/);
  });

  it("aborts a run at its deadline and counts it as failed", async () => {
    const lines: string[] = [];
    let runs = 0;
    start(
      {
        name: "slow",
        intervalMs: 10,
        timeoutMs: 30,
        retry: { firstMs: 5, maxMs: 5 },
        run: async (signal) => {
          runs++;
          if (runs > 1) return;
          await new Promise((resolve) => signal.addEventListener("abort", resolve));
          signal.throwIfAborted();
        },
      },
      lines,
    );
    await waitUntil("a second run", 5_000, () => runs >= 2);
    expect(lines[0]).toMatch(/^job slow: run failed \(timed out after 30 ms: slow timed out\)/);
  });

  it("stop() aborts the run under way, waits for it to end, and no run starts after", async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let seen: AbortSignal | undefined;
    const { stop } = start({
      name: "gated",
      intervalMs: 1,
      run: async (signal) => {
        runs++;
        seen = signal;
        await gate;
      },
    });
    await waitUntil("the first run", 5_000, () => runs === 1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    expect(seen?.aborted).toBe(true);
    await sleep(50);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await sleep(50);
    expect(runs).toBe(1);
  });

  it("stop() while a job waits for its interval returns at once", async () => {
    let runs = 0;
    const { stop } = start({ name: "idle", intervalMs: 60_000, run: async () => void runs++ });
    await waitUntil("the first run", 5_000, () => runs === 1);
    const started = Date.now();
    await stop();
    expect(Date.now() - started).toBeLessThan(100);
    expect(runs).toBe(1);
  });

  it("stop() calls the job's own stop once, after its last run has ended, and waits for it; a failing one is logged", async () => {
    const events: string[] = [];
    const lines: string[] = [];
    const { stop } = start(
      {
        name: "handing-on",
        intervalMs: 60_000,
        run: async (signal) => {
          events.push("run");
          await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
          events.push("run ended");
        },
        stop: async () => {
          await sleep(50);
          events.push("stopped");
          throw new Error("could not hand back");
        },
      },
      lines,
    );
    await waitUntil("the run", 5_000, () => events.length === 1);
    await stop();
    await stop();
    expect(events).toEqual(["run", "run ended", "stopped"]);
    expect(lines).toEqual(["job handing-on: stopping failed (could not hand back)"]);
  });

  it("wake() runs a waiting job at once, and a job woken mid-run runs again right after", async () => {
    let runs = 0;
    let release: (() => void) | undefined;
    const { job } = start({
      name: "woken",
      intervalMs: 60_000,
      run: async () => {
        runs++;
        if (runs === 2) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    await waitUntil("the first run", 5_000, () => runs === 1);
    await sleep(20);
    expect(runs).toBe(1);
    job.wake();
    await waitUntil("the woken run", 1_000, () => release !== undefined);
    job.wake();
    release!();
    await waitUntil("the run after the wake during a run", 1_000, () => runs === 3);
    await sleep(30);
    expect(runs).toBe(3);
  });

  it("a run that reports more work is followed by the next at once", async () => {
    let runs = 0;
    start({ name: "drain", intervalMs: 60_000, run: async () => (++runs < 4 ? "more" : "done") });
    await waitUntil("four runs", 1_000, () => runs === 4);
    await sleep(30);
    expect(runs).toBe(4);
  });
});
