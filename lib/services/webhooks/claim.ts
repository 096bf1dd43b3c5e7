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
  /** The secret the last rotation replaced, until it expires: it signs too (sign.ts). */
  previous: { secret: string; expiresAt: Date } | null;
  event: string;
  body: Buffer;
}

export interface ClaimOptions {
  /** This process's sender id (job_instance). */
  sender: string;
  eventsPerClaim: number;
  /** How many more attempts this process takes for a host now (its free sending slots and a small buffer). */
  roomFor(host: string): number;
  /** How many of a webhook's attempts this process holds now, waiting or under way: its share of its host so far. */
  heldFor(webhookId: string): number;
}

export interface Claimed {
  attempts: Attempt[];
  /** The claim took as many events as it may: more may be waiting. */
  full: boolean;
  /** Some host's webhooks got fewer attempts than they might have queued, for want of room. */
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
  previous_sealed: string | null;
  previous_expires_at: Date | null;
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

/** The most attempts one webhook offers per claim (they are locked until the claim commits). */
const MAX_PER_WEBHOOK = 100;

/**
 * One tenant's claim, in its own transaction under row-level security, in two steps that commit
 * together:
 * 1. its waiting events (FOR UPDATE SKIP LOCKED, so instances never take the same one, and marked
 *    processed) become attempts 'queued' for each active webhook subscribed to them since before
 *    they happened: durable, one per (event, webhook);
 * 2. queued attempts (these, earlier ones, redeliveries) become 'sending' by this instance, per
 *    host only as many as it has room for here, so a slow receiver's backlog waits in the database
 *    (for whichever instance has room first) and never holds up another host's; the webhooks of
 *    one host share its room fairly (startAttempts).
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
      SELECT id::text, url, events, secret_sealed, previous_secret_sealed AS previous_sealed,
             previous_secret_expires_at AS previous_expires_at, active_since
      FROM webhook WHERE tenant_id = ${tenantId}::uuid AND active`;
    if (events.length) await queueAttempts(tx, tenantId, events, hooks);
    if (events.length === o.eventsPerClaim) await skipUnwatched(tx, tenantId, events, hooks);
    const sendable = withSecrets(tenantId, hooks);
    const rooms = new Map<string, number>();
    for (const h of sendable) rooms.set(hostOf(h.url), o.roomFor(hostOf(h.url)));
    const shares = sendable
      .map((h) => ({ id: h.id, host: hostOf(h.url), room: rooms.get(hostOf(h.url))!, held: o.heldFor(h.id) }))
      .filter((r) => r.room > 0);
    const attempts = shares.length ? await startAttempts(tx, tenantId, sendable, shares, o.sender) : [];
    // A host whose room was all taken may have more queued, as may one that had none.
    const started = new Map<string, number>();
    for (const a of attempts) started.set(hostOf(a.url), (started.get(hostOf(a.url)) ?? 0) + 1);
    const limited = [...rooms].some(([host, room]) => room === 0 || started.get(host) === room);
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

type SendableHook = HookRow & Pick<Attempt, "secret" | "previous">;

/**
 * The hooks whose secret opens, with it (and the previous one while it signs). One whose secret
 * does not open (sealed under another key) is left out and said, so its attempts wait queued while
 * the tenant's other webhooks go on.
 */
function withSecrets(tenantId: string, hooks: HookRow[]): SendableHook[] {
  return hooks.flatMap((h) => {
    try {
      return [{ ...h, secret: openSecret(h.secret_sealed, h.id), previous: openPrevious(tenantId, h) }];
    } catch {
      console.error(
        `webhooks: the signing secret of webhook ${h.id} (tenant ${tenantId}) does not open with this key; its deliveries wait`,
      );
      return [];
    }
  });
}

/** The secret a rotation replaced, until it expires; one that does not open only stops signing (said). */
function openPrevious(tenantId: string, h: HookRow): Attempt["previous"] {
  if (!h.previous_sealed || !h.previous_expires_at) return null;
  const expiresAt = new Date(h.previous_expires_at);
  if (+expiresAt <= Date.now()) return null;
  try {
    return { secret: openSecret(h.previous_sealed, h.id), expiresAt };
  } catch {
    console.error(
      `webhooks: the previous signing secret of webhook ${h.id} (tenant ${tenantId}) does not open with this key; it no longer signs`,
    );
    return null;
  }
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

/** A webhook whose host has room here: how much, and how many of its attempts this process holds already. */
interface Share {
  id: string;
  host: string;
  room: number;
  held: number;
}

/**
 * Step 2: queued attempts become this instance's 'sending', per host up to its room, shared by the
 * host's webhooks fairly and without waste. Each webhook offers its oldest queued attempts; the
 * host's room goes to the offers that keep the webhooks' holdings level (what one holds here plus
 * its turn among its own offers, lowest first; the oldest between equals). So webhooks sharing a
 * host (every zap of a Zapier account registers its own) get equal turns however long one's
 * backlog, and a webhook with nothing queued offers nothing: the others use its part.
 */
async function startAttempts(tx: SqlTx, tenantId: string, hooks: SendableHook[], shares: Share[], sender: string) {
  const rows = await tx.$queryRaw<QueuedRow[]>`
    WITH offered AS (
      SELECT q.id, r.host, r.room, r.held + row_number() OVER (PARTITION BY r.webhook_id ORDER BY q.id) AS level
      FROM unnest(${shares.map((r) => r.id)}::uuid[], ${shares.map((r) => r.host)}::text[], ${shares.map((r) => r.room)}::int[],
                  ${shares.map((r) => r.held)}::int[]) AS r(webhook_id, host, room, held)
      CROSS JOIN LATERAL (
        SELECT d.id FROM webhook_delivery d
        WHERE d.tenant_id = ${tenantId}::uuid AND d.webhook_id = r.webhook_id AND d.state = 'queued'
        ORDER BY d.id LIMIT least(r.room, ${MAX_PER_WEBHOOK}::int) FOR UPDATE SKIP LOCKED
      ) q
    ),
    picked AS (
      SELECT id FROM (SELECT id, room, row_number() OVER (PARTITION BY host ORDER BY level, id) AS place FROM offered) o
      WHERE place <= room
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
        previous: hook.previous,
        event: r.event,
        body: Buffer.from(r.request_body, "utf8"),
      };
    });
}
