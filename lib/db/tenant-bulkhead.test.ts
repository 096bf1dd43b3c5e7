// @vitest-isolate: its queue is timed on the event loop's timers, so it runs in a process of its
// own: in a worker shared with earlier files (whatever they left running), a late timer refused the
// queue on both halves of one clean-clone run.
import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors/app-error.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { createTenantBulkhead } from "./tenant-bulkhead.ts";

/** A piece of work that runs until `finish` is called. */
function held(): { work: () => Promise<string>; started: Promise<void>; finish: () => void } {
  let finish = () => {};
  let start = () => {};
  const started = new Promise<void>((resolve) => (start = resolve));
  const done = new Promise<string>((resolve) => (finish = () => resolve("done")));
  return {
    work: () => {
      start();
      return done;
    },
    started,
    finish,
  };
}

const settled = async (p: Promise<unknown>) =>
  Promise.race([
    p.then(
      () => "resolved",
      (e: unknown) => (isAppError(e) ? e.code : "other"),
    ),
    new Promise((r) => setTimeout(() => r("pending"), 20)),
  ]);

/** Limits under which no tenant ever counts as slow. */
const fastOnly = { slowConcurrency: 1, slowMs: Infinity };
/** Limits under which a tenant averaging 30 ms or more runs one at a time. */
const slowAt30 = { slowConcurrency: 1, slowMs: 30 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("tenant bulkhead", () => {
  it("runs a tenant's work up to its share at once, queues more in order, and hands each freed slot on", async () => {
    const bulkhead = createTenantBulkhead({ ...fastOnly, concurrency: 2, waitMs: 5_000, maxWaitMs: 60_000, maxWaiting: 10 });
    const jobs = [held(), held(), held(), held()];
    const runs = jobs.map((j) => bulkhead.run("a", j.work));
    await Promise.all([jobs[0]!.started, jobs[1]!.started]);
    expect(await settled(jobs[2]!.started)).toBe("pending");
    jobs[1]!.finish();
    await jobs[2]!.started;
    expect(await settled(jobs[3]!.started)).toBe("pending");
    jobs[0]!.finish();
    await jobs[3]!.started;
    for (const j of jobs) j.finish();
    expect(await Promise.all(runs)).toEqual(["done", "done", "done", "done"]);
  });

  it("refuses a tenant's work that waited past waitMs, or found the queue full, with 503 and Retry-After", async () => {
    const bulkhead = createTenantBulkhead({ ...fastOnly, concurrency: 1, waitMs: 50, maxWaitMs: 60_000, maxWaiting: 1 });
    const holder = held();
    const running = bulkhead.run("a", holder.work);
    const waiting = bulkhead.run("a", async () => "late");
    const refusedAtOnce = bulkhead.run("a", async () => "never");
    expect(await settled(refusedAtOnce)).toBe("database_busy");
    const err = await waiting.catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe("database_busy");
    const answer = toErrorBody(err, "req");
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBeGreaterThan(0);
    holder.finish();
    expect(await running).toBe("done");
    // The slot is free again.
    expect(await bulkhead.run("a", async () => "again")).toBe("again");
  });

  it("keeps a queue whose share moves past waitMs, and refuses it once no slot frees for waitMs or after maxWaitMs", async () => {
    // A burst on a busy machine: each of 8 jobs takes 60 ms, one at a time, so the last waits 420 ms
    // (far past waitMs) while a slot frees every 60 ms. waitMs leaves room for a loaded CI machine's
    // timers (with 30 ms jobs against 60 ms, one late timer refused the queue).
    const moving = createTenantBulkhead({ ...fastOnly, concurrency: 1, waitMs: 200, maxWaitMs: 10_000, maxWaiting: 10 });
    const burst = Array.from({ length: 8 }, (_, i) => moving.run("a", () => sleep(60).then(() => i)));
    expect(await Promise.all(burst)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

    // The same burst under a 250 ms cap on the whole wait: the ones queued longest are refused.
    const capped = createTenantBulkhead({ ...fastOnly, concurrency: 1, waitMs: 200, maxWaitMs: 250, maxWaiting: 10 });
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        capped.run("a", () => sleep(60).then(() => i)).catch((e: unknown) => (isAppError(e) ? e.code : "other")),
      ),
    );
    expect(outcomes.slice(0, 3)).toEqual([0, 1, 2]);
    expect(outcomes.slice(-2)).toEqual(["database_busy", "database_busy"]);

    // A stall: the one slot is held, so the waiter is refused after waitMs although maxWaitMs is far.
    const stalled = createTenantBulkhead({ ...fastOnly, concurrency: 1, waitMs: 200, maxWaitMs: 10_000, maxWaiting: 10 });
    const holder = held();
    const running = stalled.run("a", holder.work);
    const started = performance.now();
    const err = await stalled.run("a", async () => "late").catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe("database_busy");
    expect(performance.now() - started).toBeLessThan(1_000);
    holder.finish();
    expect(await running).toBe("done");
  });

  it("other tenants are served while one is at its share", async () => {
    const bulkhead = createTenantBulkhead({ ...fastOnly, concurrency: 1, waitMs: 10_000, maxWaitMs: 60_000, maxWaiting: 5 });
    const holder = held();
    const running = bulkhead.run("a", holder.work);
    const queued = bulkhead.run("a", async () => "a later");
    expect(await bulkhead.run("b", async () => "b now")).toBe("b now");
    expect(await settled(queued)).toBe("pending");
    holder.finish();
    expect(await Promise.all([running, queued])).toEqual(["done", "a later"]);
  });

  it("frees the slot when the work fails", async () => {
    const bulkhead = createTenantBulkhead({ ...fastOnly, concurrency: 1, waitMs: 50, maxWaitMs: 60_000, maxWaiting: 5 });
    await expect(bulkhead.run("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await bulkhead.run("a", async () => "next")).toBe("next");
  });

  it("gives a tenant whose transactions were slow the smaller share, leaves the others theirs, and gives it back once it is fast again", async () => {
    const bulkhead = createTenantBulkhead({ ...slowAt30, concurrency: 3, waitMs: 10_000, maxWaitMs: 60_000, maxWaiting: 10 });
    // Fast so far: three at once.
    const fast = [held(), held(), held()];
    const fastRuns = fast.map((j) => bulkhead.run("a", j.work));
    await Promise.all(fast.map((j) => j.started));
    for (const j of fast) j.finish();
    await Promise.all(fastRuns);
    // One scan is not enough (the average starts at 0)...
    await bulkhead.run("a", () => sleep(60));
    const two = [held(), held()];
    const twoRuns = two.map((j) => bulkhead.run("a", j.work));
    await Promise.all(two.map((j) => j.started));
    for (const j of two) j.finish();
    await Promise.all(twoRuns);
    // ...after a few, its average is past slowMs.
    for (let i = 0; i < 6; i++) await bulkhead.run("a", () => sleep(60));
    const slow = [held(), held()];
    const slowRuns = slow.map((j) => bulkhead.run("a", j.work));
    await slow[0]!.started;
    expect(await settled(slow[1]!.started)).toBe("pending");
    // Another tenant keeps its full share meanwhile.
    const other = [held(), held(), held()];
    const otherRuns = other.map((j) => bulkhead.run("b", j.work));
    await Promise.all(other.map((j) => j.started));
    for (const j of other) j.finish();
    await Promise.all(otherRuns);
    slow[0]!.finish();
    await slow[1]!.started;
    slow[1]!.finish();
    await Promise.all(slowRuns);
    // Fast transactions bring the average down, one at a time, until the full share is back.
    for (let i = 0; i < 20; i++) await bulkhead.run("a", async () => "quick");
    const again = [held(), held(), held()];
    const againRuns = again.map((j) => bulkhead.run("a", j.work));
    await Promise.all(again.map((j) => j.started));
    for (const j of again) j.finish();
    await Promise.all(againRuns);
  });

  it("takes two slow transactions to make a tenant slow, however long the first one stalled", async () => {
    const bulkhead = createTenantBulkhead({ ...slowAt30, concurrency: 3, waitMs: 10_000, maxWaitMs: 60_000, maxWaiting: 10 });
    const twoAtOnce = async () => {
      const two = [held(), held()];
      const runs = two.map((j) => bulkhead.run("a", j.work));
      await two[0]!.started;
      const second = await settled(two[1]!.started);
      for (const j of two) j.finish();
      await Promise.all(runs);
      return second;
    };
    // Ten times slowMs counts as four times: the average moves to 0.8 × slowMs, still under it.
    await bulkhead.run("a", () => sleep(300));
    expect(await twoAtOnce()).toBe("resolved");
    await bulkhead.run("a", () => sleep(300));
    expect(await twoAtOnce()).toBe("pending");
  });

  it("does not count a transaction that wrote: its time is waits for other writers' locks, not a scan", async () => {
    const bulkhead = createTenantBulkhead({ ...slowAt30, concurrency: 3, waitMs: 10_000, maxWaitMs: 60_000, maxWaiting: 10 });
    for (let i = 0; i < 6; i++) await bulkhead.run("a", async ({ wrote }) => (wrote(), sleep(60)));
    const two = [held(), held()];
    const runs = two.map((j) => bulkhead.run("a", j.work));
    await Promise.all(two.map((j) => j.started));
    for (const j of two) j.finish();
    await Promise.all(runs);
  });
});
