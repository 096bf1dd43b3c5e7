/**
 * One instance of the attachment-uploads purge, for attachments-purge-crash.test.ts to kill with
 * SIGKILL half-way: the real purgeUnregisteredUploads against DATABASE_URL (owner) and
 * APP_DATABASE_URL, on the local store under DATA_DIR. Once the bytes of its first batch are
 * deleted, before its rows are, it prints {bytesDeleted: keys} as a JSON line and waits there,
 * its transaction open, until it is killed.
 *   UPLOAD_PURGE_BATCH_SIZE   uploads per batch
 */
import { openDatabase, setDatabase } from "@/lib/db/client.ts";
import { purgeUnregisteredUploads } from "@/lib/jobs/attachment-uploads.ts";
import { setAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { createLocalStore } from "@/lib/storage/local-store.ts";

const say = (line: object) => console.log(JSON.stringify(line));

const db = await openDatabase(undefined, { migrate: false });
setDatabase(Promise.resolve(db));
setAttachmentStore(createLocalStore());
// Nothing else holds the process while it waits to be killed.
setInterval(() => undefined, 60_000);
say({ ready: true });
await purgeUnregisteredUploads({
  batchSize: Number(process.env.UPLOAD_PURGE_BATCH_SIZE ?? 5),
  afterBytesDeleted: async (keys) => {
    say({ bytesDeleted: keys });
    await new Promise(() => undefined);
  },
});
say({ finished: true });
