import { z } from "zod";
import { recordSchema } from "@/lib/schemas/records.ts";
import { APPROVAL_STATUSES, approvalRequestSchema } from "@/lib/schemas/approvals.ts";
import { END_REASONS } from "@/lib/schemas/flows.ts";
import { EVENT_GROUPS, TEST_EVENT, type EventName, type FlowEventName } from "@/lib/schemas/event-names.ts";

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

const step = z.number().int().describe("The step's number in the flow (1-based)");

/** What each flow event's `meta` holds: the step or message it is about. */
export const FLOW_EVENT_META = {
  "flow.enrolled": z.object({
    step: step.describe("The step it starts at: 1"),
    dueAt: z.string().describe("When that step runs (ISO 8601 UTC): at once, or after the wait when the flow starts with one"),
    enrolledById: z.string().nullable().describe("The user who enrolled the record (uuid)"),
  }),
  "flow.message_sent": z.object({
    step,
    messageId: z.string().describe("The email's Message-ID header, with its angle brackets: a reply names it in In-Reply-To"),
    emailId: z.string().describe("The email's id in the email log (uuid)"),
    to: z.string().describe("The address it went to"),
    subject: z.string().describe("The subject, merge fields filled"),
    state: z
      .enum(["queued", "stored"])
      .describe("queued: in the outbox, handed to the SMTP server within seconds; stored: no SMTP server is configured, kept unsent"),
  }),
  "flow.step_completed": z.object({
    step,
    type: z.enum(["email", "wait", "task"]).describe("The kind of step"),
    dueAt: z.string().describe("When the step was due (ISO 8601 UTC); the event's timestamp is when it ran"),
    messageId: z.string().optional().describe("Email steps: the message's Message-ID"),
    activityId: z.string().optional().describe("Task steps: the task (activity) created (uuid)"),
    minutes: z.number().int().optional().describe("Wait steps: how long it waited"),
  }),
  "flow.replied": z.object({
    step: step.describe("The email step whose message was answered"),
    messageId: z.string().describe("Our message's Message-ID, which the reply named"),
    replyMessageId: z.string().nullable().describe("The reply's own Message-ID"),
    from: z.string().nullable().describe("The reply's From address"),
    subject: z.string().nullable().describe("The reply's subject"),
    receivedAt: z.string().describe("When the reply came in (ISO 8601 UTC)"),
  }),
  "flow.completed": z.object({
    reason: z
      .enum(END_REASONS)
      .describe(
        "finished: every step ran; stopped: someone stopped it; replied: the person replied to a flow email; unsubscribed: they " +
          "unsubscribed (at once), or an email step found them unsubscribed; no_email_address: an email step found no valid address; record_deleted: the record went to the trash; " +
          "failed: a step could not run (see error)",
      ),
    step: step.optional().describe("The step it ended at, for unsubscribed, no_email_address and failed"),
    error: z.string().optional().describe("failed: why"),
    stoppedById: z.string().optional().describe("stopped: the user who stopped it (uuid)"),
  }),
} as const satisfies Record<FlowEventName, z.ZodObject>;
export type FlowEventMeta<E extends FlowEventName> = z.input<(typeof FLOW_EVENT_META)[E]>;

const FLOW_EVENT_DESCRIPTIONS: Record<FlowEventName, string> = {
  "flow.enrolled":
    "A contact or lead was enrolled in a flow (Settings, the record page, a list selection or POST /flows/{id}/enrollments).",
  "flow.message_sent": "An email step of a flow put its message in the outbox, for the enrolled person.",
  "flow.step_completed":
    "A step of a flow ran for an enrolled record (an email step right after flow.message_sent; a wait step when the wait ended).",
  "flow.replied":
    "The enrolled person replied to a flow's email (matched by In-Reply-To/References at POST /api/v1/email/inbound); the enrollment stops, and flow.completed follows.",
  "flow.completed": "An enrollment ended: every step ran, or it stopped (meta.reason says why).",
};

const flowEventSchemaOf = <E extends FlowEventName>(event: E) =>
  z
    .object({
      event: z.literal(event),
      ...envelope,
      flowId: z.string().describe("The flow's id (uuid)"),
      flowName: z.string().describe("The flow's name when the event happened"),
      enrollmentId: z.string().describe("The enrollment of the record in the flow (uuid)"),
      objectApiName: objectApiName.describe("contact or lead"),
      recordId: recordId.describe("The enrolled record's id (uuid)"),
      data: recordSchema.describe("The enrolled record as the API returns it"),
      meta: FLOW_EVENT_META[event],
    })
    .meta({
      id: `Flow${event
        .slice(5)
        .split("_")
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join("")}Event`,
      description: FLOW_EVENT_DESCRIPTIONS[event],
    });

export const FLOW_EVENT_SCHEMAS = {
  "flow.enrolled": flowEventSchemaOf("flow.enrolled"),
  "flow.message_sent": flowEventSchemaOf("flow.message_sent"),
  "flow.step_completed": flowEventSchemaOf("flow.step_completed"),
  "flow.replied": flowEventSchemaOf("flow.replied"),
  "flow.completed": flowEventSchemaOf("flow.completed"),
};

export const approvalEventSchema = z
  .object({
    event: z.enum(EVENT_GROUPS.approvals),
    ...envelope,
    objectApiName: objectApiName.describe("apiName of the object of the record submitted for approval (the subject)"),
    recordId: recordId.describe("The id of the record submitted for approval (the subject, uuid)"),
    status: z
      .enum(APPROVAL_STATUSES)
      .describe("The request's status after the event: pending for approval.requested, approved or rejected for the decisions"),
    request: approvalRequestSchema.describe("The approval request after the event"),
    subject: z
      .object({
        objectApiName,
        recordId,
        data: recordSchema.describe("The record as the API returns it when the event happened"),
      })
      .describe("The record the request is about"),
  })
  .meta({
    id: "ApprovalEvent",
    description:
      "An approval request was opened for a record (approval.requested: it entered its object's approval condition, or was submitted), " +
      "or decided (approval.approved, approval.rejected).",
  });

/** What "Send test event" delivers (POST /webhooks/{id}/test): to that webhook only, whatever it subscribes to. */
export const testEventSchema = z
  .object({
    event: z.literal(TEST_EVENT),
    ...envelope,
    webhookId: z.string().describe("The webhook it was sent to (uuid)"),
    data: z.object({ message: z.string().describe("What this event is") }),
  })
  .meta({
    id: "WebhookTestEvent",
    description:
      'Sent by a webhook\'s "Send test event" (Settings → Webhooks, or POST /api/v1/webhooks/{id}/test) to that webhook only, ' +
      "signed and delivered like any event. Listed by GET /api/v1/events only when asked for with type=webhook.test.",
  });
export type TestEventPayload = z.infer<typeof testEventSchema>;

/** The payload schema of every event name, for validation and for the OpenAPI `webhooks` section. */
export const EVENT_PAYLOAD_SCHEMAS = {
  "record.created": recordCreatedEventSchema,
  "record.updated": recordUpdatedEventSchema,
  ...FLOW_EVENT_SCHEMAS,
  ...(Object.fromEntries(EVENT_GROUPS.approvals.map((name) => [name, approvalEventSchema])) as Record<
    (typeof EVENT_GROUPS.approvals)[number],
    typeof approvalEventSchema
  >),
} satisfies Record<EventName, z.ZodType>;

export type RecordChanges = z.infer<typeof recordChangesSchema>;
export type EventPayload =
  | z.infer<typeof recordCreatedEventSchema>
  | z.infer<typeof recordUpdatedEventSchema>
  | z.infer<(typeof FLOW_EVENT_SCHEMAS)[FlowEventName]>
  | z.infer<typeof approvalEventSchema>;
