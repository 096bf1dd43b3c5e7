import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { redisReachable } from "../../tests/helpers/redis-server.ts";
import { timed } from "../../tests/helpers/timed.ts";
import { createRedisRateLimiter } from "./redis-limiter.ts";
import type { RateLimiter } from "./types.ts";

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const here = path.dirname(fileURLToPath(import.meta.url));

// Decided before collecting tests so describe.skipIf sees it: skip only if Redis is down.
const reachable = await redisReachable(REDIS_URL);

describe.skipIf(!reachable)("redis rate limiter", () => {
  const admin = new Redis(REDIS_URL);
  let prefix = "";
  const opened: RateLimiter[] = [];

  function limiter(windowMs?: number): RateLimiter {
    const l = createRedisRateLimiter(REDIS_URL, { prefix, windowMs });
    opened.push(l);
    return l;
  }

  beforeEach(() => {
    prefix = `crm:rl:test:${randomUUID()}:`;
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((l) => l.close()));
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
  });

  afterAll(async () => {
    await admin.quit();
  });

  it("admits exactly `limit` requests per window and refuses the next one", async () => {
    const l = limiter();
    const before = Math.floor(Date.now() / 1000);
    for (let i = 1; i <= 120; i++) {
      const r = await l.consume("cred-a", 120);
      expect(r.allowed).toBe(true);
      expect(r.limit).toBe(120);
      expect(r.remaining).toBe(120 - i);
      expect(r.retryAfter).toBe(0);
      expect(r.resetAt).toBeGreaterThanOrEqual(before + 59);
      expect(r.resetAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
    }
    const refused = await l.consume("cred-a", 120);
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toBe(0);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    // The log holds the admitted requests only, under the configured prefix, and expires with them.
    expect(await admin.zcard(`${prefix}cred-a`)).toBe(120);
    const pttl = await admin.pttl(`${prefix}cred-a`);
    expect(pttl).toBeGreaterThan(55_000);
    expect(pttl).toBeLessThanOrEqual(60_000);
  });

  it("counts time on the Redis server's clock", async () => {
    const [sec, micro] = await admin.time();
    const serverNow = Number(sec) * 1000 + Math.floor(Number(micro) / 1000);
    // An admission written 57.5 s ago by the server's clock leaves the window in 2.5 s.
    await admin.zadd(`${prefix}k`, serverNow - 57_500, "earlier");
    const r = await limiter().consume("k", 1);
    expect(r.allowed).toBe(false);
    expect(r.retryAfter).toBe(3);
    expect(r.resetAt).toBeLessThanOrEqual(Math.ceil((Date.now() + 2_500) / 1000));
  });

  it("a burst at the boundary admits at most the limit within any window (real time, 4 s window)", async () => {
    const window = 4_000;
    const l = limiter(window);
    await l.consume("warm-up", 1); // connected, script cached: the timeline below is the limiter's own
    // One request, 9 more half a window later, then 10 just after the first one's window: only
    // the first has left, so 1 fits. A stalled machine can break the timeline; then try again.
    for (let attempt = 1; ; attempt++) {
      const key = `boundary-${attempt}`;
      expect((await l.consume(key, 10)).allowed).toBe(true);
      const firstAnswered = Date.now();
      await new Promise((resolve) => setTimeout(resolve, window / 2));
      const burstStart = Date.now();
      expect((await Promise.all(Array.from({ length: 9 }, () => l.consume(key, 10)))).every((r) => r.allowed)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, firstAnswered + window + 50 - Date.now()));
      const second = await Promise.all(Array.from({ length: 10 }, () => l.consume(key, 10)));
      if (Date.now() < burstStart + window) {
        expect(second.filter((r) => r.allowed)).toHaveLength(1);
        return;
      }
      if (attempt === 3) throw new Error("the machine was too busy to keep the timeline in three attempts");
    }
  });

  it("admits again once the window has expired", async () => {
    const l = limiter(1_000);
    await l.consume("warm-up", 1);
    // Sent together: one connection runs them in order, within the window even on a busy machine.
    const [a, b, refused] = await Promise.all([l.consume("k", 2), l.consume("k", 2), l.consume("k", 2)]);
    expect([a!.allowed, b!.allowed, refused!.allowed]).toEqual([true, true, false]);
    expect(refused!.retryAfter).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const fresh = await l.consume("k", 2);
    expect(fresh.allowed).toBe(true);
    expect(fresh.remaining).toBe(1);
  });

  it("re-arms the expiry of a log left without one", async () => {
    const [sec] = await admin.time();
    await admin.zadd(`${prefix}k`, Number(sec) * 1000, "stray");
    expect(await admin.pttl(`${prefix}k`)).toBe(-1);
    const r = await limiter().consume("k", 1);
    expect(r.allowed).toBe(false);
    expect(await admin.pttl(`${prefix}k`)).toBeGreaterThan(0);
  });

  it("keeps separate keys independent", async () => {
    const l = limiter();
    for (let i = 0; i < 120; i++) await l.consume("cred-a", 120);
    expect((await l.consume("cred-a", 120)).allowed).toBe(false);
    const b = await l.consume("cred-b", 120);
    expect(b.allowed).toBe(true);
    expect(b.remaining).toBe(119);
  });

  it("is exact under concurrency within one process", async () => {
    const l = limiter();
    const results = await Promise.all(Array.from({ length: 150 }, () => l.consume("burst", 120)));
    expect(results.filter((r) => r.allowed)).toHaveLength(120);
    expect(results.filter((r) => !r.allowed).every((r) => r.remaining === 0 && r.retryAfter >= 1)).toBe(true);
  });

  it("is exact across two processes bursting on the same key", async () => {
    const key = "shared-credential";
    const children = [spawnBurst(prefix, key), spawnBurst(prefix, key)];
    try {
      await Promise.all(children.map((c) => c.ready));
      // Both are connected; give them one start instant a little in the future.
      const startAt = Date.now() + 300;
      for (const c of children) c.proc.stdin?.end(`${startAt}\n`);
      const tallies = await Promise.all(children.map((c) => c.done));

      const admitted = tallies.reduce((sum, t) => sum + t.admitted, 0);
      const refused = tallies.reduce((sum, t) => sum + t.refused, 0);
      expect(admitted + refused).toBe(300);
      expect(admitted).toBe(120);
      expect(tallies.every((t) => t.badRefusals === 0)).toBe(true);
      expect(await admin.zcard(`${prefix}${key}`)).toBe(120);
    } finally {
      for (const c of children) if (c.proc.exitCode === null) c.proc.kill();
    }
  });
});

// Fails closed: needs no Redis, so it runs even when the suite above is skipped. Outages of a
// running Redis: redis-outage.test.ts.
describe("redis rate limiter without a server", () => {
  it("refuses with rate_limiter_unavailable within a second when Redis cannot be reached", async () => {
    const l = createRedisRateLimiter("redis://127.0.0.1:1", { prefix: "crm:rl:test:down:" });
    try {
      for (let i = 0; i < 3; i++) {
        const { error: err, ms, stalledMs } = await timed(() => l.consume("k", 10));
        expect(ms - stalledMs).toBeLessThan(1_000);
        expect(err).toBeInstanceOf(AppError);
        expect(err).toMatchObject({ code: "rate_limiter_unavailable", status: 503, message: "Rate limiter unavailable" });
        expect((err as AppError).retryAfter).toBeGreaterThanOrEqual(1);
      }
      await expect(l.check()).rejects.toMatchObject({ code: "rate_limiter_unavailable" });
    } finally {
      await l.close();
    }
  });
});

interface Tally {
  admitted: number;
  refused: number;
  badRefusals: number;
}

interface Burst {
  proc: ChildProcess;
  ready: Promise<void>;
  done: Promise<Tally>;
}

/** Starts redis-burst.fixture.ts in its own Node process (its own Redis connection). */
function spawnBurst(prefix: string, key: string): Burst {
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(here, "redis-burst.fixture.ts")], {
    cwd: path.resolve(here, "../.."),
    env: { ...process.env, REDIS_URL, RL_PREFIX: prefix, RL_KEY: key, RL_LIMIT: "120", RL_COUNT: "150" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  proc.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));

  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  proc.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.startsWith("READY\n")) onReady();
  });

  const done = new Promise<Tally>((resolve, reject) => {
    proc.on("error", reject);
    proc.on("exit", (code) => {
      const last = stdout.trim().split("\n").pop() ?? "";
      if (code !== 0 || !last.startsWith("{")) {
        reject(new Error(`burst child exited with ${code}: ${stderr || stdout}`));
        return;
      }
      resolve(JSON.parse(last) as Tally);
    });
  });
  // A child that dies before READY must fail the test, not leave it waiting for the timeout.
  return { proc, ready: Promise.race([ready, done.then(() => undefined)]), done };
}
