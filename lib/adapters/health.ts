import { databaseHealth } from "@/lib/db/health.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { isDatabaseNotAnswering, UNAVAILABLE_RETRY_AFTER } from "@/lib/errors/unavailable.ts";
import { getRateLimiter } from "@/lib/rate-limit/index.ts";

// Readiness for load balancers and test runners: 200 when the database and the rate limiter both
// answer, else 503 with Retry-After. Each check is bounded, so a hung dependency cannot hang the
// probe, and the answer names what failed without echoing internal error text (logged instead).
const CHECK_TIMEOUT_MS = 2_000;

interface Failure {
  error: string;
  retryAfter: number;
}

/** Runs one check; undefined when it passed within the time allowed. */
async function failureOf(what: string, probe: () => Promise<unknown>): Promise<Failure | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Failure>((resolve) => {
    timer = setTimeout(
      () => resolve({ error: `${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`, retryAfter: UNAVAILABLE_RETRY_AFTER }),
      CHECK_TIMEOUT_MS,
    );
  });
  const outcome = probe().then(
    () => undefined,
    (err: unknown): Failure => {
      // The rate limiter's refusal (an AppError) and the database's circuit follow an outage
      // logged once, when it began: probes come every few seconds, and each would log it again.
      if (!isAppError(err) && !isDatabaseNotAnswering(err)) console.error(`health: ${what} unavailable`, err);
      return {
        // An AppError says what is wrong in words meant for callers (a busy pool, a limiter down).
        error: isAppError(err) ? err.message : `${what} unavailable`,
        retryAfter: isAppError(err) && err.retryAfter ? err.retryAfter : UNAVAILABLE_RETRY_AFTER,
      };
    },
  );
  try {
    return await Promise.race([outcome, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health: the database and the rate limiter, each reported on its own. */
export async function health(): Promise<Response> {
  const limiter = getRateLimiter();
  let engine: string | undefined;
  const [database, rateLimiter] = await Promise.all([
    failureOf("Database", async () => ({ engine } = await databaseHealth())),
    failureOf("Rate limiter", () => limiter.check()),
  ]);
  const ok = !database && !rateLimiter;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (!ok) headers["Retry-After"] = String(Math.max(database?.retryAfter ?? 0, rateLimiter?.retryAfter ?? 0));
  return Response.json(
    {
      ok,
      database: database ? { ok: false, error: database.error } : { ok: true, engine },
      rateLimiter: { ok: !rateLimiter, backend: limiter.backend, ...(rateLimiter ? { error: rateLimiter.error } : {}) },
    },
    { status: ok ? 200 : 503, headers },
  );
}
