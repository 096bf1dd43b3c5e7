import { z } from "zod";
import { DEFAULT_LIMIT, MAX_LIMIT } from "./paging.ts";
import { FEED_EVENT_TYPES, type EventName, type TestEventName } from "./event-names.ts";
import { timestamp } from "./query.ts";

/** How long events stay readable (GET /events, the stream): `EVENTS_RETENTION_DAYS`, 30 unless set. */
export const DEFAULT_EVENTS_RETENTION_DAYS = 30;

/** Event streams (GET /events/stream) one credential may hold open at once, across the instances (stream-slots.ts). */
export const MAX_STREAMS_PER_CREDENTIAL = 5;

/** The longest cursor accepted: ours are under 60 characters. */
const MAX_CURSOR_LENGTH = 200;

export const eventSchema = z
  .object({
    id: z
      .string()
      .describe(
        "The event's id (uuid): the x-service-event-id header of its webhook deliveries, and a cursor for `after` (the events after it)",
      ),
    type: z.enum(FEED_EVENT_TYPES as [EventName | TestEventName, ...(EventName | TestEventName)[]]).describe("The event name"),
    objectApiName: z.string().nullable().describe("The object of the record it concerns (null for webhook.test)"),
    recordId: z.string().nullable().describe("The record it concerns (null for webhook.test)"),
    created_at: z.string().describe("When the change it describes was saved (ISO 8601 UTC)"),
    payload: z
      .record(z.string(), z.unknown())
      .describe("The body its webhook deliveries carry, key for key (see the OpenAPI `webhooks` section for each type)"),
  })
  .meta({ id: "Event", description: "An event of the tenant, as its webhooks are sent it. Kept EVENTS_RETENTION_DAYS days (30)." });

export const eventPageSchema = z
  .object({
    data: z.array(eventSchema),
    next_cursor: z
      .string()
      .nullable()
      .describe(
        "Pass as `after` for the next page, in the same order. Oldest first (`after` given): never null, so that polling with it " +
          "returns the events committed since. Newest first: null on the last page",
      ),
    has_more: z.boolean().describe("Whether more events follow in this order now"),
  })
  .meta({ id: "EventPage" });

export const eventFilterSchema = {
  type: z
    .array(z.enum(FEED_EVENT_TYPES as [EventName | TestEventName, ...(EventName | TestEventName)[]]))
    .max(FEED_EVENT_TYPES.length)
    .optional()
    .describe("Only events of these types (repeat the parameter); webhook.test events are listed only when named here"),
  objectApiName: z.string().max(64).optional().describe("Only events of records of this object"),
  created_since: timestamp().describe("Only events saved at or after this instant (ISO 8601)"),
  after: z
    .string()
    .min(1)
    .max(MAX_CURSOR_LENGTH)
    .optional()
    .describe(
      "A `next_cursor`, to continue its page's order; or an event's id, for the events after it, oldest first. Without it, the newest events come first",
    ),
  limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe(`How many to return (1 to ${MAX_LIMIT})`),
};

export type EventOut = z.input<typeof eventSchema>;
export type EventPage = z.input<typeof eventPageSchema>;
