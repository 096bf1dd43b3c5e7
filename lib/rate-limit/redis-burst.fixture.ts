/**
 * Child process for the multi-process exactness test in redis-limiter.test.ts.
 *
 * Env: REDIS_URL, RL_PREFIX, RL_KEY, RL_LIMIT, RL_COUNT.
 * Protocol: connects, prints "READY", reads a start time (epoch ms) on stdin, waits for it, fires
 * RL_COUNT concurrent consume() calls, then prints one JSON line with its tally.
 */
import { createInterface } from "node:readline";
import { createRedisRateLimiter } from "./redis-limiter.ts";

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

async function main(): Promise<void> {
  const prefix = requireEnv("RL_PREFIX");
  const key = requireEnv("RL_KEY");
  const limit = Number(requireEnv("RL_LIMIT"));
  const count = Number(requireEnv("RL_COUNT"));
  // Exactness is under test, not the outage deadline: give a busy machine time to answer.
  const limiter = createRedisRateLimiter(requireEnv("REDIS_URL"), { prefix, timeoutMs: 10_000 });

  // Warm up on another key so the connection is open and the script cached before the start:
  // otherwise one process could finish its burst while the other is still connecting.
  await limiter.consume(`${key}:warmup`, 1);
  process.stdout.write("READY\n");

  const lines = createInterface({ input: process.stdin });
  const { value } = await lines[Symbol.asyncIterator]().next();
  lines.close();
  const startAt = Number(value);
  if (!Number.isFinite(startAt)) throw new Error(`expected a start time on stdin, got ${String(value)}`);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));

  const results = await Promise.all(Array.from({ length: count }, () => limiter.consume(key, limit)));
  const admitted = results.filter((r) => r.allowed).length;
  const badRefusals = results.filter((r) => !r.allowed && (r.retryAfter < 1 || r.remaining !== 0)).length;
  process.stdout.write(`${JSON.stringify({ admitted, refused: count - admitted, badRefusals })}\n`);
  await limiter.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
