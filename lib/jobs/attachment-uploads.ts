import { withJobSql } from "@/lib/db/job-transaction.ts";
import { getAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { defineJob } from "./define-job.ts";

const JOB_NAME = "attachment-uploads";

/** Uploads per batch: each batch is one transaction holding its rows' locks while their bytes are deleted. */
export const UPLOAD_PURGE_BATCH = 100;
/** Store deletes in flight at once within a batch. */
const DELETE_CONCURRENCY = 8;
const BATCH_TIMEOUT_MS = 60_000;

export interface UploadPurgeOptions {
  batchSize?: number;
  signal?: AbortSignal;
  /** Called after the bytes of a batch are deleted, before its rows are: tests stop a process there. */
  afterBytesDeleted?: (keys: string[]) => Promise<void> | void;
}

/**
 * Deletes uploads never registered (UNREGISTERED_UPLOAD_HOURS after step 1): the bytes from the
 * store, then the row, batch by batch. Rows are claimed with FOR UPDATE SKIP LOCKED (through
 * jobs_claim_stale_uploads, across tenants), so several instances share the work, never delete
 * the same upload's bytes at once, and never touch one being registered. Deleting bytes is safe to
 * repeat: a process killed between the bytes and the commit leaves the rows, and the next run
 * deletes the (missing) bytes again and then the rows. Returns how many uploads were purged.
 */
export async function purgeUnregisteredUploads(o: UploadPurgeOptions = {}): Promise<number> {
  const limit = o.batchSize ?? UPLOAD_PURGE_BATCH;
  const store = getAttachmentStore();
  let purged = 0;
  for (;;) {
    o.signal?.throwIfAborted();
    const n = await withJobSql(
      async (tx) => {
        const claimed = await tx.$queryRaw<{ tenant_id: string; storage_key: string }[]>`
          SELECT tenant_id::text, storage_key FROM jobs_claim_stale_uploads(${limit}::int)`;
        const keys = claimed.map((c) => c.storage_key);
        for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY)
          await Promise.all(keys.slice(i, i + DELETE_CONCURRENCY).map((key) => store.delete(key)));
        await o.afterBytesDeleted?.(keys);
        if (!claimed.length) return 0;
        const [row] = await tx.$queryRaw<{ n: number }[]>`
          SELECT jobs_delete_stale_uploads(${claimed.map((c) => c.tenant_id)}::uuid[], ${keys}::text[]) AS n`;
        return row?.n ?? 0;
      },
      { timeoutMs: BATCH_TIMEOUT_MS },
    );
    purged += n;
    if (n < limit) return purged;
  }
}

/** Unregistered uploads, every 10 minutes (README "Attachments"). */
export const attachmentUploads = defineJob({
  name: JOB_NAME,
  intervalMs: 10 * 60_000,
  timeoutMs: 5 * 60_000,
  run: async (signal) => {
    const purged = await purgeUnregisteredUploads({ signal });
    if (purged > 0) console.log(`job ${JOB_NAME}: deleted ${purged} uploads never registered`);
  },
});
