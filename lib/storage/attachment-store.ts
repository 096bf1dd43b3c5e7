import { createLocalStore } from "./local-store.ts";
import { s3ConfigFromEnv, type S3Config } from "./s3-config.ts";

/** Upload URLs live 15 minutes: long enough for a large file on a slow line, short enough to be worthless when leaked. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** Download URLs live 5 minutes (spec 8). */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

export interface SignedUpload {
  url: string;
  /** The headers the PUT must carry, exactly: the signature covers them. */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface SignedDownload {
  url: string;
  expiresAt: Date;
}

export interface StoredFile {
  size: number;
  contentType: string;
}

/**
 * Where attachment bytes live: S3 (any S3-compatible store) or the local store under DATA_DIR.
 * Both hand out signed, expiring URLs; the bytes never pass through the API's JSON endpoints.
 * Failures to reach the store throw AppError("storage_unavailable").
 */
export interface AttachmentStore {
  readonly kind: "local" | "s3";
  /** A PUT URL bound to this content type and size. `now` is the signing time (tests sign in the past). */
  signUpload(key: string, file: StoredFile, now?: Date): Promise<SignedUpload>;
  /** A GET URL that downloads the file as an attachment named `fileName`. */
  signDownload(key: string, file: { contentType: string; fileName: string }, now?: Date): Promise<SignedDownload>;
  /** What the store holds under the key, or null when nothing was uploaded there. */
  head(key: string): Promise<StoredFile | null>;
  /** Deletes the bytes; a key with nothing under it is no error. */
  delete(key: string): Promise<void>;
}

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

/** A signing time truncated to the second, as SigV4 dates are, so expiresAt is exact for both stores. */
export const signingTime = (now: Date = new Date()): Date => new Date(Math.floor(now.getTime() / 1000) * 1000);
