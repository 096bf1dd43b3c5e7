// PATCH /api/v1/{object}/{id} — change only the sent fields
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { recordRefSchema, recordSchema, recordValuesSchema } from "@/lib/schemas/records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { updateRecords } from "@/lib/services/records/write-records.ts";
import { defineSqlOperation } from "../define.ts";

export const updateRecord = defineSqlOperation({
  name: "records.update",
  summary: "Update a record",
  description: "Changes only the fields sent (send null to clear a field) and returns the whole record.",
  scope: "records:write",
  http: { method: "PATCH", path: "/{object}/{id}", body: "values" },
  input: recordRefSchema.extend({ values: recordValuesSchema }),
  output: recordSchema,
  errors: ["invalid_request", "conflict", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertObjectAccess(p, input.object, "update"),
  async run({ tx, principal }, input) {
    const object = await loadObjectSchema(tx, principal.tenantId, input.object, principal.schemaVersion);
    const [result] = await updateRecords(tx, principal.tenantId, object, [{ id: input.id, patch: input.values }]);
    if (!result!.ok) throw result!.error;
    return result!.record;
  },
});
