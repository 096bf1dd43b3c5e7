// POST /api/v1/attachments/upload-url — upload step 1
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { uploadRequestSchema, uploadTicketSchema } from "@/lib/schemas/attachments.ts";
import { createUploadUrl } from "@/lib/services/attachments/attachments.ts";
import { CREATES, defineOperation } from "../define.ts";

export const createUploadUrlOp = defineOperation({
  name: "attachments.uploadUrl",
  summary: "Get a signed upload URL (step 1)",
  description:
    "Step 1 of 3. Answers a signed `uploadUrl`, valid 15 minutes, bound to the file's `contentType` and `size`. Step 2: PUT the bytes " +
    "to `uploadUrl` with exactly the `headers` answered (a body of another type or length is refused). Step 3: POST /attachments with " +
    "the `storageKey`. The record must be live and the caller allowed to update its object. An upload not registered within 24 hours is deleted.",
  scope: "records:write",
  http: { method: "POST", path: "/attachments/upload-url", body: "upload" },
  mcp: {
    tool: "create_attachment_upload_url",
    title: "Create an attachment upload URL",
    description:
      "Step 1 of 2 for attaching a file to a record (recordId + objectApiName), announcing its fileName, contentType and exact size " +
      "in bytes. Answers uploadUrl, headers and storageKey. You cannot send the bytes through MCP: hand uploadUrl and headers to whoever " +
      "holds the file (the user, or a tool that can make HTTP requests), who PUTs the file's bytes there within 15 minutes, e.g. " +
      "curl -X PUT -H 'Content-Type: <contentType>' -H 'If-None-Match: *' --data-binary @file '<uploadUrl>' (send every header given). Then call register_attachment (step 2) " +
      "with the same recordId, objectApiName, fileName, contentType, size and the storageKey.",
    annotations: CREATES,
    flatten: "upload",
  },
  input: z.object({ upload: uploadRequestSchema }),
  output: uploadTicketSchema,
  errors: ["invalid_request", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied", "storage_unavailable"],
  authorize: (p, { upload }) => assertRecordAccess(p, upload.objectApiName, "update"),
  run: ({ tx, principal }, { upload }) => createUploadUrl(tx, principal, upload),
});
