"use server";
import { revalidatePath } from "next/cache";
import { act, type ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import { createUploadUrlOp } from "@/lib/operations/attachments/create-upload-url.ts";
import { deleteAttachmentOp } from "@/lib/operations/attachments/delete-attachment.ts";
import { registerAttachmentOp } from "@/lib/operations/attachments/register-attachment.ts";
import type { ApiAttachment, UploadTicket } from "@/lib/schemas/attachments.ts";

export interface FileAnnouncement {
  recordId: string;
  objectApiName: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** Step 1 for the browser: the signed URL it then PUTs the file to, itself (the bytes never pass through a server action). */
export async function requestUploadAction(file: FileAnnouncement): Promise<ActionResult<UploadTicket>> {
  return act(createUploadUrlOp, { upload: file }, { fieldsUnder: "upload" });
}

/** Step 3 for the browser, once its PUT succeeded. */
export async function registerUploadAction(file: FileAnnouncement & { storageKey: string }): Promise<ActionResult<ApiAttachment>> {
  const result = await act(registerAttachmentOp, { attachment: file }, { fieldsUnder: "attachment" });
  revalidatePath(`/records/${file.objectApiName}/${file.recordId}`);
  return result;
}

export async function deleteAttachmentAction(path: string, form: FormData): Promise<void> {
  await act(deleteAttachmentOp, { id: form.get("id") });
  revalidatePath(path);
}
