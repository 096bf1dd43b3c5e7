import type { Operation } from "../define.ts";
import { createUploadUrlOp } from "./create-upload-url.ts";
import { deleteAttachmentOp } from "./delete-attachment.ts";
import { getAttachmentOp } from "./get-attachment.ts";
import { listAttachmentsOp } from "./list-attachments.ts";
import { registerAttachmentOp } from "./register-attachment.ts";

/** The attachments area (spec 4.1 note C), in reference order: the upload sequence's steps in order. */
export const attachmentOperations: Operation[] = [
  listAttachmentsOp,
  createUploadUrlOp,
  registerAttachmentOp,
  getAttachmentOp,
  deleteAttachmentOp,
];
