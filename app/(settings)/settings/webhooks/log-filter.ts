import { isUuid } from "@/lib/ids/uuid.ts";
import { FEED_EVENT_TYPES, type EventName, type TestEventName } from "@/lib/schemas/event-names.ts";

type Search = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** The log's filters from the page's query string; values that mean nothing are dropped rather than refused. */
export function logFilter(search: Search) {
  const webhook = one(search.webhook);
  const event = one(search.event);
  const outcome = one(search.outcome);
  const after = one(search.after);
  return {
    webhookId: webhook && isUuid(webhook) ? webhook : undefined,
    event: event && (FEED_EVENT_TYPES as readonly string[]).includes(event) ? (event as EventName | TestEventName) : undefined,
    outcome: outcome === "success" || outcome === "failure" ? (outcome as "success" | "failure") : undefined,
    starting_after: after && isUuid(after) ? after : undefined,
  };
}
