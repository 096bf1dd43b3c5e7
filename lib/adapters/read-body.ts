import { maxBodyBytes } from "@/lib/config.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { ApiRequest } from "./api-request.ts";

/**
 * After a refusal, what is left of an oversized body is read and thrown away (never kept) so the
 * client receives the 413 on a healthy connection — but only up to these bounds; past them the
 * connection is dropped.
 */
export const DISCARD_LIMIT_BYTES = 256 * 1024 * 1024;
const DISCARD_LIMIT_MS = 30_000;

/** Reads what is left of a body and throws it away, in the background; past those bounds, cancels it (the connection drops). */
export function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const until = Date.now() + DISCARD_LIMIT_MS;
  let discarded = 0;
  const next = (): Promise<void> =>
    reader.read().then(({ done, value }) => {
      if (done) return;
      discarded += value.byteLength;
      if (discarded > DISCARD_LIMIT_BYTES || Date.now() > until) return void reader.cancel().catch(() => undefined);
      return next();
    });
  next().catch(() => undefined);
}

/**
 * The request body as text, read as a stream with the cap counted while reading (a chunked body
 * declares no length), and decoded strictly: bytes that are not UTF-8 are refused, never turned
 * into U+FFFD and stored. Call it only after the credential has been checked.
 */
export async function readBodyText(req: ApiRequest, max = maxBodyBytes()): Promise<string> {
  const bytes = await readBodyBytes(req, max);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("invalid_request", "Request body is not valid UTF-8");
  }
}

/** The request body's bytes, read as a stream with the cap counted while reading; 413 past it. */
export async function readBodyBytes(req: ApiRequest, max: number): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > max) {
    if (req.body) discardRest(req.body.getReader());
    throw new AppError("payload_too_large", `Request body too large: the limit is ${max} bytes`);
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      chunks.length = 0;
      discardRest(reader);
      throw new AppError("payload_too_large", `Request body too large: the limit is ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A JSON body (`application/json` or `+json`), read with readBodyText. */
export async function readJsonBody(req: ApiRequest): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) throw new AppError("unsupported_media_type");
  const text = await readBodyText(req);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_request", "Request body is not valid JSON");
  }
}

/**
 * A form-encoded body (`application/x-www-form-urlencoded`), read with readBodyText. Values
 * holding U+0000 are refused here: no column can store them, and they mean nothing in a form.
 */
export async function readFormBody(req: Request, max = maxBodyBytes()): Promise<URLSearchParams> {
  const form = new URLSearchParams(await readBodyText(req, Math.min(max, maxBodyBytes())));
  for (const [key, value] of form)
    if (key.includes("\u0000") || value.includes("\u0000"))
      throw new AppError("invalid_request", "Form fields may not contain the NUL character (U+0000)");
  return form;
}
