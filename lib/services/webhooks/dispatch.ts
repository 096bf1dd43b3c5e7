import { randomUUID } from "node:crypto";
import { withJobSql } from "@/lib/db/job-transaction.ts";
import { OUTBOX_CHANNEL } from "@/lib/services/events/write-events.ts";
import { withPlatformSql, withTenantSql } from "@/lib/db/tenant.ts";
import { byTenant } from "./by-tenant.ts";
import { claimTenant, hostOf, type Attempt } from "./claim.ts";
import { ResultWriter } from "./result-writer.ts";
import { sendDelivery } from "./send-delivery.ts";
import { SenderPool } from "./sender-pool.ts";
import { deliveryHeaders } from "./sign.ts";

/** The channel the outbox trigger and redeliveries notify (the webhooks migration). */
export const DISPATCH_CHANNEL = OUTBOX_CHANNEL;

export const DISPATCH_LIMITS = {
  /** Tenants served per run, the longest waiting first; a run that leaves some runs again at once. */
  tenantsPerRun: 20,
  /** Events one tenant's claim takes. */
  eventsPerClaim: 100,
  /** Deliveries at once in this process, and to one host. */
  perInstance: 64,
  perHost: 16,
  /**
   * Attempts this process takes ahead of a free slot, per host and in all, so that a slot is
   * refilled without waiting for a claim. A killed instance leaves its started attempts, these
   * included, 'interrupted' (at most perInstance + maxAhead); every attempt still queued in the
   * database is sent by another instance.
   */
  aheadPerHost: 4,
  maxAhead: 32,
  /** The heartbeat's period, and the silence after which an instance's attempts count as interrupted. */
  beatEveryMs: 5_000,
  staleSeconds: 30,
  sweepEveryMs: 10_000,
};

const L = DISPATCH_LIMITS;
const maxPending = L.perInstance + L.maxAhead;

/** This process as a sender: its attempts carry this id, and its heartbeat keeps them its own. */
const instanceId = randomUUID();
const pool = new SenderPool<Attempt>({ perInstance: L.perInstance, perHost: L.perHost }, (a) => attempt(a));
const writer = new ResultWriter();
let lastSweep = 0;

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

/** How many more attempts this process takes for `host` now. */
const roomFor = (host: string): number =>
  Math.max(0, Math.min(L.perHost + L.aheadPerHost - pool.pendingFor(host), maxPending - pool.pending));

/** Each webhook's attempts in the pool, waiting or under way: where its share of its host's room stands. */
const held = new Map<string, number>();
const heldFor = (webhookId: string): number => held.get(webhookId) ?? 0;
function hold(webhookId: string, n: number): void {
  const now = heldFor(webhookId) + n;
  if (now) held.set(webhookId, now);
  else held.delete(webhookId);
}

async function beat(): Promise<void> {
  await withPlatformSql(async (tx) => {
    await tx.$executeRaw`
      INSERT INTO job_instance (id, heartbeat_at) VALUES (${instanceId}::uuid, now())
      ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`;
  });
}

let heartbeat: NodeJS.Timeout | undefined;

/**
 * The heartbeat beats on a timer of its own, so that runs backing off after failures (up to 30 s)
 * never let this instance's attempts pass for a dead one's. The first beat is awaited: attempts
 * are started only by an instance whose row exists.
 */
async function startHeartbeat(): Promise<void> {
  if (heartbeat) return;
  await beat();
  let failing = false;
  heartbeat = setInterval(() => {
    beat().then(
      () => (failing = false),
      (err: unknown) => {
        if (!failing) console.error(`webhooks: the heartbeat failed (${err instanceof Error ? err.message : String(err)}); retrying`);
        failing = true;
      },
    );
  }, L.beatEveryMs);
  heartbeat.unref();
}

/** Marks attempts whose sender stopped beating as interrupted (any instance's, across tenants). */
export async function interruptOrphans(): Promise<number> {
  const [row] = await withJobSql(
    async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT jobs_webhook_interrupt_orphans(${L.staleSeconds}::int, 1000) AS n`,
    { timeoutMs: 15_000 },
  );
  lastSweep = Date.now();
  return row?.n ?? 0;
}

/**
 * Signs at the moment of sending (receivers check the timestamp; a previous secret signs only
 * until its expiry), sends, and hands the result to the writer. The webhook's hold ends before the
 * pool calls for the next claim.
 */
async function attempt(a: Attempt): Promise<void> {
  try {
    const sentAt = new Date();
    const headers = deliveryHeaders({
      secret: a.secret,
      previousSecret: a.previous && a.previous.expiresAt > sentAt ? a.previous.secret : null,
      event: a.event,
      deliveryId: a.id,
      eventId: a.eventId,
      sentAt,
      body: a.body,
    });
    const outcome = await sendDelivery(a.url, a.body, headers);
    writer.add({ tenantId: a.tenantId, id: a.id, headers, outcome });
  } finally {
    hold(a.webhookId, -1);
  }
}

/**
 * One dispatcher run: a heartbeat and a sweep when due, then claims (claim.ts) for the tenants
 * with work waiting, whose attempts go to the sender pool (never awaited here, so a slow receiver
 * never holds up a claim). "more" when a tenant had more events than one claim takes, or tenants
 * remain; attempts left queued for want of room are claimed as deliveries end.
 */
export async function dispatchOnce(signal?: AbortSignal): Promise<"done" | "more"> {
  await startHeartbeat();
  if (Date.now() - lastSweep >= L.sweepEveryMs) await interruptOrphans();
  if (pool.pending >= maxPending) {
    heldBack = true;
    return "done";
  }
  const tenants = await withPlatformSql(
    async (tx) => tx.$queryRaw<{ t: string }[]>`SELECT t::text FROM jobs_webhook_tenants(${L.tenantsPerRun}::int) AS t`,
  );
  // Another run at once when a claim was full, or when the list was (some tenants may not be on
  // it) and events were claimed; attempts left queued for want of room wait for the end of a delivery.
  let full = false;
  let events = 0;
  for (const { t } of tenants) {
    if (signal?.aborted) return "more";
    if (pool.pending >= maxPending) {
      heldBack = true;
      return "done";
    }
    // One tenant's failure (its webhook's secret sealed under another key, say) leaves its events
    // waiting and is logged; the other tenants' deliveries go on.
    const claimed = await claimTenant(t, { sender: instanceId, eventsPerClaim: L.eventsPerClaim, roomFor, heldFor }).catch(
      (err: unknown) => {
        console.error(
          `webhooks: claiming tenant ${t}'s events failed (${err instanceof Error ? err.message : String(err)}); they stay queued`,
        );
        return undefined;
      },
    );
    if (!claimed) continue;
    full ||= claimed.full;
    events += claimed.events;
    heldBack ||= claimed.limited;
    for (const a of claimed.attempts) {
      hold(a.webhookId, 1);
      pool.push(hostOf(a.url), a);
    }
  }
  return full || (tenants.length >= L.tenantsPerRun && events > 0) ? "more" : "done";
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
  clearInterval(heartbeat);
  heartbeat = undefined;
  const unsent = pool.takeWaiting();
  for (const a of unsent) hold(a.webhookId, -1);
  for (const [tenantId, attempts] of byTenant(unsent)) {
    const ids = attempts.map((a) => a.id);
    await withTenantSql(
      tenantId,
      async (tx) => tx.$executeRaw`
      UPDATE webhook_delivery SET state = 'queued', sender = NULL
      WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${ids}::uuid[]) AND state = 'sending'`,
    );
  }
  await pool.idle();
  await writer.flush();
}
