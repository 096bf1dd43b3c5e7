// GET /api/v1/attachments — a record's files
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { attachmentListSchema, attachmentPageSchema } from "@/lib/schemas/attachments.ts";
import { listAttachments } from "@/lib/services/attachments/attachments.ts";
import { defineOperation, READS, TOOL_PAGE_SIZE } from "../define.ts";

export const listAttachmentsOp = defineOperation({
  name: "attachments.list",
  summary: "List a record's attachments",
  description:
    "The files attached to one record (`recordId` + `objectApiName`), newest first, with the exact `total`. Metadata only: " +
    "GET /attachments/{id} gives a file's download URL. Needs read access to the record's object; a record in the trash has none to show.",
  scope: "records:read",
  http: { method: "GET", path: "/attachments" },
  mcp: {
    tool: "list_attachments",
    title: "List attachments",
    description:
      "Lists the files attached to one record, given by recordId and objectApiName (e.g. contact), newest first: name, type, size, " +
      "who added it and when. Use get_attachment with an id for a download link. Page with limit/offset (total is exact).",
    annotations: READS,
    defaults: { limit: TOOL_PAGE_SIZE },
  },
  input: attachmentListSchema,
  output: attachmentPageSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p, q) => assertRecordAccess(p, q.objectApiName, "read"),
  run: ({ tx, principal }, q) => listAttachments(tx, principal, q),
});
