import contentType from "content-type";
import sanitizeFilename from "sanitize-filename";
import { z } from "zod";
import { attachmentMaxBytes, DEFAULT_ATTACHMENT_MAX_BYTES } from "@/lib/config.ts";
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET } from "./paging.ts";
import { boundedInt } from "./query.ts";
import { storableText } from "./text.ts";

export const MAX_FILE_NAME = 255;
export const MAX_CONTENT_TYPE = 255;

const uuidSchema = (what: string) => z.uuid({ error: `must be the id (a uuid) of ${what}` });

const objectApiName = storableText()
  .min(1, "is required")
  .max(64, "must be at most 64 characters")
  .describe("The apiName of the record's object, e.g. contact");

/**
 * A file name made safe to store and to send back in Content-Disposition: Unicode normalised
 * (NFC), invisible format characters (right-to-left overrides that disguise an extension) and
 * control characters removed, and what no file system accepts (path separators, `..`, reserved
 * Windows names, trailing dots) replaced, by the well-kept sanitize-filename. The name answered
 * is the sanitised one.
 */
export function sanitizeFileName(name: string): string {
  const visible = name.normalize("NFC").replace(/\p{Cf}/gu, "");
  return sanitizeFilename(visible, { replacement: "_" }).trim();
}

const fileNameSchema = storableText()
  .max(MAX_FILE_NAME, `must be at most ${MAX_FILE_NAME} characters`)
  .transform((name, ctx) => {
    const safe = sanitizeFileName(name);
    if (!safe) ctx.addIssue({ code: "custom", message: "must contain characters a file name can have" });
    return safe;
  })
  .describe(`The file's name (at most ${MAX_FILE_NAME} characters); path separators and control characters are replaced`);

/**
 * A media type (RFC 6838) with its parameters, in the canonical form content-type formats it
 * (lower-case type, quoted values), which is what the upload must send: so the cap applies to that
 * form, and only printable ASCII is allowed (an HTTP header carries nothing else reliably).
 */
const contentTypeSchema = z
  .string({ error: "must be a media type such as application/pdf" })
  .max(MAX_CONTENT_TYPE, `must be at most ${MAX_CONTENT_TYPE} characters`)
  .transform((value, ctx) => {
    let canonical: string;
    try {
      canonical = contentType.format(contentType.parse(value));
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a media type such as application/pdf or text/plain; charset=utf-8" });
      return z.NEVER;
    }
    if (!/^[\x20-\x7e]+$/.test(canonical) || canonical.length > MAX_CONTENT_TYPE) {
      ctx.addIssue({ code: "custom", message: `must be printable ASCII of at most ${MAX_CONTENT_TYPE} characters in its canonical form` });
      return z.NEVER;
    }
    return canonical;
  })
  .describe("The file's media type, e.g. application/pdf; the upload must send exactly this Content-Type");

const sizeSchema = z
  .int({ error: "must be the file's size in bytes (an integer)" })
  .min(1, "must be at least 1 byte")
  .superRefine((size, ctx) => {
    const max = attachmentMaxBytes();
    if (size > max) ctx.addIssue({ code: "custom", message: `must be at most ${max} bytes (ATTACHMENT_MAX_BYTES)` });
  })
  .describe(
    `The file's size in bytes, at most ATTACHMENT_MAX_BYTES (${DEFAULT_ATTACHMENT_MAX_BYTES} unless configured); the upload must send exactly this many`,
  );

export const storageKeySchema = z
  .string({ error: "must be the storageKey step 1 answered" })
  .regex(/^[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}$/, "must be the storageKey step 1 answered")
  .describe("The storageKey step 1 (POST /attachments/upload-url) answered");

/** Step 1's body. */
export const uploadRequestSchema = z
  .strictObject({
    recordId: uuidSchema("a record").describe("The record the file is for"),
    objectApiName,
    fileName: fileNameSchema,
    contentType: contentTypeSchema,
    size: sizeSchema,
  })
  .meta({ id: "AttachmentUploadRequest" });
export type UploadRequest = z.output<typeof uploadRequestSchema>;

export const uploadTicketSchema = z
  .object({
    uploadUrl: z.string().describe("Where to PUT the file's bytes (step 2); signed, valid until expiresAt"),
    method: z.literal("PUT"),
    headers: z.record(z.string(), z.string()).describe("Headers the PUT must send, exactly (the signature covers them)"),
    storageKey: z.string().describe("Give it to step 3 (POST /attachments)"),
    expiresAt: z.string().describe("ISO 8601 UTC; when uploadUrl stops working"),
  })
  .meta({
    id: "AttachmentUploadTicket",
    description: "Where and how to upload the file (step 2), and the key to register it with (step 3).",
  });
export type UploadTicket = z.output<typeof uploadTicketSchema>;

/** Step 3's body. */
export const registerRequestSchema = z
  .strictObject({
    recordId: uuidSchema("a record").describe("The record given in step 1"),
    objectApiName,
    storageKey: storageKeySchema,
    fileName: fileNameSchema,
    contentType: contentTypeSchema,
    size: sizeSchema,
  })
  .meta({ id: "AttachmentRegistration" });
export type RegisterRequest = z.output<typeof registerRequestSchema>;

export const attachmentSchema = z
  .object({
    id: z.string().describe("uuid"),
    recordId: z.string(),
    objectApiName: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int().describe("Bytes"),
    createdBy: z.string().describe("The user (id) who registered it"),
    created_at: z.string().describe("ISO 8601 UTC"),
  })
  .meta({
    id: "Attachment",
    description: "A file attached to a record. Its bytes are reached only through a signed, expiring downloadUrl.",
  });
export type ApiAttachment = z.output<typeof attachmentSchema>;

export const attachmentDownloadSchema = attachmentSchema
  .extend({
    downloadUrl: z.string().describe("A signed GET URL that downloads the file (as an attachment); valid 5 minutes"),
    expiresAt: z.string().describe("ISO 8601 UTC; 5 minutes after the answer"),
  })
  .meta({ id: "AttachmentWithDownload" });
export type AttachmentWithDownload = z.output<typeof attachmentDownloadSchema>;

export const attachmentPageSchema = z
  .object({ data: z.array(attachmentSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: "AttachmentPage" });
export type AttachmentPage = z.output<typeof attachmentPageSchema>;

export const attachmentListSchema = z.object({
  recordId: uuidSchema("a record").describe("The record whose files to list"),
  objectApiName: z.string().max(64).describe("The object of that record, e.g. contact"),
  limit: boundedInt(1, MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`).default(DEFAULT_LIMIT).describe("Files per page"),
  offset: boundedInt(0, MAX_OFFSET, `must be a non-negative integer (at most ${MAX_OFFSET})`).default(0).describe("Files to skip"),
});
export type AttachmentListParams = z.output<typeof attachmentListSchema>;
