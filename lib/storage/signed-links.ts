import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedSecret } from "@/lib/secrets.ts";

/**
 * The local store's signed URLs: an HMAC (SHA-256, a secret derived from AUTH_SECRET) over the
 * method, the storage key, the expiry and what the request is bound to (an upload's content type
 * and size; a download's content type and file name). Changing any of them, or using a URL for
 * another key or method, makes the signature wrong; the answer never says which part was.
 */
export interface LinkTerms {
  method: "PUT" | "GET";
  key: string;
  /** Unix seconds. */
  expires: number;
  contentType: string;
  /** PUT: the size in bytes; GET: the file name. */
  bound: string;
}

let secret: Buffer | undefined;
const linkSecret = (): Buffer => (secret ??= Buffer.from(derivedSecret("attachment-links"), "base64url"));

export function signLink(t: LinkTerms): string {
  return createHmac("sha256", linkSecret())
    .update(["v1", t.method, t.key, String(t.expires), t.contentType, t.bound].join("\n"))
    .digest("base64url");
}

/** Whether the signature is the one for these terms and the link has not expired at `now`. */
export function linkIsValid(t: LinkTerms, signature: string, now: Date = new Date()): boolean {
  if (!Number.isSafeInteger(t.expires) || t.expires * 1000 < now.getTime()) return false;
  const expected = Buffer.from(signLink(t));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
