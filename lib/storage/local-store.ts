import { createHash, randomBytes } from "node:crypto";
import type { ReadStream } from "node:fs";
import { link, mkdir, open, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { publicBaseUrl } from "@/lib/config.ts";
import { dataDir } from "@/lib/data-dir.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import {
  DOWNLOAD_URL_TTL_SECONDS,
  signingTime,
  UPLOAD_URL_TTL_SECONDS,
  type AttachmentStore,
  type SignedDownload,
  type SignedUpload,
  type StoredFile,
} from "./store-contract.ts";
import { signLink } from "./signed-links.ts";
import { isStorageKey } from "./storage-key.ts";

/** Where the local store keeps files: DATA_DIR/attachments/<tenant>/<random>, with a `.json` sidecar holding the content type. */
export const localStoreRoot = (): string => path.join(dataDir(), "attachments");

/** The file of a key, or an error for anything that is not a storage key (no path can leave the root). */
export function localPath(key: string): string {
  if (!isStorageKey(key)) throw new Error("not a storage key");
  return path.join(localStoreRoot(), ...key.split("/"));
}

const unavailable = (err: unknown): AppError => {
  console.error("local attachment store:", err);
  return new AppError("storage_unavailable", "The file store is unavailable; retry later", undefined, { retryAfter: 5 });
};

/** The URL the app serves the key at (app/api/files/[tenant]/[name]). */
const fileUrl = (key: string, query: Record<string, string>): string => `${publicBaseUrl()}/api/files/${key}?${new URLSearchParams(query)}`;

/**
 * The embedded default: files on the local disk, served by the app itself through HMAC-signed,
 * expiring URLs (lib/adapters/files). One instance only; several instances share S3 instead.
 */
export function createLocalStore(): AttachmentStore {
  return {
    kind: "local",
    async signUpload(key: string, file: StoredFile, now?: Date): Promise<SignedUpload> {
      const signedAt = signingTime(now);
      const expires = signedAt.getTime() / 1000 + UPLOAD_URL_TTL_SECONDS;
      const bound = String(file.size);
      const signature = signLink({ method: "PUT", key, expires, contentType: file.contentType, bound });
      return {
        url: fileUrl(key, { expires: String(expires), type: file.contentType, size: bound, signature }),
        headers: { "Content-Type": file.contentType, "Content-Length": bound, "If-None-Match": "*" },
        expiresAt: new Date(expires * 1000),
      };
    },
    async signDownload(key: string, file: { contentType: string; fileName: string }, now?: Date): Promise<SignedDownload> {
      const signedAt = signingTime(now);
      const expires = signedAt.getTime() / 1000 + DOWNLOAD_URL_TTL_SECONDS;
      const signature = signLink({ method: "GET", key, expires, contentType: file.contentType, bound: file.fileName });
      return {
        url: fileUrl(key, { expires: String(expires), type: file.contentType, name: file.fileName, signature }),
        expiresAt: new Date(expires * 1000),
      };
    },
    async head(key: string): Promise<StoredFile | null> {
      const file = localPath(key);
      try {
        const [info, meta] = await Promise.all([stat(file), readFile(`${file}.json`, "utf8")]);
        return { size: info.size, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw unavailable(err);
      }
    },
    async delete(key: string): Promise<void> {
      const file = localPath(key);
      try {
        // The bytes first: a file without its sidecar reads as absent, never the other way round.
        await rm(file, { force: true });
        await rm(`${file}.json`, { force: true });
      } catch (err) {
        throw unavailable(err);
      }
    },
    async put(key: string, file: StoredFile, body: AsyncIterable<Uint8Array>): Promise<void> {
      try {
        await writeLocalFile(key, file, body);
      } catch (err) {
        throw unavailable(err);
      }
    },
    async read(key: string): Promise<AsyncIterable<Uint8Array> | null> {
      try {
        return (await openLocalFile(key))?.stream ?? null;
      } catch (err) {
        throw unavailable(err);
      }
    },
  };
}

export class UploadMismatchError extends Error {}
/** The key holds a file already: keys are written once (as S3 PUTs with If-None-Match: *). */
export class AlreadyUploadedError extends Error {}

/**
 * Writes an upload's bytes under the key, once: to a temporary file, counted and hashed on the
 * way, then linked into place only if nothing is there yet (atomic), so a registered file can
 * never be replaced through its upload URL. A body longer or shorter than `size` is refused and
 * leaves nothing. Returns the MD5 hex (S3's ETag).
 */
export async function writeLocalFile(key: string, file: StoredFile, body: AsyncIterable<Uint8Array>): Promise<string> {
  const target = localPath(key);
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    throw new AlreadyUploadedError("A file was uploaded under this key already");
  const temp = `${target}.${randomBytes(8).toString("hex")}.part`;
  await mkdir(path.dirname(target), { recursive: true });
  const handle = await open(temp, "wx", 0o600);
  const md5 = createHash("md5");
  let written = 0;
  try {
    for await (const chunk of body) {
      written += chunk.byteLength;
      if (written > file.size) throw new UploadMismatchError(`The body is longer than the signed size of ${file.size} bytes`);
      md5.update(chunk);
      await handle.write(chunk);
    }
    if (written !== file.size) throw new UploadMismatchError(`The body has ${written} bytes; the signed size is ${file.size}`);
    await handle.close();
    // The sidecar first: a file without it reads as absent. Its content is fixed by the signed link.
    await writeFile(`${target}.json`, JSON.stringify({ contentType: file.contentType }), { mode: 0o600 });
    await link(temp, target).catch((err: NodeJS.ErrnoException) => {
      throw err.code === "EEXIST" ? new AlreadyUploadedError("A file was uploaded under this key already") : err;
    });
    return md5.digest("hex");
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  } finally {
    await rm(temp, { force: true });
  }
}

/** The file under the key, for reading (only its size when `sizeOnly`), or null when there is none. */
export async function openLocalFile(key: string, sizeOnly = false): Promise<{ stream: ReadStream | null; size: number } | null> {
  const file = localPath(key);
  try {
    if (sizeOnly) return { stream: null, size: (await stat(file)).size };
    const handle = await open(file, "r");
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), size };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}
