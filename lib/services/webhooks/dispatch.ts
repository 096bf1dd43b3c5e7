import { randomUUID } from "node:crypto";
import { withJobSql } from "@/lib/db/job-transaction.ts";
import { withPlatformSql, withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import { ResultWriter } from "./result-writer.ts";
import { openSecret } from "./secret-box.ts";
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
  /** Redeliveries one tenant's claim takes. */
  redeliveriesPerClaim: 100,
  /**
   * Attempts waiting or running in this process above which it claims no more until some end: a
   * killed instance loses at most about this many attempts to 'interrupted', while the other
   * instances claim everything it had not.
   */
  maxPending: 256,
  /** Deliveries at once in this process, and to one host. */
  perInstance: 64,
  perHost: 16,
  /** The heartbeat's period, and the silence after which an instance's attempts count as interrupted. */
  beatEveryMs: 5_000,
  staleSeconds: 30,
  sweepEveryMs: 10_000,
};

/** One claimed attempt, ready to send. */
interface Attempt {
  tenantId: string;
  id: string;
  eventId: string;
  url: string;
  secret: string;
  event: string;
  body: Buffer;
}

/** This process as a sender: its attempts carry this id, and its heartbeat keeps them its own. */
const instanceId = randomUUID();
const pool = new SenderPool({ perInstance: DISPATCH_LIMITS.perInstance, perHost: DISPATCH_LIMITS.perHost });
const writer = new ResultWriter();
let lastBeat = 0;
let lastSweep = 0;
/** Tests point deliveries at their own resolver. */
let sendOptions: SendOptions = {};

export function setSendOptions(o: SendOptions): void {
  sendOptions = o;
}

/** Set when a run stopped claiming because the pool was full. */
let heldBack = false;

/** Called once the pool is half empty again after the dispatcher held back (the job's wake). */
export function onPoolRoom(listener: () => void): () => void {
  return pool.onTaskEnd(() => {
    if (!heldBack || pool.pending > DISPATCH_LIMITS.maxPending / 2) return;
    heldBack = false;
    listener();
  });
}

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

interface EventRow {
  id: string;
  event: string;
  payload: string;
  created_at: Date;
}
interface HookRow {
  id: string;
  url: string;
  events: string[];
  secret_sealed: string;
  active_since: Date;
}
interface QueuedRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event: string;
  request_body: string;
  url: string;
  secret_sealed: string;
}

/**
 * One tenant's claim, in its own transaction under row-level security: its waiting events (FOR
 * UPDATE SKIP LOCKED, so instances never take the same one, and marked processed), fanned out to
 * its active webhooks subscribed to each since before it happened, each attempt recorded as
 * 'sending' by this instance before anything is sent; and its queued redeliveries. Everything
 * claimed commits together: an event is either still waiting or has all its attempts recorded.
 */
async function claimTenant(tenantId: string): Promise<{ attempts: Attempt[]; full: boolean }> {
  return withTenantSql(tenantId, async (tx) => {
    const events = (
      await tx.$queryRaw<EventRow[]>`
        WITH claimed AS (
          SELECT id FROM outbox_event WHERE tenant_id = ${tenantId}::uuid AND processed_at IS NULL
          ORDER BY created_at, id LIMIT ${DISPATCH_LIMITS.eventsPerClaim} FOR UPDATE SKIP LOCKED
        )
        UPDATE outbox_event o SET processed_at = now() FROM claimed c WHERE o.tenant_id = ${tenantId}::uuid AND o.id = c.id
        RETURNING o.id::text, o.event, o.payload, o.created_at`
    ).sort((a, b) => +new Date(a.created_at) - +new Date(b.created_at) || (a.id < b.id ? -1 : 1));
    const attempts = events.length ? await fanOut(tx, tenantId, events) : [];
    attempts.push(...(await claimRedeliveries(tx, tenantId)));
    return { attempts, full: events.length === DISPATCH_LIMITS.eventsPerClaim };
  });
}

async function fanOut(tx: SqlTx, tenantId: string, events: EventRow[]): Promise<Attempt[]> {
  const hooks = await tx.$queryRaw<HookRow[]>`
    SELECT id::text, url, events, secret_sealed, active_since FROM webhook WHERE tenant_id = ${tenantId}::uuid AND active`;
  const planned: (Attempt & { webhookId: string; payload: string })[] = [];
  const secrets = new Map(hooks.map((h) => [h.id, openSecret(h.secret_sealed, h.id)]));
  for (const e of events) {
    const body = Buffer.from(e.payload, "utf8");
    for (const h of hooks) {
      if (!h.events.includes(e.event) || new Date(e.created_at) < new Date(h.active_since)) continue;
      planned.push({
        tenantId,
        id: "",
        url: h.url,
        secret: secrets.get(h.id)!,
        event: e.event,
        body,
        webhookId: h.id,
        eventId: e.id,
        payload: e.payload,
      });
    }
  }
  if (!planned.length) return [];
  // The log reads newest first by id: ids of one millisecond get random tails, so sorting them
  // keeps the events' order.
  const ids = planned.map(() => uuidV7()).sort();
  planned.forEach((p, i) => (p.id = ids[i]!));
  const recorded = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO webhook_delivery (tenant_id, id, webhook_id, event_id, event, sender, state, request_body, created_at)
    SELECT ${tenantId}::uuid, u.id, u.webhook_id, u.event_id, u.event, ${instanceId}::uuid, 'sending', u.body, now()
    FROM unnest(${planned.map((p) => p.id)}::uuid[], ${planned.map((p) => p.webhookId)}::uuid[], ${planned.map((p) => p.eventId)}::uuid[],
                ${planned.map((p) => p.event)}::text[], ${planned.map((p) => p.payload)}::text[]) AS u(id, webhook_id, event_id, event, body)
    ON CONFLICT (tenant_id, event_id, webhook_id) WHERE redelivery_of IS NULL DO NOTHING
    RETURNING id::text`;
  const kept = new Set(recorded.map((r) => r.id));
  return planned
    .filter((p) => kept.has(p.id))
    .map(({ tenantId: t, id, eventId, url, secret, event, body }) => ({ tenantId: t, id, eventId, url, secret, event, body }));
}

async function claimRedeliveries(tx: SqlTx, tenantId: string): Promise<Attempt[]> {
  const rows = await tx.$queryRaw<QueuedRow[]>`
    WITH claimed AS (
      SELECT id FROM webhook_delivery WHERE tenant_id = ${tenantId}::uuid AND state = 'queued'
      ORDER BY id LIMIT ${DISPATCH_LIMITS.redeliveriesPerClaim} FOR UPDATE SKIP LOCKED
    )
    UPDATE webhook_delivery d SET state = 'sending', sender = ${instanceId}::uuid
    FROM claimed c, webhook w
    WHERE d.tenant_id = ${tenantId}::uuid AND d.id = c.id AND w.tenant_id = d.tenant_id AND w.id = d.webhook_id
    RETURNING d.id::text, d.webhook_id::text, d.event_id::text, d.event, d.request_body, w.url, w.secret_sealed`;
  return rows.map((r) => ({
    tenantId,
    id: r.id,
    eventId: r.event_id,
    url: r.url,
    secret: openSecret(r.secret_sealed, r.webhook_id),
    event: r.event,
    body: Buffer.from(r.request_body, "utf8"),
  }));
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

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
};

/**
 * One dispatcher run: a heartbeat and a sweep when due, then claims for the tenants with work
 * waiting, whose attempts go to the sender pool (never awaited here, so a slow receiver never
 * holds up a claim). "more" when a tenant had more waiting than one claim takes, or tenants remain.
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
    const claimed = await claimTenant(t).catch((err: unknown) => {
      console.error(
        `webhooks: claiming tenant ${t}'s events failed (${err instanceof Error ? err.message : String(err)}); they stay queued`,
      );
      return undefined;
    });
    if (!claimed) continue;
    more ||= claimed.full;
    for (const a of claimed.attempts) pool.push(hostOf(a.url), () => attempt(a));
  }
  return more ? "more" : "done";
}

/** Waits for this process's deliveries under way and writes their results (tests, shutdown). */
export async function settleDeliveries(): Promise<void> {
  while (pool.pending) await new Promise((resolve) => setTimeout(resolve, 5));
  await writer.flush();
}

/**
 * A manual redelivery (never automatic): a new attempt of the same event with the same body,
 * queued in the caller's transaction and claimed by whichever dispatcher wakes first after it
 * commits (the NOTIFY rides with the commit). A paused webhook sends nothing, so it is refused.
 */
export async function queueRedelivery(tx: SqlTx, tenantId: string, webhookId: string, deliveryId: string): Promise<string> {
  const [hook] = await tx.$queryRaw<{ active: boolean }[]>`
    SELECT active FROM webhook WHERE tenant_id = ${tenantId}::uuid AND id = ${webhookId}::uuid`;
  if (!hook) throw notFound("Webhook");
  const id = uuidV7();
  const [queued] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO webhook_delivery (tenant_id, id, webhook_id, event_id, event, redelivery_of, state, request_body, created_at)
    SELECT tenant_id, ${id}::uuid, webhook_id, event_id, event, id, 'queued', request_body, now() FROM webhook_delivery
    WHERE tenant_id = ${tenantId}::uuid AND webhook_id = ${webhookId}::uuid AND id = ${deliveryId}::uuid
    RETURNING id::text`;
  if (!queued) throw notFound("Delivery");
  if (!hook.active) throw invalid("The webhook is paused: resume it to redeliver");
  await tx.$queryRaw`SELECT pg_notify(${DISPATCH_CHANNEL}, '')`;
  return id;
}
