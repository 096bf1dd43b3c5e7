// DELETE /api/v1/attachments/{id} — the file and its metadata; needs the delete permission
import { z } from "zod";
import { assertKeyMay } from "@/lib/auth/access.ts";
import { deleteAttachment } from "@/lib/services/attachments/attachments.ts";
import { CHANGES, defineOperation } from "../define.ts";
import { attachmentRef } from "./get-attachment.ts";

export const deleteAttachmentOp = defineOperation({
  name: "attachments.delete",
  summary: "Delete an attachment",
  description:
    'Deletes the file from storage and its metadata, for good. Needs the delete permission (spec 5.2): an API key with "Allow deletion", ' +
    "a role allowed to delete records of the record's object, and for OAuth tokens records:delete on that object.",
  scope: "records:delete",
  http: { method: "DELETE", path: "/attachments/{id}", status: 204 },
  mcp: {
    tool: "delete_attachment",
    title: "Delete an attachment",
    description:
      "Deletes one attachment by id: the file and its metadata, permanently (there is no trash for files). Needs the delete permission.",
    annotations: CHANGES,
    toResult: (_output, args) => ({ id: args.id as string, deleted: true }),
    result: z.object({ id: z.string(), deleted: z.literal(true) }),
  },
  input: attachmentRef,
  output: z.null(),
  errors: [
    "invalid_request",
    "not_found",
    "api_key_read_only",
    "api_key_object_denied",
    "api_key_delete_denied",
    "permission_denied",
    "storage_unavailable",
  ],
  // What the key says before anything is read; the rest (the record's object, the role, an OAuth
  // token's records:delete scope) once the attachment is found: one the caller may not read is not found.
  authorize: (p) => assertKeyMay(p, "delete"),
  run: async ({ tx, principal }, { id }) => {
    await deleteAttachment(tx, principal, id);
    return null;
  },
});
