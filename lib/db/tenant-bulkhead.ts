import { AppError } from "@/lib/errors/app-error.ts";

export interface BulkheadLimits {
  /** Transactions one tenant may run at once in this instance (DB_TENANT_CONCURRENCY). */
  concurrency: number;
  /**
   * Transactions at once for a tenant whose recent ones took `slowMs` or more on average: each of
   * those keeps a database core busy, and a few of them at once slow every other tenant's statements.
   */
  slowConcurrency: number;
  slowMs: number;
  /**
   * How long a transaction over the tenant's share waits while none of the tenant's slots frees: a
   * share that moves (a burst of short requests on a busy machine) keeps its queue; one that stalls
   * (slow scans hold every slot) refuses it.
   */
  waitMs: number;
  /** The longest any transaction waits, moving share or not. */
  maxWaitMs: number;
  /** How many may wait at once per tenant; more are refused without waiting. */
  maxWaiting: number;
}

/** Seconds a refused tenant is told to wait: its own transactions under way end within moments. */
export const TENANT_BUSY_RETRY_AFTER = 1;

/** The share's stall wait: a tenant's slots that free none in a second are held by scans, not a burst. */
export const TENANT_WAIT_MS = 1_000;

/** The share's longest queue wait, well before clients give up. */
export const TENANT_MAX_WAIT_MS = 10_000;

/**
 * A tenant's transactions averaging this long are scans (a search or total over a large object), not
 * point reads and writes, which take a few milliseconds even on a busy machine.
 */
export const SLOW_TRANSACTION_MS = 50;

/** How much the newest transaction moves a tenant's average: about the last ten count. */
const AVERAGE_WEIGHT = 0.2;
/**
 * A transaction counts for at most this many times `slowMs`: one read stalled by a busy machine (a
 * cold cache, a checkpoint) moves the average by at most 0.8 × slowMs, so it takes two slow
 * transactions, not one, to make a tenant slow.
 */
const SAMPLE_CAP = 4;

/** Tenants whose averages are kept; the least recently seen go first past this. */
const MAX_REMEMBERED = 10_000;

export function tenantBusy(): AppError {
  return new AppError("database_busy", undefined, undefined, { retryAfter: TENANT_BUSY_RETRY_AFTER });
}

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

interface Share {
  running: number;
  waiting: Waiter[];
  /** When a slot last freed (performance.now()). */
  movedAt: number;
}

/** What a transaction learns of its tenant's share as it starts, and tells it back. */
export interface ShareTerms {
  /**
   * The tenant's recent reads were slow and more of its work is waiting for a slot: the transaction
   * should not take a second connection either. (Alone, a slow tenant's list still reads its page
   * and total side by side: nobody waits for the second core then.)
   */
  crowded: boolean;
  /**
   * The transaction wrote (or may have): its time does not count toward the tenant's average. A
   * write's time is mostly waits for locks that other writers of the tenant hold, which keep no core
   * busy; a read that takes long is a scan, which does.
   */
  wrote(): void;
}

export interface TenantBulkhead {
  /** Runs `fn` in one of the tenant's slots: at once, after a short wait, or not at all (AppError database_busy, 503). */
  run<T>(tenantId: string, fn: (terms: ShareTerms) => Promise<T>): Promise<T>;
}

/**
 * A per-tenant cap on concurrent database work in front of the pool: one tenant flooding its most
 * expensive list holds at most `concurrency` of the pool's connections, so the others' requests
 * still find one — and, once its transactions have shown themselves slow, only `slowConcurrency`,
 * so that it cannot take the database's cores from the others either. Past its share a tenant's
 * transaction waits its turn (first come, first served) while the share moves, and is refused with
 * 503 and Retry-After — that tenant only — once no slot has freed for `waitMs`, or after `maxWaitMs`.
 * Per instance, as the pool is.
 */
export function createTenantBulkhead(limits: BulkheadLimits): TenantBulkhead {
  const shares = new Map<string, Share>();
  /** Each tenant's average transaction time (ms), most recently updated last. */
  const averages = new Map<string, number>();

  const slow = (tenantId: string): boolean => (averages.get(tenantId) ?? 0) >= limits.slowMs;
  const share = (tenantId: string): number => (slow(tenantId) ? limits.slowConcurrency : limits.concurrency);

  function remember(tenantId: string, ms: number): void {
    // From 0, each capped: one slow read (a cold cache on a busy machine) does not make a tenant slow; two or more scans do.
    const before = averages.get(tenantId) ?? 0;
    averages.delete(tenantId);
    averages.set(tenantId, before + AVERAGE_WEIGHT * (Math.min(ms, SAMPLE_CAP * limits.slowMs) - before));
    if (averages.size > MAX_REMEMBERED) averages.delete(averages.keys().next().value!);
  }

  function release(tenantId: string, s: Share): void {
    s.running--;
    s.movedAt = performance.now();
    // A share that shrank (the tenant turned slow) admits no one until it is under the new one.
    while (s.waiting.length && s.running < share(tenantId)) {
      const next = s.waiting.shift()!;
      clearTimeout(next.timer);
      s.running++;
      next.admit();
    }
    if (s.running === 0) shares.delete(tenantId);
  }

  function acquire(tenantId: string): Promise<Share> {
    let s = shares.get(tenantId);
    if (!s) shares.set(tenantId, (s = { running: 0, waiting: [], movedAt: performance.now() }));
    if (s.running < share(tenantId) && !s.waiting.length) {
      s.running++;
      return Promise.resolve(s);
    }
    if (s.waiting.length >= limits.maxWaiting) return Promise.reject(tenantBusy());
    const queued = s;
    const enqueued = performance.now();
    return new Promise<Share>((resolve, reject) => {
      // Refused once the share has not moved for waitMs since this one queued, or after maxWaitMs.
      const deadline = () => Math.min(Math.max(enqueued, queued.movedAt) + limits.waitMs, enqueued + limits.maxWaitMs);
      const check = () => {
        const left = deadline() - performance.now();
        if (left > 0) {
          waiter.timer = setTimeout(check, left);
          return;
        }
        queued.waiting.splice(queued.waiting.indexOf(waiter), 1);
        reject(tenantBusy());
      };
      const waiter: Waiter = { admit: () => resolve(queued), timer: setTimeout(check, limits.waitMs) };
      queued.waiting.push(waiter);
    });
  }

  return {
    async run(tenantId, fn) {
      const s = await acquire(tenantId);
      const started = performance.now();
      let counted = true;
      try {
        return await fn({ crowded: slow(tenantId) && s.waiting.length > 0, wrote: () => void (counted = false) });
      } finally {
        if (counted) remember(tenantId, performance.now() - started);
        release(tenantId, s);
      }
    },
  };
}
