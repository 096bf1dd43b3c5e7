import { randomUUID } from "node:crypto";
import { withJobSql } from "@/lib/db/job-transaction.ts";
import { withPlatformSql, withTenantSql } from "@/lib/db/tenant.ts";
import { claimTenant, hostOf, type Attempt } from "./claim.ts";
import { ResultWriter } from "./result-writer.ts";
import { sendDelivery, type SendOptions } from "./send-delivery.ts";
import { SenderPool } from "./sender-pool.ts";
import { deliveryHeaders } from "./sign.ts";

/** The channel the outbox trigger and redeliveries notify (the webhooks migration). */
export const DISPATCH_CHANNEL = "outbox_event";

export const DISPATCH_LIMITS = {
  /** Tenants served per run, the longest waiting first; a run that leaves some runs again at once. */
  tenantsPerRun: 20,
  /** Events one tenant's claim takes. */
  eventsPerClaim: 100,
  /**
   * Attempts started by this process and not finished, at most: a killed instance leaves at most
   * this many 'interrupted'; every attempt still queued is sent by another instance.
   */
  maxPending: 256,
  /** Deliveries at once in this process, and to one host; each host may have as many again waiting here. */
  perInstance: 64,
  perHost: 16,
  /** The heartbeat's period, and the silence after which an instance's attempts count as interrupted. */
  beatEveryMs: 5_000,
  staleSeconds: 30,
  sweepEveryMs: 10_000,
};

/** This process as a sender: its attempts carry this id, and its heartbeat keeps them its own. */
const instanceId = randomUUID();
const pool = new SenderPool<Attempt>({ perInstance: DISPATCH_LIMITS.perInstance, perHost: DISPATCH_LIMITS.perHost }, (a) => attempt(a));
const writer = new ResultWriter();
let lastBeat = 0;
let lastSweep = 0;
/** Tests point deliveries at their own resolver. */
let sendOptions: SendOptions = {};

export function setSendOptions(o: SendOptions): void {
  sendOptions = o;
}

/** Set when a run left attempts queued for want of room here: the end of a task may make room. */
let heldBack = false;

/** Called when a delivery ends after a run was held back for want of room (the job's wake). */
export function onPoolRoom(listener: () => void): () => void {
  return pool.onTaskEnd(() => {
    if (!heldBack) return;
    heldBack = false;
    listener();
  });
}

/** How many more attempts this process starts for `host` now. */
const roomFor = (host: string): number =>
  Math.max(0, Math.min(2 * DISPATCH_LIMITS.perHost - pool.pendingFor(host), DISPATCH_LIMITS.maxPending - pool.pending));

async function beat(): Promise<void> {
  await withPlatformSql(async (tx) => {
    await tx.$executeRaw`
      INSERT INTO job_instance (id, heartbeat_at) VALUES (${instanceId}::uuid, now())
      ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`;
  });
  lastBeat = Date.now();
}

/** Marks attempts whose sender stopped beating as interrupted (any instance's, across tenants). */
export async function interruptOrphans(): Promise<number> {
  const [row] = await withJobSql(
    async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT jobs_webhook_interrupt_orphans(${DISPATCH_LIMITS.staleSeconds}::int, 1000) AS n`,
    { timeoutMs: 15_000 },
  );
  lastSweep = Date.now();
  return row?.n ?? 0;
}

/** Signs at the moment of sending (receivers check the timestamp), sends, and hands the result to the writer. */
async function attempt(a: Attempt): Promise<void> {
  const headers = deliveryHeaders({
    secret: a.secret,
    event: a.event,
    deliveryId: a.id,
    eventId: a.eventId,
    sentAt: new Date(),
    body: a.body,
  });
  const outcome = await sendDelivery(a.url, a.body, headers, sendOptions);
  writer.add({ tenantId: a.tenantId, id: a.id, headers, outcome });
}

/**
 * One dispatcher run: a heartbeat and a sweep when due, then claims (claim.ts) for the tenants
 * with work waiting, whose attempts go to the sender pool (never awaited here, so a slow receiver
 * never holds up a claim). "more" when a tenant had more events than one claim takes, or tenants
 * remain; attempts left queued for want of room are claimed as deliveries end.
 */
export async function dispatchOnce(signal?: AbortSignal): Promise<"done" | "more"> {
  if (Date.now() - lastBeat >= DISPATCH_LIMITS.beatEveryMs) await beat();
  if (Date.now() - lastSweep >= DISPATCH_LIMITS.sweepEveryMs) await interruptOrphans();
  if (pool.pending >= DISPATCH_LIMITS.maxPending) {
    heldBack = true;
    return "done";
  }
  const tenants = await withPlatformSql(
    async (tx) => tx.$queryRaw<{ t: string }[]>`SELECT t::text FROM jobs_webhook_tenants(${DISPATCH_LIMITS.tenantsPerRun}::int) AS t`,
  );
  let more = tenants.length === DISPATCH_LIMITS.tenantsPerRun;
  for (const { t } of tenants) {
    if (signal?.aborted) return "more";
    if (pool.pending >= DISPATCH_LIMITS.maxPending) {
      heldBack = true;
      return "done";
    }
    // One tenant's failure (its webhook's secret sealed under another key, say) leaves its events
    // waiting and is logged; the other tenants' deliveries go on.
    const claimed = await claimTenant(t, { sender: instanceId, eventsPerClaim: DISPATCH_LIMITS.eventsPerClaim, roomFor }).catch(
      (err: unknown) => {
        console.error(
          `webhooks: claiming tenant ${t}'s events failed (${err instanceof Error ? err.message : String(err)}); they stay queued`,
        );
        return undefined;
      },
    );
    if (!claimed) continue;
    more ||= claimed.full;
    heldBack ||= claimed.limited;
    for (const a of claimed.attempts) pool.push(hostOf(a.url), a);
  }
  return more ? "more" : "done";
}

/** Waits for this process's deliveries, started and waiting, and writes their results (tests). */
export async function settleDeliveries(): Promise<void> {
  while (pool.pending) await pool.idle();
  await writer.flush();
}

/**
 * Stopping (SIGTERM): the attempts not started yet go back to the queue for another instance (or
 * this one's next start), those under way end (4 s at most) and their results are written.
 */
export async function stopDeliveries(): Promise<void> {
  const unsent = pool.takeWaiting();
  const byTenant = new Map<string, string[]>();
  for (const a of unsent) byTenant.set(a.tenantId, [...(byTenant.get(a.tenantId) ?? []), a.id]);
  for (const [tenantId, ids] of byTenant)
    await withTenantSql(
      tenantId,
      async (tx) => tx.$executeRaw`
      UPDATE webhook_delivery SET state = 'queued', sender = NULL
      WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${ids}::uuid[]) AND state = 'sending'`,
    );
  await pool.idle();
  await writer.flush();
}
