"use server";
import { revalidatePath } from "next/cache";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import { createUploadUrlOp } from "@/lib/operations/attachments/create-upload-url.ts";
import { deleteAttachmentOp } from "@/lib/operations/attachments/delete-attachment.ts";
import { registerAttachmentOp } from "@/lib/operations/attachments/register-attachment.ts";
import type { ApiAttachment, UploadTicket } from "@/lib/schemas/attachments.ts";
import type { FileAnnouncement } from "@/components/records/attachments-panel.tsx";

/** Step 1 for the browser: the signed URL it then PUTs the file to, itself (the bytes never pass through a server action). */
export const requestUploadAction = serverAction(
  [actionArg.object<FileAnnouncement>()],
  async (file): Promise<ActionResult<UploadTicket>> => {
    return act(createUploadUrlOp, { upload: file }, { fieldsUnder: "upload" });
  },
);

/** Step 3 for the browser, once its PUT succeeded. */
export const registerUploadAction = serverAction(
  [actionArg.object<FileAnnouncement & { storageKey: string }>()],
  async (file): Promise<ActionResult<ApiAttachment>> => {
    const result = await act(registerAttachmentOp, { attachment: file }, { fieldsUnder: "attachment" });
    // The page of the record the file was registered on: a path from validated values only.
    if (result.ok) revalidatePath(`/records/${result.data.objectApiName}/${result.data.recordId}`);
    return result;
  },
);

export const deleteAttachmentAction = serverAction([actionArg.text, actionArg.form], async (path, form): Promise<void> => {
  const result = await act(deleteAttachmentOp, { id: form.get("id") });
  if (result.ok && /^\/records\/[a-z0-9_]+\/[0-9a-f-]{36}$/.test(path)) revalidatePath(path);
});
