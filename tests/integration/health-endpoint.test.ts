/**
 * GET /api/health: the database and the rate limiter reported separately, 200 only when both
 * answer, 503 with Retry-After (within about 2 s) when either is down or hung.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/health/route.ts";
import { getDatabase } from "@/lib/db/client.ts";
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  getRateLimiter,
  setRateLimiter,
  type RateLimiter,
} from "@/lib/rate-limit/index.ts";
import { timed } from "../helpers/timed.ts";

// The database half can be made to fail or hang per test; by default it is the real check.
const db = vi.hoisted(() => ({ override: undefined as undefined | (() => Promise<{ engine: string }>) }));
vi.mock("@/lib/db/health.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/db/health.ts")>();
  return { ...real, databaseHealth: () => (db.override ?? real.databaseHealth)() };
});

async function health(): Promise<{ status: number; headers: Headers; body: Record<string, unknown>; ms: number; ownMs: number }> {
  const {
    value: res,
    error,
    ms,
    stalledMs,
  } = await timed(() => GET(new Request("http://localhost/api/health"), { params: Promise.resolve({}) }));
  if (!res) throw error;
  // ownMs: the time this process was running (see timed.ts).
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown>, ms, ownMs: ms - stalledMs };
}

describe("GET /api/health", () => {
  const fileLimiter = getRateLimiter();
  const opened: RateLimiter[] = [];
  function useLimiter(l: RateLimiter): void {
    opened.push(l);
    setRateLimiter(l);
  }

  // Opening this file's database clone can take longer than the check allows on a busy machine
  // (a server's first probes answer 503 until it is open, as they should): opened here first,
  // without the check's 2 s.
  beforeAll(async () => {
    await (await getDatabase()).ping();
  });

  afterEach(async () => {
    db.override = undefined;
    setRateLimiter(fileLimiter);
    await Promise.all(opened.splice(0).map((l) => l.close()));
  });

  it("answers 200 with each dependency's state when both are up", async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("retry-after")).toBeNull();
    expect(res.body).toEqual({
      ok: true,
      database: { ok: true, engine: process.env.DATABASE_URL ? "postgres" : "pglite" },
      rateLimiter: { ok: true, backend: process.env.REDIS_URL ? "redis" : "memory" },
    });

    useLimiter(createMemoryRateLimiter());
    expect((await health()).body.rateLimiter).toEqual({ ok: true, backend: "memory" });
  });

  it("answers 503 with Retry-After when Redis is unreachable, the database still reported up", async () => {
    useLimiter(createRedisRateLimiter("redis://127.0.0.1:1", { prefix: "crm:rl:test:health:" }));
    const res = await health();
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(res.body).toMatchObject({
      ok: false,
      database: { ok: true },
      rateLimiter: { ok: false, backend: "redis", error: "Rate limiter unavailable" },
    });
    expect(res.ownMs).toBeLessThan(2_500);
  });

  it("answers 503 with Retry-After when the database is down, without its internal error text", async () => {
    db.override = () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.7:5432 password=hunter2"));
    vi.spyOn(console, "error").mockImplementationOnce(() => {});
    const res = await health();
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(res.body).toEqual({
      ok: false,
      database: { ok: false, error: "Database unavailable" },
      rateLimiter: { ok: true, backend: process.env.REDIS_URL ? "redis" : "memory" },
    });
  });

  it("answers 503 within about 2 s when the database hangs", async () => {
    db.override = () => new Promise(() => {});
    const res = await health();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ ok: false, database: { ok: false, error: "Database did not answer within 2 s" } });
    expect(res.ms).toBeGreaterThanOrEqual(1_900);
    expect(res.ownMs).toBeLessThan(3_000);
  });
});
