import { createLocalStore } from "./local-store.ts";
import { s3ConfigFromEnv, type S3Config } from "./s3-config.ts";
import type { AttachmentStore } from "./store-contract.ts";

let current: AttachmentStore | undefined;

/**
 * The S3 store, its module (the AWS SDK, about 0.4 s to load) imported on first use: a process on
 * the local store never loads it.
 */
function lazyS3Store(config: S3Config): AttachmentStore {
  let store: Promise<AttachmentStore> | undefined;
  const s3 = () => (store ??= import("./s3-store.ts").then((m) => m.createS3Store(config)));
  return {
    kind: "s3",
    signUpload: async (key, file, now) => (await s3()).signUpload(key, file, now),
    signDownload: async (key, file, now) => (await s3()).signDownload(key, file, now),
    head: async (key) => (await s3()).head(key),
    delete: async (key) => (await s3()).delete(key),
    put: async (key, file, body) => (await s3()).put(key, file, body),
    read: async (key) => (await s3()).read(key),
  };
}

/** The store of this process: S3 when S3_BUCKET is set, else the local store. */
export function getAttachmentStore(): AttachmentStore {
  if (!current) {
    const s3 = s3ConfigFromEnv();
    current = s3 ? lazyS3Store(s3) : createLocalStore();
  }
  return current;
}

/** Replaces the store (tests run the same suite on both backends); undefined goes back to the environment's. */
export function setAttachmentStore(store: AttachmentStore | undefined): void {
  current = store;
}
