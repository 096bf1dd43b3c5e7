// POST /api/v1/{object} — create a record
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { objectParam, recordSchema, recordValuesSchema } from "@/lib/schemas/records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { createRecords } from "@/lib/services/records/write-records.ts";
import { CREATES, defineOperation } from "../define.ts";

export const createRecordOp = defineOperation({
  name: "records.create",
  summary: "Create a record",
  description:
    "Creates a record from field values by apiName. Required fields must be present; lookups must point at live records of their target object, " +
    "which the credential must be allowed to read (else 403: `errors.apiKeyObjectDenied` for the key's or token's scope, `errors.permissionDenied` for the user's role).",
  scope: "records:write",
  http: { method: "POST", path: "/{object}", status: 201, body: "values" },
  mcp: {
    tool: "create_record",
    title: "Create a record",
    description:
      "Creates one record from field values by apiName (describe_object lists the fields, required ones, options and formats) and returns it. " +
      "Read-only fields, unknown fields and system keys are refused. For many records use bulk_create_records.",
    annotations: CREATES,
  },
  input: z.object({ object: objectParam, values: recordValuesSchema }),
  output: recordSchema,
  errors: ["invalid_request", "conflict", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertRecordAccess(p, input.object, "create"),
  async run({ tx, principal }, input) {
    const object = await loadObjectSchema(tx, principal.tenantId, input.object, principal.schemaVersion);
    const [result] = await createRecords(tx, { actor: principal, object, inputs: [input.values] });
    if (!result!.ok) throw result!.error;
    return result!.record;
  },
});
