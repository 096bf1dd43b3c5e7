import { AppError } from "@/lib/errors/app-error.ts";

export interface BulkheadLimits {
  /** Transactions one tenant may run at once in this instance (DB_TENANT_CONCURRENCY). */
  concurrency: number;
  /** How long a transaction over the tenant's share waits for one of its slots. */
  waitMs: number;
  /** How many may wait at once per tenant; more are refused without waiting. */
  maxWaiting: number;
}

/** Seconds a refused tenant is told to wait: its own transactions under way end within moments. */
export const TENANT_BUSY_RETRY_AFTER = 1;

/** The share's queue wait: long enough to ride out a burst, short enough that the refusal comes before clients give up. */
export const TENANT_WAIT_MS = 1_000;

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
}

export interface TenantBulkhead {
  /** Runs `fn` in one of the tenant's slots: at once, after a short wait, or not at all (AppError database_busy, 503). */
  run<T>(tenantId: string, fn: () => Promise<T>): Promise<T>;
}

/**
 * A per-tenant cap on concurrent database work in front of the pool: one tenant flooding its most
 * expensive list holds at most `concurrency` of the pool's connections, so the others' requests
 * still find one. Past its share a tenant's transaction waits its turn for at most `waitMs` (first
 * come, first served), then is refused with 503 and Retry-After — that tenant only. Per instance,
 * as the pool is.
 */
export function createTenantBulkhead(limits: BulkheadLimits): TenantBulkhead {
  const shares = new Map<string, Share>();

  function release(tenantId: string, share: Share): void {
    const next = share.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
      return;
    }
    share.running--;
    if (share.running === 0) shares.delete(tenantId);
  }

  function acquire(tenantId: string): Promise<Share> {
    let share = shares.get(tenantId);
    if (!share) shares.set(tenantId, (share = { running: 0, waiting: [] }));
    if (share.running < limits.concurrency) {
      share.running++;
      return Promise.resolve(share);
    }
    if (share.waiting.length >= limits.maxWaiting) return Promise.reject(tenantBusy());
    const queued = share;
    return new Promise<Share>((resolve, reject) => {
      // A slot handed over keeps `running` as it was: the leaving transaction's becomes this one's.
      const waiter: Waiter = {
        admit: () => resolve(queued),
        timer: setTimeout(() => {
          queued.waiting.splice(queued.waiting.indexOf(waiter), 1);
          reject(tenantBusy());
        }, limits.waitMs),
      };
      queued.waiting.push(waiter);
    });
  }

  return {
    async run(tenantId, fn) {
      const share = await acquire(tenantId);
      try {
        return await fn();
      } finally {
        release(tenantId, share);
      }
    },
  };
}
