// GET /api/v1/events and /api/v1/events/{id}: the tenant's events as its webhooks are sent them (MCP list_events)
import { z } from "zod";
import { assertObjectAccess, assertWebhookManager } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { eventFilterSchema, eventPageSchema, eventSchema } from "@/lib/schemas/events.ts";
import { assertNoObjectNamedEvents, getEvent, listEvents, type FeedAccess } from "@/lib/services/events/feed.ts";
import { listObjectSummaries } from "@/lib/services/records/object-schema.ts";
import { defineOperation, READS, TOOL_PAGE_SIZE } from "../define.ts";

const allows = (check: () => void): boolean => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};

/**
 * What the caller sees of the feed: events of the objects whose records it may read, by the same
 * rules as reading them (key object scopes, the role, a token's read scopes), and test sends if it
 * manages webhooks (a token: granted webhooks:manage). The rest is absent, never redacted.
 */
export async function feedAccess(tx: SqlTx, p: Principal): Promise<FeedAccess> {
  const objects = await listObjectSummaries(tx, p.tenantId);
  assertNoObjectNamedEvents(objects);
  const c = p.credential;
  return {
    readableObjects: objects.map((o) => o.apiName).filter((name) => allows(() => assertObjectAccess(p, name, "read"))),
    testEvents: allows(() => assertWebhookManager(p)) && (c.kind !== "oauth" || c.scopes.includes("webhooks:manage")),
  };
}

const WHO =
  "A credential sees the events of records it may read (its key's objects, its role, a token's read scopes; tokens also need " +
  "events:read); the others are absent, not redacted. Kept EVENTS_RETENTION_DAYS days (30).";

export const listEventsOp = defineOperation({
  name: "events.list",
  summary: "List events",
  description:
    "The tenant's events, with the exact payload each webhook delivery carries: record, flow and approval events. Newest first; or, " +
    "with `after` set to an event's id or a `next_cursor`, in that cursor's order — from an event id, oldest first, so that a " +
    "receiver that was down replays what it missed and then polls for what comes next. Paging is stable while writes go on: no event " +
    `is skipped or repeated across pages. ${WHO}`,
  scope: "events:read",
  http: { method: "GET", path: "/events" },
  mcp: {
    tool: "list_events",
    title: "List events",
    description:
      "Lists what happened in the CRM as events (record.created, record.updated, flow.* and approval.* events), each with the record " +
      `data at that moment. Newest first, ${TOOL_PAGE_SIZE} per page unless \`limit\` says otherwise; narrow with \`types\`, ` +
      "`objectApiName` and `created_since` (ISO 8601). Pass `next_cursor` as `after` for the next page; pass an event's id as `after` " +
      "for the events after it, oldest first. Only events of records this connection may read.",
    annotations: READS,
    rename: { type: "types" },
    defaults: { limit: TOOL_PAGE_SIZE },
  },
  input: z.object(eventFilterSchema),
  output: eventPageSchema,
  errors: ["invalid_request", "insufficient_scope", "conflict"],
  authorize: () => undefined,
  run: async ({ tx, principal }, filter) => listEvents(tx, principal.tenantId, await feedAccess(tx, principal), filter),
});

export const getEventOp = defineOperation({
  name: "events.get",
  summary: "Get an event",
  description: `One event by id (the x-service-event-id header of its deliveries), with its exact payload. ${WHO}`,
  scope: "events:read",
  http: { method: "GET", path: "/events/{id}" },
  input: z.object({ id: z.uuid().describe("The event's id") }),
  output: eventSchema,
  errors: ["not_found", "insufficient_scope", "conflict"],
  authorize: () => undefined,
  run: async ({ tx, principal }, { id }) => getEvent(tx, principal.tenantId, await feedAccess(tx, principal), id),
});
