// /api/v1/flows: the company's cadences (read), and Settings → Flows (admins, in the browser)
import { z } from "zod";
import { assertAdmin, assertObjectAccess, canSeeObject } from "@/lib/auth/access.ts";
import { flowChangesSchema, flowCreateSchema, flowSchema, FLOW_STATUSES } from "@/lib/schemas/flows.ts";
import { createFlow, findFlowRow, listFlows, setFlowStatus, toApiFlow, updateFlow } from "@/lib/services/flows/flows.ts";
import { defineOperation } from "../define.ts";

const flowRef = z.object({ id: z.uuid({ error: "must be the id (a uuid) of a flow" }).describe("The flow's id") });
const READ_ERRORS = ["api_key_object_denied", "permission_denied", "insufficient_scope"] as const;

export const listFlowsOp = defineOperation({
  name: "flows.list",
  summary: "List flows",
  description:
    "The company's flows (cadences of email, wait and task steps), oldest first, with their status and the number of records going " +
    "through each. Only flows of objects the caller may read. Flows are built in Settings → Flows.",
  scope: "flows:read",
  http: { method: "GET", path: "/flows" },
  input: z.object({}),
  output: z.object({ data: z.array(flowSchema) }),
  errors: ["insufficient_scope"],
  authorize: () => undefined,
  run: async ({ tx, principal }) => ({ data: await listFlows(tx, principal.tenantId, (o) => canSeeObject(principal, o)) }),
});

export const getFlowOp = defineOperation({
  name: "flows.get",
  summary: "Get a flow",
  description: "One flow with its steps. The caller must be able to read its object (contact or lead).",
  scope: "flows:read",
  http: { method: "GET", path: "/flows/{id}" },
  input: flowRef,
  output: flowSchema,
  errors: ["not_found", ...READ_ERRORS],
  authorize: () => undefined,
  async run({ tx, principal }, { id }) {
    const row = await findFlowRow(tx, principal.tenantId, id);
    assertObjectAccess(principal, row.object_api_name, "read");
    return toApiFlow(row);
  },
});

export const createFlowOp = defineOperation({
  name: "flows.create",
  summary: "Create a flow",
  description: "A new flow, paused until activated.",
  scope: "settings:write",
  input: z.object({ flow: flowCreateSchema }),
  output: flowSchema,
  errors: ["invalid_request", "permission_denied"],
  authorize: assertAdmin,
  run: ({ tx, principal }, { flow }) => createFlow(tx, principal.tenantId, principal.userId, flow),
  audit: (_input, f) => ({ action: "flow.created", target: { type: "flow", id: f.id, label: f.name } }),
});

export const updateFlowOp = defineOperation({
  name: "flows.update",
  summary: "Change a flow",
  description: "Renames it, or replaces its steps while it is paused.",
  scope: "settings:write",
  input: flowRef.extend({ changes: flowChangesSchema }),
  output: flowSchema,
  errors: ["invalid_request", "not_found", "permission_denied"],
  authorize: assertAdmin,
  run: ({ tx, principal }, { id, changes }) => updateFlow(tx, principal.tenantId, id, changes),
  audit: ({ changes }, f) => ({
    action: "flow.updated",
    target: { type: "flow", id: f.id, label: f.name },
    details: { changed: Object.keys(changes) },
  }),
});

export const setFlowStatusOp = defineOperation({
  name: "flows.setStatus",
  summary: "Activate or pause a flow",
  description: "Active: steps run and records can be enrolled. Paused: nothing runs; enrollments wait where they are.",
  scope: "settings:write",
  input: flowRef.extend({ status: z.enum(FLOW_STATUSES) }),
  output: flowSchema,
  errors: ["not_found", "permission_denied"],
  authorize: assertAdmin,
  run: ({ tx, principal }, { id, status }) => setFlowStatus(tx, principal.tenantId, id, status),
  audit: ({ status }, f) => ({
    action: status === "active" ? "flow.activated" : "flow.paused",
    target: { type: "flow", id: f.id, label: f.name },
  }),
});
