import { z } from "zod";
import { boundedInt } from "./query.ts";
import { storableText } from "./text.ts";

export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
export const LOCK_MODES = ["fields", "record"] as const;
export const MAX_CONDITIONS = 12;
export const MAX_COMMENT = 2_000;

const apiName = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, "must be an object's apiName");

export const approvalProcessInputSchema = z.strictObject({
  objectApiName: apiName,
  name: storableText().trim().min(1, "is required").max(120, "must be at most 120 characters"),
  conditions: z
    .array(storableText().trim().min(1, "is required").max(300, "must be at most 300 characters"), { error: "must be a list of filters" })
    .min(1, "must have at least one condition")
    .max(MAX_CONDITIONS, `must have at most ${MAX_CONDITIONS} conditions`),
  approver: z.union([z.strictObject({ userId: z.uuid({ error: "must be the id of a user" }) }), z.strictObject({ role: apiName })], {
    error: "must be {userId} or {role}",
  }),
  lockMode: z.enum(LOCK_MODES, { error: "must be fields or record" }),
});
export type ApprovalProcessInput = z.output<typeof approvalProcessInputSchema>;

export const approvalProcessSchema = z.object({
  id: z.string(),
  objectApiName: z.string(),
  name: z.string(),
  conditions: z.array(z.string()),
  approver: z.object({ userId: z.string().nullable(), role: z.string().nullable() }),
  lockMode: z.enum(LOCK_MODES),
  created_at: z.string(),
});
export type ApiApprovalProcess = z.output<typeof approvalProcessSchema>;

/** An approval request as every surface returns it, and as approval events carry it (`request`). */
export const approvalRequestSchema = z
  .object({
    id: z.string().describe("The request's id (uuid)"),
    status: z.enum(APPROVAL_STATUSES).describe("pending until an approver decides; approved and rejected are final"),
    requestedBy: z.string().nullable().describe("The user whose change or submission opened it (uuid); null for the server's own writes"),
    approvers: z
      .array(z.string())
      .describe("The users who may decide (uuids): the process's approver, or everyone with its role when it was requested"),
    decidedBy: z.string().nullable().describe("The approver who decided (uuid); null while pending"),
    comment: z.string().nullable().describe("The approver's comment with the decision"),
    created_at: z.string().describe("When it was requested (ISO 8601 UTC)"),
    decided_at: z.string().nullable().describe("When it was decided (ISO 8601 UTC); null while pending"),
  })
  .meta({ id: "ApprovalRequest", description: "A request for approval of a record." });

export const approvalSchema = approvalRequestSchema
  .extend({
    objectApiName: z.string().describe("The subject record's object"),
    recordId: z.string().describe("The subject record (uuid)"),
    processName: z.string().nullable().describe("The approval process that asked for it"),
    lockedFields: z.array(z.string()).nullable().describe("The fields that refuse changes while it is pending; null: the whole record"),
    requested: z
      .record(z.string(), z.unknown())
      .describe("The requested change: the record's values of the locked (or condition) fields when it was requested"),
  })
  .meta({ id: "Approval", description: "An approval request with its subject record and what it locks." });
export type ApiApproval = z.output<typeof approvalSchema>;

export const approvalListSchema = z.object({
  status: z
    .enum(APPROVAL_STATUSES, { error: `must be one of ${APPROVAL_STATUSES.join(", ")}` })
    .optional()
    .describe("Only requests with this status"),
  object: apiName.optional().describe("Only requests about records of this object"),
  record: z.uuid({ error: "must be a record's id (a uuid)" }).optional().describe("Only requests about this record"),
  mine: z.boolean({ error: "must be true or false" }).default(false).describe("Only requests the caller may decide"),
  limit: boundedInt(1, 100, "must be an integer from 1 to 100").default(50).describe("Requests per page"),
  offset: boundedInt(0, 100_000, "must be a non-negative integer (at most 100000)").default(0).describe("Requests to skip"),
});
export type ApprovalListParams = z.output<typeof approvalListSchema>;

export const approvalPageSchema = z
  .object({ data: z.array(approvalSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: "ApprovalPage" });

export const decisionSchema = z
  .strictObject({
    comment: storableText()
      .trim()
      .max(MAX_COMMENT, `must be at most ${MAX_COMMENT} characters`)
      .optional()
      .describe("Why, for the requester and the record's history"),
  })
  .meta({ id: "ApprovalDecision" });
