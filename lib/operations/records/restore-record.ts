// POST /api/v1/{object}/{id}/restore — bring a record back from the trash
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { recordRefSchema, recordSchema } from "@/lib/schemas/records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { untrashRecord } from "@/lib/services/records/write-records.ts";
import { CHANGES, defineOperation } from "../define.ts";

export const restoreRecordOp = defineOperation({
  name: "records.restore",
  summary: "Restore a record from the trash",
  description:
    "Moves a trashed record back (400 naming the field if another record has since taken one of its unique values). Counts as an update.",
  scope: "records:write",
  http: { method: "POST", path: "/{object}/{id}/restore" },
  mcp: {
    tool: "restore_record",
    title: "Restore a record from the trash",
    description:
      "Brings one trashed record back (delete_record moves records to the trash; list_records with trashed: true lists them) and returns it. " +
      "Fails when another record has since taken one of its unique values (the message names the field). Needs update permission.",
    annotations: CHANGES,
  },
  input: recordRefSchema,
  output: recordSchema,
  errors: ["invalid_request", "conflict", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertRecordAccess(p, input.object, "update"),
  async run({ tx, principal }, input) {
    return untrashRecord(
      tx,
      principal.tenantId,
      await loadObjectSchema(tx, principal.tenantId, input.object, principal.schemaVersion),
      input.id,
    );
  },
});
