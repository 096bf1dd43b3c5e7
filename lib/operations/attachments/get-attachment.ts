// GET /api/v1/attachments/{id} — metadata and a 5-minute download URL
import { z } from "zod";
import { isUuid } from "@/lib/ids/uuid.ts";
import { attachmentDownloadSchema } from "@/lib/schemas/attachments.ts";
import { attachmentStatement } from "@/lib/services/attachments/attachment-rows.ts";
import { getAttachment } from "@/lib/services/attachments/attachments.ts";
import { defineOperation, READS } from "../define.ts";

export const attachmentRef = z.object({ id: z.uuid({ error: "must be an attachment id (a uuid)" }).describe("The attachment's id") });

export const getAttachmentOp = defineOperation({
  name: "attachments.get",
  summary: "Get an attachment and its download URL",
  description:
    "The attachment's metadata, a signed `downloadUrl` and its `expiresAt`, 5 minutes ahead: a public URL is never issued. The URL " +
    "downloads the file as an attachment under its name. Not found when the record is in the trash or the caller may not read its object.",
  scope: "records:read",
  http: { method: "GET", path: "/attachments/{id}" },
  mcp: {
    tool: "get_attachment",
    title: "Get an attachment",
    description:
      "One attachment by id: file name, type, size, the record it belongs to, and a downloadUrl that works for 5 minutes " +
      "(ask again for a fresh one). Give the URL to whoever needs the file; it downloads without further credentials.",
    annotations: READS,
  },
  input: attachmentRef,
  output: attachmentDownloadSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "storage_unavailable"],
  // Which object it belongs to is known only once read: the service answers not found for one the caller may not read.
  authorize: () => undefined,
  prefetch: (tenantId, raw) => (typeof raw.id === "string" && isUuid(raw.id) ? attachmentStatement(tenantId, raw.id) : undefined),
  run: ({ tx, principal }, { id }) => getAttachment(tx, principal, id),
});
