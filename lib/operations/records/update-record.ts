// PATCH /api/v1/{object}/{id} — change only the sent fields
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { recordRefSchema, recordSchema, recordValuesSchema } from "@/lib/schemas/records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { updateRecords } from "@/lib/services/records/write-records.ts";
import { CHANGES, defineOperation } from "../define.ts";

export const updateRecordOp = defineOperation({
  name: "records.update",
  summary: "Update a record",
  description:
    "Changes only the fields sent (send null to clear a field) and returns the whole record. Setting a lookup needs read access to its target object, as on create.",
  scope: "records:write",
  http: { method: "PATCH", path: "/{object}/{id}", body: "values" },
  mcp: {
    tool: "update_record",
    title: "Update a record",
    description:
      "Changes only the given fields of one record (null empties a field) and returns the whole record. Fails with not found for a trashed or unknown id.",
    annotations: CHANGES,
  },
  input: recordRefSchema.extend({ values: recordValuesSchema }),
  output: recordSchema,
  errors: ["invalid_request", "conflict", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertRecordAccess(p, input.object, "update"),
  async run({ tx, principal }, input) {
    const object = await loadObjectSchema(tx, principal.tenantId, input.object, principal.schemaVersion);
    const [result] = await updateRecords(tx, { actor: principal, object, updates: [{ id: input.id, patch: input.values }] });
    if (!result!.ok) throw result!.error;
    return result!.record;
  },
});
