import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { AppError } from "@/lib/errors/app-error.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { getAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { attachmentDisposition } from "@/lib/storage/content-disposition.ts";
import { AlreadyUploadedError, openLocalFile, UploadMismatchError, writeLocalFile } from "@/lib/storage/local-store.ts";
import { servedContentType } from "@/lib/storage/served-content-type.ts";
import { linkIsValid } from "@/lib/storage/signed-links.ts";
import { isStorageKey } from "@/lib/storage/storage-key.ts";
import type { RouteContext, RouteHandler } from "../route-handler.ts";

/**
 * On every answer of this route, which the site-wide headers of next.config.js leave alone (they
 * would replace these): nothing served here is sniffed, framed, run or given a Referer.
 */
const PROTECTIVE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
};

/**
 * The local store's upload and download URLs (app/api/files/[tenant]/[name]). The signature is the
 * credential: no key or session is asked for, and no rate-limit bucket is spent (a link is issued
 * only to a credential that spent one, and works for minutes). Whatever is wrong with a link —
 * altered, expired, another file's, another method's — the answer is the same 403.
 */
function refusal(err: AppError, headers: Record<string, string> = {}, status?: number): Response {
  const requestId = randomUUID();
  const answer = toErrorBody(err, requestId);
  return Response.json(answer.body, {
    status: status ?? answer.status,
    headers: { ...PROTECTIVE_HEADERS, ...headers, "Cache-Control": "no-store", "X-Request-Id": requestId },
  });
}

const linkInvalid = () => refusal(new AppError("link_invalid"));

async function keyOf(ctx: RouteContext): Promise<string | null> {
  const { tenant, name } = await ctx.params;
  const key = `${String(tenant)}/${String(name)}`;
  return isStorageKey(key) ? key : null;
}

/** Query parameters, each exactly once. */
function params(req: Request, names: string[]): Record<string, string> | null {
  const query = new URL(req.url).searchParams;
  const out: Record<string, string> = {};
  for (const name of names) {
    const values = query.getAll(name);
    if (values.length !== 1) return null;
    out[name] = values[0]!;
  }
  return out;
}

/**
 * Headers of a served file: always a download, an active type as application/octet-stream (the
 * signed type is the declared one), never rendered, never sniffed, never cached by others.
 */
function downloadHeaders(contentType: string, fileName: string, size: number): Record<string, string> {
  return {
    ...PROTECTIVE_HEADERS,
    "Content-Type": servedContentType(contentType),
    "Content-Length": String(size),
    "Content-Disposition": attachmentDisposition(fileName),
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "private, no-store",
  };
}

/** HEAD of a download link: the same checks and headers, and no file opened (Next would not read the body). */
export const headFile: RouteHandler = async (req, ctx) => {
  const answer = await downloadFile(req, ctx, true);
  return new Response(null, { status: answer.status, headers: answer.headers });
};

export async function downloadFile(req: Request, ctx: RouteContext, headOnly = false): Promise<Response> {
  const key = await keyOf(ctx);
  const q = params(req, ["expires", "type", "name", "signature"]);
  if (!key || !q) return linkInvalid();
  const terms = { method: "GET" as const, key, expires: Number(q.expires), contentType: q.type!, bound: q.name! };
  if (!linkIsValid(terms, q.signature!)) return linkInvalid();
  if (getAttachmentStore().kind !== "local") return refusal(new AppError("not_found", "File not found"));
  let file: Awaited<ReturnType<typeof openLocalFile>>;
  try {
    file = await openLocalFile(key, headOnly);
  } catch (err) {
    console.error("local attachment store:", err);
    return refusal(new AppError("storage_unavailable", undefined, undefined, { retryAfter: 5 }), { "Retry-After": "5" });
  }
  if (!file) return refusal(new AppError("not_found", "File not found"));
  const body = file.stream ? (Readable.toWeb(file.stream) as ReadableStream<Uint8Array>) : null;
  return new Response(body, { status: 200, headers: downloadHeaders(terms.contentType, terms.bound, file.size) });
}

/** The request body as a Node stream (an async iterable of chunks). */
const bodyOf = (req: Request): Readable =>
  req.body ? Readable.fromWeb(req.body as import("node:stream/web").ReadableStream<Uint8Array>) : Readable.from([]);

export const uploadFile: RouteHandler = async (req, ctx) => {
  const key = await keyOf(ctx);
  const q = params(req, ["expires", "type", "size", "signature"]);
  if (!key || !q) return linkInvalid();
  const terms = { method: "PUT" as const, key, expires: Number(q.expires), contentType: q.type!, bound: q.size! };
  if (!linkIsValid(terms, q.signature!)) return linkInvalid();
  if (getAttachmentStore().kind !== "local") return refusal(new AppError("not_found", "File not found"));
  const length = req.headers.get("content-length");
  if (length === null) return refusal(new AppError("invalid_request", "The upload must declare its Content-Length"), {}, 411);
  // As S3 does with a presigned PUT whose signed headers differ: the type and length are part of the link.
  if (length !== terms.bound || req.headers.get("content-type") !== terms.contentType || req.headers.get("if-none-match") !== "*")
    return refusal(
      new AppError(
        "link_invalid",
        "The upload must send exactly the headers that step 1 answered (Content-Type, Content-Length, If-None-Match)",
      ),
    );
  try {
    const md5 = await writeLocalFile(key, { contentType: terms.contentType, size: Number(terms.bound) }, bodyOf(req));
    return new Response(null, { status: 200, headers: { ...PROTECTIVE_HEADERS, ETag: `"${md5}"`, "Cache-Control": "no-store" } });
  } catch (err) {
    if (err instanceof UploadMismatchError) return refusal(new AppError("invalid_request", err.message));
    // As S3 answers a conditional PUT whose key exists: 412 Precondition Failed.
    if (err instanceof AlreadyUploadedError)
      return refusal(
        new AppError("conflict", "A file was uploaded under this key already; register it, or ask for a new upload URL"),
        {},
        412,
      );
    console.error("local attachment store:", err);
    return refusal(new AppError("storage_unavailable", undefined, undefined, { retryAfter: 5 }), { "Retry-After": "5" });
  }
};
