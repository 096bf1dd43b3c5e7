"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import type { ApiAttachment, UploadTicket } from "@/lib/schemas/attachments.ts";
import { ConfirmSubmit } from "@/components/ui/confirm-submit";

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A file the browser is about to upload: what it tells the upload actions. */
export interface FileAnnouncement {
  recordId: string;
  objectApiName: string;
  fileName: string;
  contentType: string;
  size: number;
}

interface Props {
  recordId: string;
  objectApiName: string;
  files: ApiAttachment[];
  total: number;
  /** People who may not update the record upload nothing; those who may not delete see no Delete. */
  canUpload: boolean;
  deleteAction?: (form: FormData) => Promise<void>;
  /** The upload's first and last steps (server actions of the page). */
  requestUploadAction: (file: FileAnnouncement) => Promise<ActionResult<UploadTicket>>;
  registerUploadAction: (file: FileAnnouncement & { storageKey: string }) => Promise<ActionResult<ApiAttachment>>;
}

/**
 * A record's files, and an upload that takes the API's three steps: a server action asks for the
 * signed URL, the browser PUTs the file straight to it (the app's file store or S3), and a second
 * server action registers it.
 */
export function AttachmentsPanel({
  recordId,
  objectApiName,
  files,
  total,
  canUpload,
  deleteAction,
  requestUploadAction,
  registerUploadAction,
}: Props) {
  const router = useRouter();
  const [status, setStatus] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return setStatus({ busy: false, message: "Choose a file first.", error: true });
    setStatus({ busy: true, message: `Uploading ${file.name}…`, error: false });
    const announced = {
      recordId,
      objectApiName,
      fileName: file.name,
      contentType: file.type || "application/octet-stream",
      size: file.size,
    };
    const ticket = await requestUploadAction(announced);
    if (!ticket.ok) return setStatus({ busy: false, message: ticket.details?.[0]?.message ?? ticket.error, error: true });
    const put = await fetch(ticket.data.uploadUrl, {
      method: "PUT",
      // Every header step 1 answered; the browser sets Content-Length itself (scripts may not).
      headers: Object.fromEntries(Object.entries(ticket.data.headers).filter(([name]) => name.toLowerCase() !== "content-length")),
      body: file,
    }).catch(() => null);
    if (!put?.ok) return setStatus({ busy: false, message: `The upload failed${put ? ` (${put.status})` : ""}; try again.`, error: true });
    const registered = await registerUploadAction({
      ...announced,
      contentType: ticket.data.headers["Content-Type"]!,
      storageKey: ticket.data.storageKey,
    });
    if (!registered.ok) return setStatus({ busy: false, message: registered.error, error: true });
    input.value = "";
    setStatus({ busy: false, message: `Attached ${registered.data.fileName}.`, error: false });
    router.refresh();
  }

  return (
    <section className="panel stack" aria-label="Attachments">
      <h2>Attachments ({total})</h2>
      {files.length === 0 ? (
        <p className="hint">No files yet.</p>
      ) : (
        <table aria-label="Files">
          <thead>
            <tr>
              <th>Name</th>
              <th>Type</th>
              <th>Size</th>
              <th>Added</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={f.id} aria-label={f.fileName}>
                <td>
                  <a href={`/records/${objectApiName}/${recordId}/attachments/${f.id}`}>{f.fileName}</a>
                </td>
                <td className="mono">{f.contentType}</td>
                <td>{humanSize(f.size)}</td>
                <td>{new Date(f.created_at).toLocaleString()}</td>
                <td>
                  {deleteAction && (
                    <form action={deleteAction}>
                      <input type="hidden" name="id" value={f.id} />
                      <ConfirmSubmit question={`Delete ${f.fileName}? This cannot be undone.`} label={`Delete ${f.fileName}`}>
                        Delete
                      </ConfirmSubmit>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canUpload && (
        <form onSubmit={upload} aria-label="Upload a file">
          <label>
            File <input type="file" name="file" required />
          </label>{" "}
          <button type="submit" disabled={status.busy}>
            {status.busy ? "Uploading…" : "Upload"}
          </button>
        </form>
      )}
      {status.message && (
        <p role={status.error ? "alert" : "status"} className={status.error ? "error" : "hint"}>
          {status.message}
        </p>
      )}
    </section>
  );
}
