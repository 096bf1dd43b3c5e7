// /api/v1/approvals: approval requests, and deciding them (spec 6.1 approval.* events)
import { z } from "zod";
import { assertKeyMay, canSeeObject } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { approvalListSchema, approvalPageSchema, approvalSchema, decisionSchema } from "@/lib/schemas/approvals.ts";
import { decide, getApproval, listApprovals } from "@/lib/services/approvals/requests.ts";
import { listObjectSummaries } from "@/lib/services/records/object-schema.ts";
import { defineOperation } from "../define.ts";

const ref = z.object({ id: z.uuid({ error: "must be the id (a uuid) of an approval request" }).describe("The approval request's id") });

/** A read-only key decides nothing: refused before the request is looked up. */
const notReadOnly = (p: Principal): void => assertKeyMay(p, "update");

export const listApprovalsOp = defineOperation({
  name: "approvals.list",
  summary: "List approval requests",
  description:
    "Approval requests, newest first, with the exact total: filter by status, object and record, or `mine=true` for those the caller " +
    "may decide. Only requests about records of objects the caller may read.",
  scope: "approvals:read",
  http: { method: "GET", path: "/approvals" },
  input: approvalListSchema,
  output: approvalPageSchema,
  errors: ["invalid_request", "insufficient_scope"],
  authorize: () => undefined,
  async run({ tx, principal }, q) {
    const objects = (await listObjectSummaries(tx, principal.tenantId)).map((o) => o.apiName).filter((o) => canSeeObject(principal, o));
    return listApprovals(tx, principal.tenantId, principal.userId, objects, q);
  },
});

export const getApprovalOp = defineOperation({
  name: "approvals.get",
  summary: "Get an approval request",
  description: "One approval request: its status, approvers, decision, the record it is about and what it locks.",
  scope: "approvals:read",
  http: { method: "GET", path: "/approvals/{id}" },
  input: ref,
  output: approvalSchema,
  errors: ["not_found", "api_key_object_denied", "permission_denied", "insufficient_scope"],
  authorize: () => undefined,
  run: ({ tx, principal }, { id }) => getApproval(tx, { actor: principal, id }),
});

const decisionOp = (decision: "approved" | "rejected") =>
  defineOperation({
    name: decision === "approved" ? "approvals.approve" : "approvals.reject",
    summary: decision === "approved" ? "Approve" : "Reject",
    description:
      `${decision === "approved" ? "Approves" : "Rejects"} a pending request as the credential's user, with an optional comment; ` +
      `approval.${decision} is sent to webhooks and the record's locked fields are free again. Only the request's approvers may ` +
      "decide (403); decisions are final: a request already decided answers 409. Keys must not be read-only; OAuth tokens need approvals:write.",
    scope: "approvals:write",
    http: {
      method: "POST",
      path: `/approvals/{id}/${decision === "approved" ? "approve" : "reject"}`,
      body: "decision",
      optionalBody: true,
    },
    input: ref.extend({ decision: decisionSchema.default({}) }),
    output: approvalSchema,
    errors: [
      "invalid_request",
      "not_found",
      "conflict",
      "api_key_read_only",
      "api_key_object_denied",
      "permission_denied",
      "insufficient_scope",
    ],
    authorize: notReadOnly,
    run: ({ tx, principal }, { id, decision: body }) => decide(tx, { actor: principal, id, decision, comment: body.comment }),
  });

export const approveOp = decisionOp("approved");
export const rejectOp = decisionOp("rejected");
