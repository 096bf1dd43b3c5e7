import { z } from "zod";
import { recordSchema } from "@/lib/schemas/records.ts";
import { EVENT_GROUPS, type EventName } from "./catalog.ts";

/**
 * The body of each event (spec 6.4), as written to the outbox and delivered to webhooks. Every kind
 * names the record it concerns with objectApiName and recordId at the top level, so a receiver can
 * route any event the same way.
 */
const envelope = {
  tenantId: z.string().describe("The organization (tenant) the event belongs to (uuid)"),
  timestamp: z.string().describe("When the change was saved: ISO 8601 UTC with milliseconds. For record events, the record's updated_at"),
};
const objectApiName = z.string().describe("apiName of the record's object");
const recordId = z.string().describe("The record's id (uuid)");

export const recordChangesSchema = z
  .record(
    z.string(),
    z.object({
      from: z.unknown().describe("The value before the update, null when empty"),
      to: z.unknown().describe("The value after it, null when empty"),
    }),
  )
  .meta({
    id: "RecordChanges",
    description:
      "The fields whose stored value this update changed, by apiName, each with its value before and after in the record's API format. " +
      "A field sent with its current value is not listed; neither are system keys (updated_at, ...) nor formula and rollup fields, whose " +
      "values are computed on read and change without any update of the record (see data for their current values). Empty when no value " +
      "changed, e.g. when the record was restored from the trash.",
  });

const recordEvent = {
  ...envelope,
  objectApiName,
  recordId,
  data: recordSchema.describe("The record as the API returns it after the change (formula and rollup fields computed)"),
};

export const recordCreatedEventSchema = z
  .object({ event: z.literal("record.created"), ...recordEvent })
  .meta({ id: "RecordCreatedEvent", description: "A record was created (one event per record, bulk creates included)." });

export const recordUpdatedEventSchema = z
  .object({ event: z.literal("record.updated"), ...recordEvent, changes: recordChangesSchema })
  .meta({
    id: "RecordUpdatedEvent",
    description: "A record was updated or restored from the trash (one event per record, bulk updates included).",
  });

export const flowEventSchema = z
  .object({
    event: z.enum(EVENT_GROUPS.flows),
    ...envelope,
    flowId: z.string().describe("The flow's id (uuid)"),
    flowName: z.string().describe("The flow's name when the event happened"),
    enrollmentId: z.string().describe("The enrollment of the record in the flow (uuid)"),
    objectApiName,
    recordId: recordId.describe("The enrolled record's id (uuid)"),
    data: recordSchema.describe("The enrolled record as the API returns it"),
    meta: z.record(z.string(), z.unknown()).describe("Details of the step or message the event is about; keys depend on the event"),
  })
  .meta({
    id: "FlowEvent",
    description: "A cadence or flow moved an enrolled record: enrolled, message sent, reply received, step completed, flow completed.",
  });

export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;

export const approvalEventSchema = z
  .object({
    event: z.enum(EVENT_GROUPS.approvals),
    ...envelope,
    approvalRequestId: z.string().describe("The approval request's id (uuid)"),
    objectApiName: objectApiName.describe("apiName of the object of the record submitted for approval (the subject)"),
    recordId: recordId.describe("The id of the record submitted for approval (the subject, uuid)"),
    status: z
      .enum(APPROVAL_STATUSES)
      .describe("The request's status after the event: pending for approval.requested, approved or rejected for the decisions"),
  })
  .meta({ id: "ApprovalEvent", description: "An approval request was submitted for a record, or decided." });

/** The payload schema of every event name, for validation and for the OpenAPI `webhooks` section. */
export const EVENT_PAYLOAD_SCHEMAS = {
  "record.created": recordCreatedEventSchema,
  "record.updated": recordUpdatedEventSchema,
  ...(Object.fromEntries(EVENT_GROUPS.flows.map((name) => [name, flowEventSchema])) as Record<
    (typeof EVENT_GROUPS.flows)[number],
    typeof flowEventSchema
  >),
  ...(Object.fromEntries(EVENT_GROUPS.approvals.map((name) => [name, approvalEventSchema])) as Record<
    (typeof EVENT_GROUPS.approvals)[number],
    typeof approvalEventSchema
  >),
} satisfies Record<EventName, z.ZodType>;

export type RecordChanges = z.infer<typeof recordChangesSchema>;
export type EventPayload =
  | z.infer<typeof recordCreatedEventSchema>
  | z.infer<typeof recordUpdatedEventSchema>
  | z.infer<typeof flowEventSchema>
  | z.infer<typeof approvalEventSchema>;
