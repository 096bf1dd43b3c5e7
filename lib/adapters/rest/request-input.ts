import { AppError } from "@/lib/errors/app-error.ts";
import type { HttpBinding } from "@/lib/operations/define.ts";

/** Largest JSON body accepted (bulk requests of 500 records fit comfortably). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

async function readJsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) throw new AppError("unsupported_media_type");
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new AppError("payload_too_large");
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new AppError("payload_too_large");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_request", "Request body is not valid JSON");
  }
}

/** Path parameters, query parameters and the JSON body, merged into the operation's input object. */
export async function requestInput(req: Request, params: Record<string, string | string[]>, http: HttpBinding): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = { ...queryObject(new URL(req.url)), ...params };
  if (http.body) input[http.body] = await readJsonBody(req);
  return input;
}
