import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryRateLimiter } from "./memory-limiter.ts";
import { getRateLimiter, setRateLimiter } from "./singleton.ts";

describe("process rate limiter", () => {
  afterEach(async () => {
    await getRateLimiter().close();
    setRateLimiter(undefined);
    vi.unstubAllEnvs();
  });

  it("builds one in-memory limiter per process when REDIS_URL is unset", async () => {
    vi.stubEnv("REDIS_URL", "");
    setRateLimiter(undefined);
    const first = getRateLimiter();
    expect(getRateLimiter()).toBe(first);
    expect(first).toHaveProperty("size");
    expect((await first.consume("k", 1)).allowed).toBe(true);
    expect((await getRateLimiter().consume("k", 1)).allowed).toBe(false);
  });

  it("lives on globalThis so duplicated module copies share it", () => {
    setRateLimiter(undefined);
    const first = getRateLimiter();
    const holder = globalThis as Record<symbol, unknown>;
    expect(holder[Symbol.for("crm.rateLimiter")]).toBe(first);
  });

  it("can be replaced for tests", () => {
    const custom = createMemoryRateLimiter();
    setRateLimiter(custom);
    expect(getRateLimiter()).toBe(custom);
  });
});
