import { z } from "zod";
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET } from "./paging.ts";
import { boundedInt } from "./query.ts";
import { instantSchema as instant, storableText } from "./text.ts";

/** An instant (./text.ts), exported for tests. */
export const instantSchema = instant();

export const ACTIVITY_TYPES = ["task", "call", "email", "meeting", "note"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Text limits: a subject is a line, a body a long note or an email's text, an outcome a sentence or two. */
export const MAX_SUBJECT = 255;
export const MAX_ACTIVITY_BODY = 20_000;
export const MAX_OUTCOME = 2_000;

const typeSchema = z.enum(ACTIVITY_TYPES, { error: `must be one of ${ACTIVITY_TYPES.join(", ")}` });

const uuidSchema = (what: string) => z.uuid({ error: `must be the id (a uuid) of ${what}` });

const text = storableText;

const subjectSchema = text().trim().min(1, "is required").max(MAX_SUBJECT, `must be at most ${MAX_SUBJECT} characters`);
const bodySchema = text().max(MAX_ACTIVITY_BODY, `must be at most ${MAX_ACTIVITY_BODY} characters`).nullable();
const outcomeSchema = text().trim().max(MAX_OUTCOME, `must be at most ${MAX_OUTCOME} characters`).nullable();

/** An activity as every surface returns it (DESIGN.md's field names). */
export const activitySchema = z
  .object({
    id: z.string().describe("uuid"),
    type: typeSchema,
    subject: z.string(),
    body: z.string().nullable(),
    due_at: z.string().nullable().describe("ISO 8601 UTC; when a task or call is due, a meeting starts"),
    completed_at: z.string().nullable().describe("ISO 8601 UTC; null while open"),
    outcome: z.string().nullable().describe("What came of it, e.g. a call's result"),
    assignee_id: z.string().nullable().describe("The user (id) it is assigned to"),
    record_id: z.string().describe("The record it belongs to"),
    objectApiName: z.string().describe("The object of that record"),
    owner_id: z.string().nullable().describe("The user who created it"),
    created_at: z.string().describe("ISO 8601 UTC"),
    updated_at: z.string().describe("ISO 8601 UTC"),
  })
  .meta({ id: "Activity", description: "A task, call, email, meeting or note on a record of any object." });
export type ApiActivity = z.output<typeof activitySchema>;

export const activityPageSchema = z
  .object({ data: z.array(activitySchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: "ActivityPage" });
export type ActivityPage = z.output<typeof activityPageSchema>;

export const activityCreateSchema = z
  .strictObject({
    type: typeSchema.describe("task, call, email, meeting or note"),
    subject: subjectSchema.describe(`A one-line title (at most ${MAX_SUBJECT} characters)`),
    body: bodySchema.optional().describe(`Details, notes or the email's text (at most ${MAX_ACTIVITY_BODY} characters)`),
    due_at: instantSchema.nullable().optional().describe("When it is due (ISO 8601 with a time zone)"),
    completed_at: instantSchema.nullable().optional().describe("When it was done; omit for an open task"),
    outcome: outcomeSchema.optional().describe("What came of it"),
    assignee_id: uuidSchema("a user of the tenant").nullable().optional().describe("The user it is assigned to; none when omitted"),
    record_id: uuidSchema("a record").describe("The record it belongs to"),
    objectApiName: text()
      .min(1, "is required")
      .max(64, "must be at most 64 characters")
      .describe("The apiName of that record's object, e.g. contact"),
  })
  .meta({ id: "ActivityCreate" });
export type ActivityCreate = z.output<typeof activityCreateSchema>;

export const activityChangesSchema = z
  .strictObject({
    type: typeSchema.optional().describe("Correct the type: task, call, email, meeting or note"),
    subject: subjectSchema.optional().describe(`A new one-line title (at most ${MAX_SUBJECT} characters)`),
    body: bodySchema.optional().describe("New details (null clears them)"),
    due_at: instantSchema.nullable().optional().describe("Reschedule (null clears it)"),
    completed: z.boolean({ error: "must be true or false" }).optional().describe("true completes it now, false reopens it"),
    completed_at: instantSchema.nullable().optional().describe("When it was done (null reopens it)"),
    outcome: outcomeSchema.optional().describe("Record the outcome"),
    assignee_id: uuidSchema("a user of the tenant").nullable().optional().describe("Reassign (null unassigns)"),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), "change at least one field")
  .refine((c) => c.completed === undefined || c.completed_at === undefined, "send completed or completed_at, not both")
  .meta({ id: "ActivityChanges", description: "Only the fields sent change; the record an activity belongs to never does." });
export type ActivityChanges = z.output<typeof activityChangesSchema>;

export const ACTIVITY_ORDER_FIELDS = ["created_at", "updated_at", "due_at", "completed_at"] as const;
export const ACTIVITY_STATUSES = ["open", "completed", "overdue"] as const;

export const activityListSchema = z.object({
  recordId: uuidSchema("a record").optional().describe("Only this record's activities (its timeline)"),
  objectApiName: z.string().max(64).optional().describe("The object of recordId (optional; checked when given)"),
  type: typeSchema.optional().describe("Only this type"),
  assignee: z
    .string()
    .regex(/^(me|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/, "must be a user id (a uuid) or me")
    .optional()
    .describe("Only activities assigned to this user (id), or to the caller (me)"),
  status: z
    .enum(ACTIVITY_STATUSES, { error: `must be one of ${ACTIVITY_STATUSES.join(", ")}` })
    .optional()
    .describe("open (not completed), completed, or overdue (open and due before now)"),
  due_before: instantSchema.optional().describe("Only activities due strictly before this instant"),
  due_after: instantSchema.optional().describe("Only activities due strictly after this instant"),
  limit: boundedInt(1, MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`).default(DEFAULT_LIMIT).describe("Activities per page"),
  offset: boundedInt(0, MAX_OFFSET, `must be a non-negative integer (at most ${MAX_OFFSET})`).default(0).describe("Activities to skip"),
  order: z
    .string()
    .regex(
      new RegExp(`^(${ACTIVITY_ORDER_FIELDS.join("|")}):(asc|desc)$`),
      `must be <field>:asc or <field>:desc with a field among ${ACTIVITY_ORDER_FIELDS.join(", ")}`,
    )
    .default("created_at:desc")
    .describe(`\`<field>:asc\` or \`<field>:desc\`, field among ${ACTIVITY_ORDER_FIELDS.join(", ")}; empty values last; id breaks ties`),
});
export type ActivityListParams = z.output<typeof activityListSchema>;
