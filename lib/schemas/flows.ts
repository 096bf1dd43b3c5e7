import { z } from "zod";
import { MARKETING_OBJECTS } from "./marketing.ts";
import { boundedInt } from "./query.ts";
import { storableText } from "./text.ts";

/** Flows enroll people with an email address: contacts and leads. */
export const FLOW_OBJECTS = MARKETING_OBJECTS;
export const MAX_STEPS = 20;
export const MAX_FLOW_EMAIL_BODY = 20_000;
export const MAX_WAIT_MINUTES = 365 * 24 * 60;
export const FLOW_STATUSES = ["paused", "active"] as const;
export const ENROLLMENT_STATUSES = ["active", "completed", "stopped"] as const;
/** Why an enrollment ended (flow.completed meta.reason). */
export const END_REASONS = ["finished", "stopped", "replied", "unsubscribed", "no_email_address", "record_deleted", "failed"] as const;
export type EndReason = (typeof END_REASONS)[number];

const line = (max: number) =>
  storableText()
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !/[\r\n]/.test(s), "must be one line");

const emailStep = z
  .strictObject({
    type: z.literal("email"),
    subject: line(255).describe("One line; merge fields such as {{first_name}} are filled from the record"),
    body: storableText()
      .min(1, "is required")
      .max(MAX_FLOW_EMAIL_BODY, `must be at most ${MAX_FLOW_EMAIL_BODY} characters`)
      .describe("HTML or plain text, with merge fields; sanitised, with an unsubscribe footer"),
  })
  .describe("Send an email to the record's address");

const waitStep = z
  .strictObject({
    type: z.literal("wait"),
    minutes: boundedInt(1, MAX_WAIT_MINUTES, `must be a whole number of minutes from 1 to ${MAX_WAIT_MINUTES} (a year)`),
  })
  .describe("Wait before the next step");

const taskStep = z
  .strictObject({
    type: z.literal("task"),
    subject: line(255).describe("The task's title"),
    body: storableText().max(2_000, "must be at most 2000 characters").optional().describe("Details"),
    dueInDays: boundedInt(0, 365, "must be a whole number of days from 0 to 365")
      .default(0)
      .describe("Due this many days after the step runs"),
  })
  .describe("Create a task (an activity) on the record, assigned to whoever enrolled it");

export const flowStepSchema = z.discriminatedUnion("type", [emailStep, waitStep, taskStep], {
  error: "must be a step whose type is email, wait or task",
});
export type FlowStep = z.output<typeof flowStepSchema>;
export const flowStepsSchema = z
  .array(flowStepSchema, { error: "must be a list of steps" })
  .min(1, "must have at least one step")
  .max(MAX_STEPS, `must have at most ${MAX_STEPS} steps`);

const nameSchema = line(120);

export const flowCreateSchema = z.strictObject({
  name: nameSchema,
  objectApiName: z.enum(FLOW_OBJECTS, { error: "must be contact or lead" }),
  steps: flowStepsSchema,
});
export type FlowCreate = z.output<typeof flowCreateSchema>;
export type FlowCreateInput = z.input<typeof flowCreateSchema>;

export const flowChangesSchema = z.strictObject({ name: nameSchema.optional(), steps: flowStepsSchema.optional() });
export type FlowChanges = z.output<typeof flowChangesSchema>;

export const flowSchema = z
  .object({
    id: z.string().describe("uuid"),
    name: z.string(),
    objectApiName: z.enum(FLOW_OBJECTS).describe("What it enrolls: contact or lead"),
    status: z.enum(FLOW_STATUSES).describe("active: steps run and records can be enrolled; paused: nothing runs, enrollments wait"),
    steps: z.array(flowStepSchema).describe("Run in order for each enrolled record"),
    activeEnrollments: z.number().int().describe("Records going through it now"),
    created_at: z.string().describe("ISO 8601 UTC"),
    updated_at: z.string().describe("ISO 8601 UTC"),
  })
  .meta({ id: "Flow", description: "A cadence: ordered email, wait and task steps run for each enrolled contact or lead." });
export type ApiFlow = z.output<typeof flowSchema>;

export const enrollmentSchema = z
  .object({
    id: z.string().describe("uuid"),
    flowId: z.string(),
    objectApiName: z.string(),
    recordId: z.string(),
    status: z.enum(ENROLLMENT_STATUSES).describe("active, completed (every step ran) or stopped (see endReason)"),
    step: z.number().int().describe("The step it is at (1-based); past the last step once completed"),
    dueAt: z.string().nullable().describe("When that step runs (ISO 8601 UTC); null once ended"),
    endReason: z.enum(END_REASONS).nullable().describe("Why it ended; null while active"),
    enrolledById: z.string().nullable().describe("The user who enrolled the record"),
    created_at: z.string().describe("ISO 8601 UTC"),
    ended_at: z.string().nullable().describe("ISO 8601 UTC"),
  })
  .meta({ id: "FlowEnrollment", description: "A record going through a flow." });
export type ApiEnrollment = z.output<typeof enrollmentSchema>;

export const enrollRequestSchema = z
  .strictObject({ recordId: z.uuid({ error: "must be the id (a uuid) of a contact or lead" }).describe("The record to enroll") })
  .meta({ id: "FlowEnrollmentRequest" });

export const enrollmentListSchema = z.object({
  status: z
    .enum(ENROLLMENT_STATUSES, { error: `must be one of ${ENROLLMENT_STATUSES.join(", ")}` })
    .optional()
    .describe("Only enrollments with this status"),
  recordId: z.uuid({ error: "must be the id (a uuid) of a record" }).optional().describe("Only this record's enrollments"),
  limit: boundedInt(1, 100, "must be an integer from 1 to 100").default(50).describe("Enrollments per page"),
  offset: boundedInt(0, 100_000, "must be a non-negative integer (at most 100000)").default(0).describe("Enrollments to skip"),
});
export type EnrollmentListParams = z.output<typeof enrollmentListSchema>;

export const enrollmentPageSchema = z
  .object({ data: z.array(enrollmentSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: "FlowEnrollmentPage" });
