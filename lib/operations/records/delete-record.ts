// DELETE /api/v1/{object}/{id} — move a record to the trash
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { recordRefSchema } from "@/lib/schemas/records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { trashRecord } from "@/lib/services/records/write-records.ts";
import { CHANGES, defineOperation } from "../define.ts";

export const deleteRecordOp = defineOperation({
  name: "records.delete",
  summary: "Delete a record (to trash)",
  description:
    'Soft delete: the record moves to the trash (`?trashed=true` lists it) and can be restored. Needs delete permission: API keys only delete with "Allow deletion", OAuth tokens only with `records:delete` or `records:delete:{object}`.',
  scope: "records:delete",
  http: { method: "DELETE", path: "/{object}/{id}", status: 204 },
  mcp: {
    tool: "delete_record",
    title: "Delete a record (to trash)",
    description:
      "Moves one record to the trash; it can be restored later, and list_records with trashed: true shows it. Needs delete permission (API keys only with deletion allowed, OAuth tokens only with a records:delete scope).",
    annotations: CHANGES,
    toResult: (_output, args) => ({ id: args.id as string, trashed: true }),
    result: z.object({ id: z.string(), trashed: z.literal(true) }),
  },
  input: recordRefSchema,
  output: z.null(),
  errors: ["conflict", "not_found", "api_key_read_only", "api_key_object_denied", "api_key_delete_denied", "permission_denied"],
  authorize: (p, input) => assertRecordAccess(p, input.object, "delete"),
  async run({ tx, principal }, input) {
    await trashRecord(
      tx,
      principal.tenantId,
      await loadObjectSchema(tx, principal.tenantId, input.object, principal.schemaVersion),
      input.id,
    );
    return null;
  },
});
