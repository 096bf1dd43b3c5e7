import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "./memory-limiter.ts";

/** A clock the test moves by hand, so windows can expire without sleeping. */
function fakeClock(start: number) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

// 30.5 s past a clock minute: a minute-aligned window would roll over in the middle of the burst.
const T0 = Date.UTC(2030, 0, 1, 12, 0, 30, 500);

describe("memory rate limiter", () => {
  it("admits exactly `limit` requests per window and refuses the next one", async () => {
    const clock = fakeClock(T0);
    const limiter = createMemoryRateLimiter({ now: clock.now });

    for (let i = 1; i <= 120; i++) {
      const r = await limiter.consume("cred-a", 120);
      expect(r).toEqual({
        allowed: true,
        limit: 120,
        remaining: 120 - i,
        resetAt: Math.ceil((T0 + 60_000) / 1000),
        retryAfter: 0,
      });
    }

    clock.advance(15_000);
    const refused = await limiter.consume("cred-a", 120);
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toBe(0);
    expect(refused.limit).toBe(120);
    expect(refused.retryAfter).toBe(45);
    expect(refused.resetAt).toBe(Math.ceil((T0 + 60_000) / 1000));
    await limiter.close();
  });

  it("keeps one window from the first request, not aligned to clock minutes", async () => {
    const clock = fakeClock(T0);
    const limiter = createMemoryRateLimiter({ now: clock.now });
    // Spread 120 requests over 59.9 s, crossing the 12:01:00 minute boundary.
    for (let i = 0; i < 120; i++) {
      expect((await limiter.consume("k", 120)).allowed).toBe(true);
      clock.advance(i < 119 ? 500 : 400);
    }
    // Still 12:01:30.4, inside the window that started at 12:00:30.5.
    const r = await limiter.consume("k", 120);
    expect(r.allowed).toBe(false);
    expect(r.retryAfter).toBe(1);
  });

  it("admits again once the window has expired", async () => {
    const clock = fakeClock(T0);
    const limiter = createMemoryRateLimiter({ now: clock.now });
    for (let i = 0; i < 121; i++) await limiter.consume("k", 120);

    clock.advance(59_999);
    const last = await limiter.consume("k", 120);
    expect(last.allowed).toBe(false);
    expect(last.retryAfter).toBe(1);

    clock.advance(1);
    const fresh = await limiter.consume("k", 120);
    expect(fresh).toEqual({
      allowed: true,
      limit: 120,
      remaining: 119,
      resetAt: Math.ceil((T0 + 120_000) / 1000),
      retryAfter: 0,
    });
  });

  it("refused requests do not extend or consume the next window", async () => {
    const clock = fakeClock(T0);
    const limiter = createMemoryRateLimiter({ now: clock.now });
    for (let i = 0; i < 500; i++) await limiter.consume("k", 3);
    clock.advance(60_000);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.consume("k", 3));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
  });

  it("keeps separate keys independent", async () => {
    const clock = fakeClock(T0);
    const limiter = createMemoryRateLimiter({ now: clock.now });
    for (let i = 0; i < 120; i++) await limiter.consume("cred-a", 120);
    expect((await limiter.consume("cred-a", 120)).allowed).toBe(false);

    clock.advance(10_000);
    const b = await limiter.consume("cred-b", 120);
    expect(b.allowed).toBe(true);
    expect(b.remaining).toBe(119);
    // cred-b's window starts at its own first request.
    expect(b.resetAt).toBe(Math.ceil((T0 + 70_000) / 1000));
  });

  it("honours a custom window", async () => {
    const clock = fakeClock(T0);
    const limiter = createMemoryRateLimiter({ now: clock.now, windowMs: 1_000 });
    expect((await limiter.consume("k", 1)).allowed).toBe(true);
    expect((await limiter.consume("k", 1)).retryAfter).toBe(1);
    clock.advance(1_000);
    expect((await limiter.consume("k", 1)).allowed).toBe(true);
  });

  it("forgets expired keys so the map cannot grow without bound", async () => {
    const clock = fakeClock(T0);
    const limiter = createMemoryRateLimiter({ now: clock.now });
    for (let i = 0; i < 20_000; i++) {
      await limiter.consume(`old-${i}`, 10);
      if (i % 1000 === 0) clock.advance(1);
    }
    expect(limiter.size).toBe(20_000);

    clock.advance(30_000);
    await limiter.consume("live", 10); // nothing expired yet
    expect(limiter.size).toBe(20_001);

    clock.advance(30_000);
    await limiter.consume("new", 10);
    // Every old-* window has ended; "live" and "new" remain.
    expect(limiter.size).toBe(2);
  });

  it("re-orders a key whose window restarts so the sweep still stops at live entries", async () => {
    const clock = fakeClock(T0);
    const limiter = createMemoryRateLimiter({ now: clock.now });
    await limiter.consume("a", 1);
    clock.advance(30_000);
    await limiter.consume("b", 1);
    clock.advance(30_000); // a expired
    await limiter.consume("a", 1); // restarts a at the back
    expect(limiter.size).toBe(2);
    clock.advance(30_000); // b expired, a live
    await limiter.consume("c", 1);
    expect(limiter.size).toBe(2);
    expect((await limiter.consume("a", 1)).allowed).toBe(false);
  });

  it("rejects invalid limits and windows", async () => {
    const limiter = createMemoryRateLimiter();
    await expect(limiter.consume("k", 0)).rejects.toThrow(RangeError);
    await expect(limiter.consume("k", 1.5)).rejects.toThrow(RangeError);
    await expect(limiter.consume("k", Number.NaN)).rejects.toThrow(RangeError);
    expect(() => createMemoryRateLimiter({ windowMs: 0 })).toThrow(RangeError);
  });
});
