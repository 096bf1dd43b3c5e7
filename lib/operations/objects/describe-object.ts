// GET /api/v1/objects/{apiName} — one object's fields (discovery)
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { objectSchema } from "@/lib/schemas/objects.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { defineOperation, READS } from "../define.ts";
import { objectParam } from "@/lib/schemas/records.ts";

export const describeObjectOp = defineOperation({
  name: "objects.describe",
  summary: "Describe an object",
  description:
    "Returns an object's fields with their types, whether they are required, unique or read-only, select options and lookup targets.",
  scope: "objects:read",
  http: { method: "GET", path: "/objects/{apiName}" },
  mcp: {
    tool: "describe_object",
    title: "Describe an object",
    description:
      "Gives one object's fields: apiName, type, whether required or unique, select options, lookup targets, and which fields are read-only (formula, rollup). " +
      "Use it before creating, updating or filtering records so you send field apiNames and values it accepts.",
    annotations: READS,
    rename: { apiName: "object" },
  },
  input: z.object({ apiName: objectParam }),
  output: objectSchema,
  errors: ["not_found", "api_key_object_denied", "permission_denied", "insufficient_scope"],
  authorize: (principal, input) => assertRecordAccess(principal, input.apiName, "read"),
  async run({ tx, principal }, input) {
    const { id: _id, fields, ...object } = await loadObjectSchema(tx, principal.tenantId, input.apiName, principal.schemaVersion);
    return { ...object, fields: fields.map(({ id: _fieldId, slot: _slot, ...field }) => field) };
  },
});
