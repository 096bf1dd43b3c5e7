import { Prisma } from "@/lib/db/generated/client.ts";
import { preferOrderedScans } from "@/lib/db/ordered-scans.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError, invalid, notFound } from "@/lib/errors/app-error.ts";
import { EVENT_NAMES, TEST_EVENT } from "@/lib/schemas/event-names.ts";
import type { EventOut, EventPage } from "@/lib/schemas/events.ts";

/**
 * The events feed (GET /api/v1/events, the stream): the outbox's events, in the order of the
 * transactions that wrote them.
 *
 * Why that order, and why it is stable under concurrent writes: each event keeps its writing
 * transaction's id (`tx_id`). A transaction that started earlier may commit later, so ordering by
 * time or by id alone would let an event appear behind a position a reader has already passed.
 * A reader therefore returns only events whose transaction is older than every transaction still
 * running (the snapshot's xmin): those have all ended, so nothing can ever appear below that line,
 * and (tx_id, id) is an order no later commit changes. An event becomes readable once every
 * transaction that started before its own has ended — a few milliseconds for requests, bounded by
 * the statement timeout.
 */

/** What the caller may see: the objects whose records it may read, and whether it may see test sends. */
export interface FeedAccess {
  readableObjects: readonly string[];
  /** Whether webhook.test events are listed when asked for (people who manage webhooks). */
  testEvents: boolean;
}

export interface FeedQuery {
  type?: readonly string[];
  objectApiName?: string;
  /** An ISO 8601 instant, checked here (sinceOf). */
  created_since?: string;
  after?: string;
  limit: number;
}

type Direction = "forward" | "backward";

interface Position {
  direction: Direction;
  /** null: the beginning of the feed (`after=start`), oldest first. */
  eventId: string | null;
}

/** `after=start`: every event still kept, oldest first (also what a stream that had seen nothing resumes from). */
export const FEED_START_CURSOR = "start";

const CURSOR_PREFIX = "evc_";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A page's next_cursor: the direction and the last event's id, opaque to clients. */
function encodeCursor(p: Position): string {
  if (p.eventId === null) return FEED_START_CURSOR;
  return CURSOR_PREFIX + Buffer.from(`${p.direction === "forward" ? "f" : "b"}${p.eventId}`, "utf8").toString("base64url");
}

/** `after`: a next_cursor, or an event's id (the events after it, oldest first). */
export function decodeCursor(raw: string): Position {
  if (UUID.test(raw)) return { direction: "forward", eventId: raw };
  if (raw === FEED_START_CURSOR) return { direction: "forward", eventId: null };
  if (raw.startsWith(CURSOR_PREFIX)) {
    const text = Buffer.from(raw.slice(CURSOR_PREFIX.length), "base64url").toString("utf8");
    const eventId = text.slice(1);
    if ((text[0] === "f" || text[0] === "b") && UUID.test(eventId)) return { direction: text[0] === "f" ? "forward" : "backward", eventId };
  }
  throw invalid("after: not a cursor of this API (pass a next_cursor, an event id, or start)", [
    { path: "after", message: "is not a cursor" },
  ]);
}

interface EventRow {
  id: string;
  event: EventOut["type"];
  object_api_name: string | null;
  record_id: string | null;
  payload: string;
  created_at: Date;
}

const toEvent = (r: EventRow): EventOut => ({
  id: r.id,
  type: r.event,
  objectApiName: r.object_api_name,
  recordId: r.record_id,
  created_at: new Date(r.created_at).toISOString(),
  payload: JSON.parse(r.payload) as Record<string, unknown>,
});

/** The condition that keeps out what the caller may not see: records of objects it cannot read, test sends unless it may. */
function visible(access: FeedAccess): Prisma.Sql {
  return Prisma.sql`(e.object_api_name = ANY(${[...access.readableObjects]}::text[])
    OR (e.event = ${TEST_EVENT} AND ${access.testEvents}::boolean))`;
}

/** Where an event sits in the feed: its transaction, then its id. */
export interface FeedPosition {
  tx_id: string;
  id: string;
}

/** Before every event: a stream that knows none starts here. */
export const FEED_START: FeedPosition = { tx_id: "0", id: "00000000-0000-0000-0000-000000000000" };

interface FeedRow extends EventRow {
  tx_id: string;
}

interface FeedRead {
  filter: Pick<FeedQuery, "type" | "objectApiName" | "created_since">;
  from?: FeedPosition;
  direction: Direction;
  limit: number;
}

/** `created_since` as an instant: an ISO 8601 date or date-time from 1970 to 9999, else a 400 naming it. */
function sinceOf(raw: string | undefined): Date | null {
  if (raw === undefined) return null;
  const at = /^\d{4}-\d\d-\d\d([T ][\d:.]+(Z|[+-]\d\d:?\d\d)?)?$/.test(raw) ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(+at) || at.getUTCFullYear() < 1970 || at.getUTCFullYear() > 9999)
    throw invalid("created_since: must be an ISO 8601 date or date-time from 1970 to 9999", [
      { path: "created_since", message: "must be an ISO 8601 date or date-time" },
    ]);
  return at;
}

/**
 * Settled events the caller may see, from a position in either direction. Settled: written by a
 * transaction older than every write transaction still running (see the top of this file).
 */
async function readFeed(tx: SqlTx, tenantId: string, access: FeedAccess, r: FeedRead): Promise<FeedRow[]> {
  const bound = r.from
    ? r.direction === "forward"
      ? Prisma.sql`AND (e.tx_id, e.id) > (${r.from.tx_id}::bigint, ${r.from.id}::uuid)`
      : Prisma.sql`AND (e.tx_id, e.id) < (${r.from.tx_id}::bigint, ${r.from.id}::uuid)`
    : Prisma.empty;
  const order = r.direction === "forward" ? Prisma.sql`ORDER BY e.tx_id, e.id` : Prisma.sql`ORDER BY e.tx_id DESC, e.id DESC`;
  const f = r.filter;
  const since = sinceOf(f.created_since);
  // Along (tenant_id, tx_id, id) in the page's direction, whatever the statistics say.
  await preferOrderedScans(tx);
  return tx.$queryRaw<FeedRow[]>`
    SELECT e.id::text, e.event, e.object_api_name, e.record_id::text, e.payload, e.created_at, e.tx_id::text
    FROM outbox_event e
    WHERE e.tenant_id = ${tenantId}::uuid
      AND e.tx_id < (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint)
      ${bound}
      -- The types asked for, or the catalog: test sends only when named.
      AND e.event = ANY(${f.type?.length ? [...f.type] : [...EVENT_NAMES]}::text[])
      AND ${visible(access)}
      AND (${f.objectApiName ?? null}::text IS NULL OR e.object_api_name = ${f.objectApiName ?? null}::text)
      AND (${since}::timestamptz IS NULL OR e.created_at >= ${since}::timestamptz)
    ${order} LIMIT ${r.limit}`;
}

/** One page of the feed: newest first without `after`, else in the cursor's direction from its event. */
export async function listEvents(tx: SqlTx, tenantId: string, access: FeedAccess, q: FeedQuery): Promise<EventPage> {
  const position = q.after === undefined ? undefined : decodeCursor(q.after);
  const direction: Direction = position?.direction ?? "backward";
  const from = position && (position.eventId === null ? FEED_START : await positionOf(tx, tenantId, access, position.eventId));
  const rows = await readFeed(tx, tenantId, access, { filter: q, from, direction, limit: q.limit + 1 });
  const data = rows.slice(0, q.limit).map(toEvent);
  const has_more = rows.length > q.limit;
  const last = data.at(-1);
  // Oldest first, the cursor stays usable at the end: polling it returns what commits later.
  const next_cursor =
    direction === "forward"
      ? encodeCursor({ direction, eventId: last?.id ?? position!.eventId })
      : has_more && last
        ? encodeCursor({ direction, eventId: last.id })
        : null;
  return { data, next_cursor, has_more };
}

/** An event of the stream: what its SSE frame carries, and where it sits. */
export interface StreamedEvent {
  id: string;
  type: string;
  payload: string;
  position: FeedPosition;
}

/** The stream's next events after `from`, oldest first, with the payload text exactly as stored. */
export async function streamAfter(
  tx: SqlTx,
  tenantId: string,
  access: FeedAccess,
  filter: FeedRead["filter"],
  from: FeedPosition,
  limit: number,
): Promise<StreamedEvent[]> {
  const rows = await readFeed(tx, tenantId, access, { filter, from, direction: "forward", limit });
  return rows.map((r) => ({ id: r.id, type: r.event, payload: r.payload, position: { tx_id: r.tx_id, id: r.id } }));
}

/**
 * Where a live stream starts: after the newest settled event the caller may see, whose id it is
 * told first (so that it resumes from there), or the beginning when it sees none yet (`start`):
 * every event it could see later comes after that point either way.
 */
export async function feedTail(tx: SqlTx, tenantId: string, access: FeedAccess): Promise<{ position: FeedPosition; cursor: string }> {
  const [newest] = await readFeed(tx, tenantId, access, { filter: {}, direction: "backward", limit: 1 });
  if (!newest) return { position: FEED_START, cursor: FEED_START_CURSOR };
  return { position: { tx_id: newest.tx_id, id: newest.id }, cursor: newest.id };
}

/**
 * Whether committed events past `from` are still held back by an older transaction that is still
 * running: that transaction's commit may notify nobody (it need not write events), so a stream
 * looks again shortly rather than at its next notification.
 */
export async function eventsHeldBack(tx: SqlTx, tenantId: string, from: FeedPosition): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ held: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM outbox_event e
                   WHERE e.tenant_id = ${tenantId}::uuid AND (e.tx_id, e.id) > (${from.tx_id}::bigint, ${from.id}::uuid)) AS held`;
  return row?.held ?? false;
}

/** The cursor's event, as the caller may see it: unknown, gone past retention or not theirs to see, it is refused alike. */
export async function positionOf(tx: SqlTx, tenantId: string, access: FeedAccess, eventId: string): Promise<FeedPosition> {
  const [row] = await tx.$queryRaw<FeedPosition[]>`
    SELECT e.tx_id::text, e.id::text FROM outbox_event e
    WHERE e.tenant_id = ${tenantId}::uuid AND e.id = ${eventId}::uuid AND ${visible(access)}`;
  if (!row)
    throw invalid("after: no such event (events are kept EVENTS_RETENTION_DAYS days; a cursor names one you can read)", [
      { path: "after", message: "names no event" },
    ]);
  return row;
}

/** One event the caller may see, or 404 as for one that does not exist. */
export async function getEvent(tx: SqlTx, tenantId: string, access: FeedAccess, id: string): Promise<EventOut> {
  const [row] = await tx.$queryRaw<EventRow[]>`
    SELECT e.id::text, e.event, e.object_api_name, e.record_id::text, e.payload, e.created_at
    FROM outbox_event e WHERE e.tenant_id = ${tenantId}::uuid AND e.id = ${id}::uuid AND ${visible(access)}`;
  if (!row) throw notFound("Event");
  return toEvent(row);
}

/**
 * `events` became a path word (the events API) after objects could take it as a name. A tenant
 * whose live object is still called so gets a 409 from the events paths rather than an answer of
 * another shape where its integrations expect its records (README "Events").
 */
export function assertNoObjectNamedEvents(liveObjects: readonly { apiName: string }[]): void {
  if (liveObjects.some((o) => o.apiName === "events"))
    throw new AppError(
      "conflict",
      "This organization has an object named 'events', created before /api/v1/events became the events API. Its records stay " +
        "readable at /api/v1/data/events, through MCP and in the app; an admin archives it (or moves its records to an object of " +
        "another name) to use the events API here",
    );
}
