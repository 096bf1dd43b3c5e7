// /api/v1/flows/{id}/enrollments: records going through a flow
import { z } from "zod";
import { assertKeyMay, assertObjectAccess } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { enrollmentListSchema, enrollmentPageSchema, enrollmentSchema, enrollRequestSchema } from "@/lib/schemas/flows.ts";
import { enroll, listEnrollments, recordEnrollments, stopEnrollment } from "@/lib/services/flows/enrollments.ts";
import { findFlowRow } from "@/lib/services/flows/flows.ts";
import { defineOperation } from "../define.ts";

const flowId = z.uuid({ error: "must be the id (a uuid) of a flow" }).describe("The flow's id");
const WRITE_ERRORS = ["api_key_read_only", "api_key_object_denied", "permission_denied", "insufficient_scope"] as const;
const WHO =
  "The caller must be able to read the flow's object and its role to update it; keys must not be read-only; OAuth tokens need " +
  "flows:write and read access to the object.";

/** A read-only key never enrolls, whatever the flow: refused before the flow is looked up. */
const notReadOnly = (p: Principal): void => assertKeyMay(p, "update");

export const enrollOp = defineOperation({
  name: "flows.enroll",
  summary: "Enroll a record in a flow",
  description:
    "Starts a contact or lead on an active flow: its first step is due at once (flow.enrolled is sent to webhooks). Refused (400) when " +
    "the flow is paused, when the record already goes through it, or when the flow sends email and the person has no valid address or " +
    `unsubscribed. ${WHO}`,
  scope: "flows:write",
  http: { method: "POST", path: "/flows/{id}/enrollments", status: 201, body: "enrollment" },
  input: z.object({ id: flowId, enrollment: enrollRequestSchema }),
  output: enrollmentSchema,
  errors: ["invalid_request", "not_found", ...WRITE_ERRORS],
  authorize: notReadOnly,
  run: ({ tx, principal }, { id, enrollment }) => enroll(tx, { actor: principal, flowId: id, recordId: enrollment.recordId }),
});

export const listEnrollmentsOp = defineOperation({
  name: "flows.enrollments",
  summary: "List a flow's enrollments",
  description:
    "Records going through the flow or done with it, newest first, with the step each is at and why it ended; filter by status and record. " +
    "The caller must be able to read the flow's object.",
  scope: "flows:read",
  http: { method: "GET", path: "/flows/{id}/enrollments" },
  input: enrollmentListSchema.extend({ id: flowId }),
  output: enrollmentPageSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied", "insufficient_scope"],
  authorize: () => undefined,
  async run({ tx, principal }, { id, ...query }) {
    const flow = await findFlowRow(tx, principal.tenantId, id);
    assertObjectAccess(principal, flow.object_api_name, "read");
    return listEnrollments(tx, principal.tenantId, id, query);
  },
});

export const stopEnrollmentOp = defineOperation({
  name: "flows.stopEnrollment",
  summary: "Stop an enrollment",
  description:
    "Ends an active enrollment: no further step runs (flow.completed with reason stopped is sent to webhooks). An enrollment that has " +
    `ended already is answered as it is. ${WHO}`,
  scope: "flows:write",
  http: { method: "POST", path: "/flows/{id}/enrollments/{enrollmentId}/stop" },
  input: z.object({
    id: flowId,
    enrollmentId: z.uuid({ error: "must be the id (a uuid) of an enrollment" }).describe("The enrollment's id"),
  }),
  output: enrollmentSchema,
  errors: ["not_found", ...WRITE_ERRORS],
  authorize: notReadOnly,
  run: ({ tx, principal }, { id, enrollmentId }) => stopEnrollment(tx, { actor: principal, flowId: id, id: enrollmentId }),
});

/** The record page's list: the record's enrollments in every flow (not an API path: the API lists per flow). */
export const recordEnrollmentsOp = defineOperation({
  name: "flows.recordEnrollments",
  summary: "A record's enrollments",
  description: "The record's enrollments in every flow, newest first, with each flow's name.",
  scope: "flows:read",
  input: z.object({ objectApiName: z.string().max(64), recordId: z.uuid() }),
  output: z.object({ data: z.array(enrollmentSchema.extend({ flowName: z.string(), steps: z.number().int() })) }),
  errors: ["api_key_object_denied", "permission_denied"],
  authorize: (p, { objectApiName }) => assertObjectAccess(p, objectApiName, "read"),
  run: async ({ tx, principal }, { objectApiName, recordId }) => ({
    data: await recordEnrollments(tx, principal.tenantId, objectApiName, recordId),
  }),
});
