/**
 * The event catalog (spec 6.1), grouped as the spec groups it. The catalog is complete: there are
 * no deletion events. Webhook subscriptions, payload schemas and the writer all take their names
 * from here.
 */
export const EVENT_GROUPS = {
  records: ["record.created", "record.updated"],
  flows: ["flow.enrolled", "flow.message_sent", "flow.replied", "flow.step_completed", "flow.completed"],
  approvals: ["approval.requested", "approval.approved", "approval.rejected"],
} as const;

export type RecordEventName = (typeof EVENT_GROUPS.records)[number];
export type FlowEventName = (typeof EVENT_GROUPS.flows)[number];
export type ApprovalEventName = (typeof EVENT_GROUPS.approvals)[number];
export type EventName = RecordEventName | FlowEventName | ApprovalEventName;

export const EVENT_NAMES: readonly EventName[] = [...EVENT_GROUPS.records, ...EVENT_GROUPS.flows, ...EVENT_GROUPS.approvals];

/** The spec's preselection (6.1): what a new webhook subscribes to unless told otherwise. */
export const PRESELECTED_EVENTS: readonly EventName[] = ["record.created", "record.updated"];

/**
 * The event a webhook's "Send test event" sends (POST /webhooks/{id}/test): to that webhook only,
 * whatever it subscribes to. Not in the catalog, so nothing subscribes to it; the events feed
 * lists it only when asked for by type.
 */
export const TEST_EVENT = "webhook.test";
export type TestEventName = typeof TEST_EVENT;

/** Every type the events feed can hold. */
export const FEED_EVENT_TYPES: readonly (EventName | TestEventName)[] = [...EVENT_NAMES, TEST_EVENT];
