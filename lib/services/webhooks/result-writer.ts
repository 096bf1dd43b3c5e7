import { withTenantSql } from "@/lib/db/tenant.ts";
import { byTenant } from "./by-tenant.ts";
import type { DeliveryOutcome } from "./send-delivery.ts";

export interface FinishedAttempt {
  tenantId: string;
  id: string;
  headers: Record<string, string>;
  outcome: DeliveryOutcome;
}

/** Results written per statement, and the most kept in memory while the database is away. */
const BATCH = 500;
const MAX_HELD = 50_000;
/** How long a result may wait for others to share its statement. */
const LINGER_MS = 10;
/** After a failed write: the first wait, doubled on each further failure up to the last. */
const RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

// PostgreSQL text cannot hold NUL, which a receiver's answer may contain.
const storable = (s: string | null): string | null => (s === null ? null : s.replaceAll("\u0000", "\uFFFD"));

/**
 * Writes delivery results in batches, one UPDATE per tenant per batch, one batch at a time: at
 * hundreds of deliveries a second, a transaction per result would cost more than the sending.
 * A result still held when the process dies leaves its attempt 'sending' with a dead sender, which
 * another instance then marks interrupted; a result may also overwrite 'interrupted' when it
 * arrives late (a sender cut off from the database for a while), since it is the truth.
 */
export class ResultWriter {
  private held: FinishedAttempt[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private failures = 0;

  add(result: FinishedAttempt): void {
    if (this.held.length >= MAX_HELD) {
      console.error("webhooks: delivery results are not being written (database unreachable?); dropping the oldest");
      this.held.shift();
    }
    this.held.push(result);
    this.schedule(this.held.length >= BATCH ? 0 : LINGER_MS);
  }

  /** Writes everything held (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.writing || this.held.length) {
      if (this.writing) await this.writing;
      else await this.write();
    }
  }

  private schedule(ms: number): void {
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, ms);
    this.timer.unref();
  }

  private write(): Promise<void> {
    const batch = this.held.splice(0, BATCH);
    this.writing = writeResults(batch)
      .then(() => {
        if (this.failures) console.error(`webhooks: delivery results are written again after ${this.failures} failed attempt(s)`);
        this.failures = 0;
      })
      .catch((err: unknown) => {
        // One line when writing starts failing, not one per retry.
        if (!this.failures++)
          console.error(`webhooks: writing delivery results failed (${err instanceof Error ? err.message : String(err)}); retrying`);
        this.held.unshift(...batch);
        const wait = Math.min(RETRY_MS * 2 ** (this.failures - 1), MAX_RETRY_MS);
        return new Promise<void>((resolve) => setTimeout(resolve, wait).unref());
      })
      .finally(() => {
        this.writing = undefined;
        if (this.held.length) this.schedule(this.held.length >= BATCH ? 0 : LINGER_MS);
      });
    return this.writing;
  }
}

async function writeResults(batch: FinishedAttempt[]): Promise<void> {
  for (const [tenantId, results] of byTenant(batch)) {
    const ok = (r: FinishedAttempt) => r.outcome.status !== null && r.outcome.status >= 200 && r.outcome.status < 300;
    await withTenantSql(
      tenantId,
      async (tx) =>
        tx.$executeRaw`
        UPDATE webhook_delivery d SET state = u.state, request_headers = u.headers, response_status = u.status, error = u.error,
          error_detail = u.detail, response_head = u.head, duration_ms = u.ms, finished_at = now()
        FROM unnest(${results.map((r) => r.id)}::uuid[], ${results.map((r) => (ok(r) ? "delivered" : "failed"))}::text[],
                    ${results.map((r) => JSON.stringify(r.headers))}::jsonb[], ${results.map((r) => r.outcome.status)}::int[],
                    ${results.map((r) => r.outcome.error)}::text[], ${results.map((r) => storable(r.outcome.detail))}::text[],
                    ${results.map((r) => storable(r.outcome.responseHead))}::text[], ${results.map((r) => r.outcome.durationMs)}::int[])
             AS u(id, state, headers, status, error, detail, head, ms)
        WHERE d.tenant_id = ${tenantId}::uuid AND d.id = u.id AND d.state IN ('sending', 'interrupted')`,
    );
  }
}
