import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** Marks a SpooledFile across bundles' copies of this module (as AppError's brand does; lib/errors/app-error.ts). */
const BRAND: unique symbol = Symbol.for("crm.SpooledFile");

/** Whether `value` is a SpooledFile, from whichever bundle's copy of the class it was made. */
export function isSpooledFile(value: unknown): value is SpooledFile {
  return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}

/**
 * A file a request uploaded (a multipart part), written to a private temporary directory as it
 * arrived rather than held in memory. Only the REST adapter makes one, so an operation that takes
 * it knows its bytes came in that request: a JSON body can never name a path on this machine.
 */
export class SpooledFile {
  readonly [BRAND] = true;

  private constructor(
    private readonly dir: string,
    readonly path: string,
    readonly size: number,
    /** The name the client gave the part (Content-Disposition filename), "" when none. */
    readonly fileName: string,
    readonly contentType: string,
    /** SHA-256 of the bytes (hex), computed as they arrived. */
    readonly sha256: string,
  ) {}

  /**
   * What a request fingerprint sees (Idempotency-Key: lib/operations/idempotency.ts): the file's
   * name and content, not where this request happened to spool it, so a retry matches.
   */
  toJSON(): { fileName: string; size: number; sha256: string } {
    return { fileName: this.fileName, size: this.size, sha256: this.sha256 };
  }

  /** A fresh temporary file to write a part into; `finish` seals it with its size once written. */
  static async create(): Promise<{
    path: string;
    finish: (size: number, fileName: string, contentType: string, sha256: string) => SpooledFile;
    discard: () => Promise<void>;
  }> {
    const dir = await mkdtemp(path.join(os.tmpdir(), "crm-upload-"));
    const file = path.join(dir, "part");
    return {
      path: file,
      finish: (size, fileName, contentType, sha256) => new SpooledFile(dir, file, size, fileName, contentType, sha256),
      discard: () => rm(dir, { recursive: true, force: true }),
    };
  }

  stream(): AsyncIterable<Uint8Array> {
    return createReadStream(this.path);
  }

  /** Removes the temporary file (the adapter calls it once the operation has answered). */
  async dispose(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
