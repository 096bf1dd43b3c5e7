import { createHmac, timingSafeEqual } from "node:crypto";
import { publicBaseUrl } from "@/lib/config.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { derivedSecret } from "@/lib/secrets.ts";

/** Who an unsubscribe link is for: one recipient of one company, and the record they were sent as. */
export interface Recipient {
  tenantId: string;
  objectApiName: string;
  recordId: string;
  address: string;
}

/** Room for the longest address (254 characters of up to 4 UTF-8 bytes each) in base64url, and the signature. */
export const MAX_TOKEN_LENGTH = 2048;

let secret: Buffer | undefined;
const key = (): Buffer => (secret ??= Buffer.from(derivedSecret("unsubscribe-links"), "base64url"));
const sign = (payload: string): string => createHmac("sha256", key()).update(`v1\n${payload}`).digest("base64url");

/**
 * The recipient's unsubscribe token: their identity, readable but signed (HMAC-SHA256 with a
 * secret derived from AUTH_SECRET), so nobody can make one for anyone else and it never expires
 * (an email read a year later still unsubscribes). It names no secret of theirs.
 */
export function unsubscribeToken(r: Recipient): string {
  const payload = Buffer.from(JSON.stringify([r.tenantId, r.objectApiName, r.recordId, r.address.toLowerCase()])).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The recipient a token names, or null when it was not made by us (or was altered). */
export function readUnsubscribeToken(token: string): Recipient | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [tenantId, objectApiName, recordId, address] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    if (typeof tenantId !== "string" || !isUuid(tenantId) || typeof recordId !== "string" || !isUuid(recordId)) return null;
    if (typeof objectApiName !== "string" || typeof address !== "string") return null;
    return { tenantId, objectApiName, recordId, address };
  } catch {
    return null;
  }
}

/** The page a person opens from the footer (one click to confirm), and the RFC 8058 one-click POST target. */
export const unsubscribePageUrl = (token: string): string => `${publicBaseUrl()}/unsubscribe/${token}`;
export const oneClickUrl = (token: string): string => `${publicBaseUrl()}/api/unsubscribe/${token}`;
