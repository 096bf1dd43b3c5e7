/**
 * What every attachment store fulfils (local-store.ts, s3-store.ts) and what callers of
 * getAttachmentStore() (attachment-store.ts) see: kept apart from the factory, which imports the stores.
 */

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
  /**
   * Writes bytes the server itself received (an imported CSV file) under a new key, exactly
   * `file.size` of them, once: a key that holds a file already is refused.
   */
  put(key: string, file: StoredFile, body: AsyncIterable<Uint8Array>): Promise<void>;
  /** The bytes under the key as a stream, or null when nothing is there. */
  read(key: string): Promise<AsyncIterable<Uint8Array> | null>;
}

/** A signing time truncated to the second, as SigV4 dates are, so expiresAt is exact for both stores. */
export const signingTime = (now: Date = new Date()): Date => new Date(Math.floor(now.getTime() / 1000) * 1000);
