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

describe("tenant bulkhead", () => {
  it("runs a tenant's work up to its share at once, queues more in order, and hands each freed slot on", async () => {
    const bulkhead = createTenantBulkhead({ concurrency: 2, waitMs: 5_000, maxWaiting: 10 });
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
    const bulkhead = createTenantBulkhead({ concurrency: 1, waitMs: 50, maxWaiting: 1 });
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

  it("other tenants are served while one is at its share", async () => {
    const bulkhead = createTenantBulkhead({ concurrency: 1, waitMs: 10_000, maxWaiting: 5 });
    const holder = held();
    const running = bulkhead.run("a", holder.work);
    const queued = bulkhead.run("a", async () => "a later");
    expect(await bulkhead.run("b", async () => "b now")).toBe("b now");
    expect(await settled(queued)).toBe("pending");
    holder.finish();
    expect(await Promise.all([running, queued])).toEqual(["done", "a later"]);
  });

  it("frees the slot when the work fails", async () => {
    const bulkhead = createTenantBulkhead({ concurrency: 1, waitMs: 50, maxWaiting: 5 });
    await expect(bulkhead.run("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await bulkhead.run("a", async () => "next")).toBe("next");
  });
});
