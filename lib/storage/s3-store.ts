import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl, S3RequestPresigner } from "@aws-sdk/s3-request-presigner";
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
import { attachmentDisposition } from "./content-disposition.ts";
import type { S3Config } from "./s3-config.ts";
import { servedContentType } from "./served-content-type.ts";

/** A store call that does not answer within this is a failure (503), never a request left hanging. */
const REQUEST_TIMEOUT_MS = 5_000;

function unavailable(err: unknown): AppError {
  console.error("S3 attachment store:", err instanceof Error ? err.message : err);
  return new AppError("storage_unavailable", "The file store is unavailable; retry later", undefined, { retryAfter: 5 });
}

/** Where the bucket's objects are, as the SDK resolves it for this configuration (endpoint, path style, region). */
interface ObjectBase {
  protocol: string;
  hostname: string;
  port?: number;
  /** The path up to the key, ending in "/". */
  prefix: string;
}

/** RFC 3986 encoding of a query key or value. */
const encode = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const isNotFound = (err: unknown): boolean =>
  err instanceof S3ServiceException && (err.name === "NotFound" || err.name === "NoSuchKey" || err.$metadata.httpStatusCode === 404);

export function createS3Store(config: S3Config): AttachmentStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Presigned PUTs are sent by curl and browsers, which add no checksum headers: the SDK must not
    // require any (its default since 3.729 would bind a CRC32 the client cannot know).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const Bucket = config.bucket;
  // Links are signed by the presigner straight from the request they describe: getSignedUrl would
  // run the command's whole middleware stack and endpoint rules for each link (about 4 ms; this,
  // about 0.3 ms). The endpoint is the SDK's own, resolved once from a probe URL.
  const presigner = new S3RequestPresigner({ ...client.config, credentials: client.config.credentials, sha256: client.config.sha256 });
  let base: Promise<ObjectBase> | undefined;
  const objectBase = (): Promise<ObjectBase> =>
    (base ??= getSignedUrl(client, new GetObjectCommand({ Bucket, Key: "probe" }), { expiresIn: 60 }).then((probe) => {
      const u = new URL(probe);
      return {
        protocol: u.protocol,
        hostname: u.hostname,
        port: u.port ? Number(u.port) : undefined,
        prefix: u.pathname.slice(0, -"probe".length),
      };
    }));
  async function presign(
    method: "GET" | "PUT",
    key: string,
    o: { signingDate: Date; expiresIn: number; query?: Record<string, string>; headers?: Record<string, string> },
  ): Promise<string> {
    const b = await objectBase();
    const host = b.port ? `${b.hostname}:${b.port}` : b.hostname;
    const signed = await presigner.presign(
      {
        method,
        protocol: b.protocol,
        hostname: b.hostname,
        port: b.port,
        path: b.prefix + key,
        query: o.query ?? {},
        headers: { host, ...o.headers },
      },
      { expiresIn: o.expiresIn, signingDate: o.signingDate, signableHeaders: new Set(Object.keys(o.headers ?? {})) },
    );
    const query = Object.entries(signed.query ?? {})
      .map(([k, v]) => `${encode(k)}=${encode(String(v))}`)
      .join("&");
    return `${b.protocol}//${host}${signed.path}?${query}`;
  }
  return {
    kind: "s3",
    async signUpload(key: string, file: StoredFile, now?: Date): Promise<SignedUpload> {
      const signingDate = signingTime(now);
      // The headers are signed: S3 refuses a PUT whose type or length differ (SignatureDoesNotMatch),
      // and If-None-Match: * makes it a conditional write (412 once the key holds a file), so a
      // leaked or replayed upload URL can never replace a registered file.
      const url = await presign("PUT", key, {
        signingDate,
        expiresIn: UPLOAD_URL_TTL_SECONDS,
        headers: { "content-type": file.contentType, "content-length": String(file.size), "if-none-match": "*" },
      });
      return {
        url,
        headers: { "Content-Type": file.contentType, "Content-Length": String(file.size), "If-None-Match": "*" },
        expiresAt: new Date(signingDate.getTime() + UPLOAD_URL_TTL_SECONDS * 1000),
      };
    },
    async signDownload(key: string, file: { contentType: string; fileName: string }, now?: Date): Promise<SignedDownload> {
      const signingDate = signingTime(now);
      // S3 answers with these headers in place of the object's own (stored with the declared type):
      // always a download, an active type as application/octet-stream, never cached by others.
      const url = await presign("GET", key, {
        signingDate,
        expiresIn: DOWNLOAD_URL_TTL_SECONDS,
        query: {
          "response-content-disposition": attachmentDisposition(file.fileName),
          "response-content-type": servedContentType(file.contentType),
          "response-cache-control": "private, no-store",
        },
      });
      return { url, expiresAt: new Date(signingDate.getTime() + DOWNLOAD_URL_TTL_SECONDS * 1000) };
    },
    async head(key: string): Promise<StoredFile | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? "" };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw unavailable(err);
      }
    },
    async delete(key: string): Promise<void> {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (!isNotFound(err)) throw unavailable(err);
      }
    },
    async put(key: string, file: StoredFile, body: AsyncIterable<Uint8Array>): Promise<void> {
      try {
        // If-None-Match: * as for signed uploads: a key is written once.
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: Readable.from(body),
            ContentLength: file.size,
            ContentType: file.contentType,
            IfNoneMatch: "*",
          }),
        );
      } catch (err) {
        throw unavailable(err);
      }
    },
    async read(key: string): Promise<AsyncIterable<Uint8Array> | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return (object.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw unavailable(err);
      }
    },
  };
}
