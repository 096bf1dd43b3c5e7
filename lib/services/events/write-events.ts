import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { uuidV7AtDatabaseTime } from "@/lib/ids/uuid-v7.ts";
import type { EventPayload } from "./payloads.ts";

/**
 * The channel the outbox trigger notifies at the commit of events that someone waits for (a tenant
 * with an active webhook or an open event stream; the payload names the tenant): the webhook
 * dispatchers and the event streams listen on it (the webhooks and events_stream migrations).
 */
export const OUTBOX_CHANNEL = "outbox_event";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event as its producer describes it; the writer adds tenantId and timestamp. */
export type NewEvent = DistributiveOmit<EventPayload, "tenantId" | "timestamp">;

/**
 * Writes events of any kind of the catalog to the outbox, in the caller's transaction: they exist
 * exactly when the change they describe commits, and a dispatcher drains them in (created_at, id)
 * order. One statement for any number of events. `stamp` is the change's time (record writes pass
 * their change stamp, so that timestamp equals the record's updated_at); events of one call get
 * ascending ids in the order given.
 */
export async function writeEvents(tx: SqlTx, tenantId: string, events: readonly NewEvent[], stamp: Date): Promise<void> {
  const statement = eventsInsert(tenantId, events, stamp);
  if (statement) await tx.$executeRaw(statement);
}

/** The statement writeEvents runs, to run together with the change it describes (record-store.ts oneStatement). */
export function eventsInsert(tenantId: string, events: readonly NewEvent[], stamp: Date): Prisma.Sql | undefined {
  if (!events.length) return undefined;
  const timestamp = stamp.toISOString();
  // One stamp: the sequence's ids follow each other, but a stamp over a second behind its last (a
  // clock set back) gets random tails; sorting keeps the events' order then too.
  const ids = events.map(() => uuidV7AtDatabaseTime(stamp.getTime())).sort();
  const payloads = events.map(({ event, ...rest }) => JSON.stringify({ event, tenantId, ...rest, timestamp }));
  return Prisma.sql`
    INSERT INTO outbox_event (tenant_id, id, event, object_api_name, record_id, payload, created_at)
    SELECT ${tenantId}::uuid, u.id, u.event, u.object_api_name, u.record_id, u.payload, ${stamp}
    FROM unnest(${ids}::uuid[], ${events.map((e) => e.event)}::text[], ${events.map((e) => e.objectApiName)}::text[],
                ${events.map((e) => e.recordId)}::uuid[], ${payloads}::text[]) AS u(id, event, object_api_name, record_id, payload)`;
}
