import { setTimeout as sleep } from "node:timers/promises";

/** Backoff between attempts: doubling from FIRST_RETRY_MS, capped so a returning database is noticed within seconds. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 5_000;

export const retryDelay = (attempt: number): number => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempt - 1));

/** One line saying why: the message (or, for errors without one, their code or first inner error). */
export function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const inner = err instanceof AggregateError ? (err.errors as unknown[]).find((e) => e instanceof Error) : undefined;
  const code = (err as { code?: unknown }).code;
  const text = err.message || (inner instanceof Error ? inner.message : "") || (typeof code === "string" ? code : err.name);
  return text.replace(/\s+/g, " ").trim();
}

export interface RetryOptions {
  /** Called after each failed attempt, before waiting for the next. */
  onFailure?: (attempt: number, reason: string) => void;
  log?: (line: string) => void;
  wait?: (ms: number) => Promise<unknown>;
}

/**
 * Runs `work` until it succeeds, with capped exponential backoff, logging each failed attempt in
 * one line with its reason (no stack trace: the same failure repeats while the database is away).
 */
export async function retryUntilDone<T>(what: string, work: () => Promise<T>, o: RetryOptions = {}): Promise<T> {
  const log = o.log ?? ((line: string) => console.error(line));
  const wait = o.wait ?? sleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const reason = reasonOf(err);
      const delay = retryDelay(attempt);
      log(`${what} attempt ${attempt} failed (${reason}); retrying in ${(delay / 1000).toFixed(1)} s`);
      o.onFailure?.(attempt, reason);
      await wait(delay);
    }
  }
}
