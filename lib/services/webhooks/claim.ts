import type { SqlTx } from "@/lib/db/tenant.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import { openSecret } from "./secret-box.ts";

/** One claimed attempt, ready to send. */
export interface Attempt {
  tenantId: string;
  id: string;
  webhookId: string;
  eventId: string;
  url: string;
  secret: string;
  event: string;
  body: Buffer;
}

export interface ClaimOptions {
  /** This process's sender id (job_instance). */
  sender: string;
  eventsPerClaim: number;
  /** How many more attempts this process takes for a host now (its free sending slots and a small buffer). */
  roomFor(host: string): number;
}

export interface Claimed {
  attempts: Attempt[];
  /** The claim took as many events as it may: more may be waiting. */
  full: boolean;
  /** Some webhook got fewer attempts than it might have queued, for want of room. */
  limited: boolean;
  /** How many events it claimed. */
  events: number;
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
}

export const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
};

/** The most attempts one webhook gets per claim. */
const MAX_PER_WEBHOOK = 100;

/**
 * One tenant's claim, in its own transaction under row-level security, in two steps that commit
 * together:
 * 1. its waiting events (FOR UPDATE SKIP LOCKED, so instances never take the same one, and marked
 *    processed) become attempts 'queued' for each active webhook subscribed to them since before
 *    they happened: durable, one per (event, webhook);
 * 2. queued attempts (these, earlier ones, redeliveries) become 'sending' by this instance, per
 *    webhook only as many as its host has room for here, so a slow receiver's backlog waits in the
 *    database (for whichever instance has room first) and never holds up another webhook's.
 */
export async function claimTenant(tenantId: string, o: ClaimOptions): Promise<Claimed> {
  return withTenantSql(tenantId, async (tx) => {
    const events = (
      await tx.$queryRaw<EventRow[]>`
        WITH claimed AS (
          SELECT id FROM outbox_event WHERE tenant_id = ${tenantId}::uuid AND processed_at IS NULL
          ORDER BY created_at, id LIMIT ${o.eventsPerClaim} FOR UPDATE SKIP LOCKED
        )
        UPDATE outbox_event e SET processed_at = now() FROM claimed c WHERE e.tenant_id = ${tenantId}::uuid AND e.id = c.id
        RETURNING e.id::text, e.event, e.payload, e.created_at`
    ).sort((a, b) => +new Date(a.created_at) - +new Date(b.created_at) || (a.id < b.id ? -1 : 1));
    const hooks = await tx.$queryRaw<HookRow[]>`
      SELECT id::text, url, events, secret_sealed, active_since FROM webhook WHERE tenant_id = ${tenantId}::uuid AND active`;
    if (events.length) await queueAttempts(tx, tenantId, events, hooks);
    if (events.length === o.eventsPerClaim) await skipUnwatched(tx, tenantId, events, hooks);
    const sendable = withSecrets(tenantId, hooks);
    const { rooms, noRoom } = shareRoom(sendable, o);
    const attempts = rooms.length ? await startAttempts(tx, tenantId, sendable, rooms, o.sender) : [];
    // A webhook that got all it had room for may have more queued, as may one whose host had none.
    const started = new Map<string, number>();
    for (const a of attempts) started.set(a.webhookId, (started.get(a.webhookId) ?? 0) + 1);
    const limited = noRoom || rooms.some((r) => started.get(r.id) === r.k);
    return { attempts, full: events.length === o.eventsPerClaim, limited, events: events.length };
  });
}

/**
 * Events from before every active webhook of the tenant began (written while it had none, kept a
 * day for the purge) would be claimed a hundred at a time for nothing, ahead of the new ones: a
 * full claim of only such events marks all of them processed at once.
 */
async function skipUnwatched(tx: SqlTx, tenantId: string, events: EventRow[], hooks: HookRow[]): Promise<void> {
  if (!hooks.length) return;
  const since = Math.min(...hooks.map((h) => +new Date(h.active_since)));
  if (+new Date(events.at(-1)!.created_at) >= since) return;
  await tx.$executeRaw`
    UPDATE outbox_event SET processed_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND processed_at IS NULL AND created_at < ${new Date(since)}`;
}

/**
 * The hooks whose secret opens, with it. One that does not (sealed under another key) is left out
 * and said, so its attempts wait queued while the tenant's other webhooks go on.
 */
function withSecrets(tenantId: string, hooks: HookRow[]): (HookRow & { secret: string })[] {
  return hooks.flatMap((h) => {
    try {
      return [{ ...h, secret: openSecret(h.secret_sealed, h.id) }];
    } catch {
      console.error(
        `webhooks: the signing secret of webhook ${h.id} (tenant ${tenantId}) does not open with this key; its deliveries wait`,
      );
      return [];
    }
  });
}

/** Step 1: an attempt per (event, webhook subscribed since before it), queued. */
async function queueAttempts(tx: SqlTx, tenantId: string, events: EventRow[], hooks: HookRow[]): Promise<void> {
  const planned: { webhookId: string; eventId: string; event: string; payload: string }[] = [];
  for (const e of events)
    for (const h of hooks)
      if (h.events.includes(e.event) && new Date(e.created_at) >= new Date(h.active_since))
        planned.push({ webhookId: h.id, eventId: e.id, event: e.event, payload: e.payload });
  if (!planned.length) return;
  // The log reads newest first by id: ids of one millisecond get random tails, so sorting them
  // keeps the events' order.
  const ids = planned.map(() => uuidV7()).sort();
  await tx.$executeRaw`
    INSERT INTO webhook_delivery (tenant_id, id, webhook_id, event_id, event, state, request_body, created_at)
    SELECT ${tenantId}::uuid, u.id, u.webhook_id, u.event_id, u.event, 'queued', u.body, now()
    FROM unnest(${ids}::uuid[], ${planned.map((p) => p.webhookId)}::uuid[], ${planned.map((p) => p.eventId)}::uuid[],
                ${planned.map((p) => p.event)}::text[], ${planned.map((p) => p.payload)}::text[]) AS u(id, webhook_id, event_id, event, body)
    ON CONFLICT (tenant_id, event_id, webhook_id) WHERE redelivery_of IS NULL DO NOTHING`;
}

/** How many attempts each webhook may start now: its host's room here, shared by webhooks of one host. */
function shareRoom(hooks: HookRow[], o: ClaimOptions): { rooms: { id: string; k: number }[]; noRoom: boolean } {
  const left = new Map<string, number>();
  let noRoom = false;
  const rooms: { id: string; k: number }[] = [];
  for (const h of hooks) {
    const host = hostOf(h.url);
    const room = left.get(host) ?? o.roomFor(host);
    const k = Math.min(room, MAX_PER_WEBHOOK);
    left.set(host, room - k);
    if (k > 0) rooms.push({ id: h.id, k });
    else noRoom = true;
  }
  return { rooms, noRoom };
}

/** Step 2: the oldest queued attempts of each webhook, up to its room, become this instance's 'sending'. */
async function startAttempts(
  tx: SqlTx,
  tenantId: string,
  hooks: (HookRow & { secret: string })[],
  rooms: { id: string; k: number }[],
  sender: string,
) {
  const rows = await tx.$queryRaw<QueuedRow[]>`
    WITH picked AS (
      SELECT q.id FROM unnest(${rooms.map((r) => r.id)}::uuid[], ${rooms.map((r) => r.k)}::int[]) AS r(webhook_id, k)
      CROSS JOIN LATERAL (
        SELECT d.id FROM webhook_delivery d
        WHERE d.tenant_id = ${tenantId}::uuid AND d.webhook_id = r.webhook_id AND d.state = 'queued'
        ORDER BY d.id LIMIT r.k FOR UPDATE SKIP LOCKED
      ) q
    )
    UPDATE webhook_delivery d SET state = 'sending', sender = ${sender}::uuid
    FROM picked p WHERE d.tenant_id = ${tenantId}::uuid AND d.id = p.id
    RETURNING d.id::text, d.webhook_id::text, d.event_id::text, d.event, d.request_body`;
  const byId = new Map(hooks.map((h) => [h.id, h]));
  return rows
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((r): Attempt => {
      const hook = byId.get(r.webhook_id)!;
      return {
        tenantId,
        id: r.id,
        webhookId: hook.id,
        eventId: r.event_id,
        url: hook.url,
        secret: hook.secret,
        event: r.event,
        body: Buffer.from(r.request_body, "utf8"),
      };
    });
}
