// GET /api/v1/{object}/{id} — one record
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { recordRefSchema, recordSchema } from "@/lib/schemas/records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { getRecordOrThrow, getRecordStatement } from "@/lib/services/records/read-records.ts";
import { defineOperation, READS } from "../define.ts";

export const getRecordOp = defineOperation({
  name: "records.get",
  summary: "Get a record",
  description: "Returns one record by id with every field, computed fields included.",
  scope: "records:read",
  http: { method: "GET", path: "/{object}/{id}" },
  mcp: {
    tool: "get_record",
    title: "Get a record",
    description: "Fetches one record by id with all its field values by apiName, computed (formula, rollup) fields included.",
    annotations: READS,
  },
  input: recordRefSchema,
  output: recordSchema,
  errors: ["not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertRecordAccess(p, input.object, "read"),
  prefetch: (tenantId, raw) => getRecordStatement(tenantId, raw.object, raw.id),
  async run({ tx, principal }, input) {
    return getRecordOrThrow(
      tx,
      principal.tenantId,
      await loadObjectSchema(tx, principal.tenantId, input.object, principal.schemaVersion),
      input.id,
    );
  },
});
