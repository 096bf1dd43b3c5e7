// Settings → Approvals (admins, in the browser), and "Submit for approval" on a record's page
import { z } from "zod";
import { assertAdmin, assertRecordAccess } from "@/lib/auth/access.ts";
import { approvalProcessInputSchema, approvalProcessSchema, approvalSchema } from "@/lib/schemas/approvals.ts";
import { approverChoices, deleteProcess, listProcesses, saveProcess } from "@/lib/services/approvals/processes.ts";
import { listApprovals, submitForApproval } from "@/lib/services/approvals/requests.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { defineOperation } from "../define.ts";

export const listProcessesOp = defineOperation({
  name: "approvals.processes",
  summary: "Approval processes",
  description: "The tenant's approval processes, one per object, and who can be an approver.",
  scope: "settings:read",
  input: z.object({}),
  output: z.object({
    data: z.array(approvalProcessSchema),
    roles: z.array(z.object({ key: z.string(), name: z.string() })),
    users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  }),
  errors: ["permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }) => ({
    data: await listProcesses(tx, principal.tenantId),
    ...(await approverChoices(tx, principal.tenantId)),
  }),
});

export const saveProcessOp = defineOperation({
  name: "approvals.saveProcess",
  summary: "Save an approval process",
  description: "Creates or replaces an object's approval process.",
  scope: "settings:write",
  input: z.object({ process: approvalProcessInputSchema }),
  output: approvalProcessSchema,
  errors: ["invalid_request", "permission_denied"],
  authorize: assertAdmin,
  run: ({ tx, principal }, { process }) => saveProcess(tx, principal.tenantId, principal.userId, process),
  audit: (_input, p) => ({
    action: "approval_process.saved",
    target: { type: "approval_process", id: p.id, label: p.name },
    details: { object: p.objectApiName },
  }),
});

export const deleteProcessOp = defineOperation({
  name: "approvals.deleteProcess",
  summary: "Delete an approval process",
  description: "Removes an object's approval process; pending requests can still be decided.",
  scope: "settings:write",
  input: z.object({ id: z.uuid() }),
  output: z.null(),
  errors: ["not_found", "permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }, { id }) => {
    await deleteProcess(tx, principal.tenantId, id);
    return null;
  },
  audit: ({ id }) => ({ action: "approval_process.deleted", target: { type: "approval_process", id } }),
});

export const submitForApprovalOp = defineOperation({
  name: "approvals.submit",
  summary: "Submit for approval",
  description: "Opens an approval request for a record of an object with a process, whatever its values (approval.requested).",
  scope: "approvals:write",
  input: z.object({ object: z.string().max(64), recordId: z.uuid() }),
  output: approvalSchema,
  errors: ["invalid_request", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied"],
  authorize: (p, { object }) => assertRecordAccess(p, object, "update"),
  async run({ tx, principal }, { object, recordId }) {
    const schema = await loadObjectSchema(tx, principal.tenantId, object, principal.schemaVersion);
    return submitForApproval(tx, principal.tenantId, principal.userId, schema, recordId);
  },
});

/** The record page's panel: whether the object has a process, and the record's latest requests. */
export const recordApprovalsOp = defineOperation({
  name: "approvals.record",
  summary: "A record's approvals",
  description: "The record's object's approval process (its name), and the record's latest approval requests.",
  scope: "approvals:read",
  input: z.object({ object: z.string().max(64), recordId: z.uuid() }),
  output: z.object({ processName: z.string().nullable(), data: z.array(approvalSchema) }),
  errors: ["not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p, { object }) => assertRecordAccess(p, object, "read"),
  async run({ tx, principal }, { object, recordId }) {
    const schema = await loadObjectSchema(tx, principal.tenantId, object, principal.schemaVersion);
    const page = await listApprovals(tx, principal.tenantId, principal.userId, [schema.apiName], {
      record: recordId,
      mine: false,
      limit: 5,
      offset: 0,
    });
    return { processName: schema.approval?.name ?? null, data: page.data };
  },
});
