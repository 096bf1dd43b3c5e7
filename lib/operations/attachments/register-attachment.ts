// POST /api/v1/attachments — upload step 3
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { attachmentSchema, registerRequestSchema } from "@/lib/schemas/attachments.ts";
import { registerAttachment } from "@/lib/services/attachments/attachments.ts";
import { CREATES, defineOperation } from "../define.ts";

export const registerAttachmentOp = defineOperation({
  name: "attachments.register",
  summary: "Register an uploaded file (step 3)",
  description:
    "Step 3 of 3: the file uploaded to step 1's `uploadUrl` becomes an attachment of the record. Refused (400, naming the field) when " +
    "nothing was uploaded under `storageKey`, when the uploaded file's size or type differ from step 1's, when the key was issued to " +
    "another tenant, record or credential, or was registered already.",
  scope: "records:write",
  http: { method: "POST", path: "/attachments", status: 201, body: "attachment" },
  mcp: {
    tool: "register_attachment",
    title: "Register an uploaded attachment",
    description:
      "Step 2 of 2, after the file's bytes were PUT to the uploadUrl that create_attachment_upload_url answered: attaches the file to " +
      "the record. Give the same recordId, objectApiName, fileName, contentType and size as in step 1, and its storageKey. Fails with " +
      "a clear message when the upload has not happened yet or does not match; returns the attachment.",
    annotations: CREATES,
    flatten: "attachment",
  },
  input: z.object({ attachment: registerRequestSchema }),
  output: attachmentSchema,
  errors: ["invalid_request", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied", "storage_unavailable"],
  authorize: (p, { attachment }) => assertRecordAccess(p, attachment.objectApiName, "update"),
  run: ({ tx, principal }, { attachment }) => registerAttachment(tx, principal, attachment),
});
