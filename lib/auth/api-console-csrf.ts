import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/secrets.ts";

/** As long as a session lasts (auth-config.ts): a reference page left open keeps working while the user stays signed in. */
const MAX_AGE_MS = 8 * 60 * 60_000;

export interface ConsoleUser {
  tenantId: string;
  userId: string;
}

/**
 * The API reference's anti-CSRF token: an HMAC, under the server's secret, of the signed-in user
 * and the time it was issued, rendered into the page and sent back as `X-CSRF-Token`. Another site
 * can make the browser send our session cookie but cannot read the page, so it cannot send the token;
 * a token shown to one user is worth nothing with another user's session.
 */
export function apiConsoleToken(user: ConsoleUser, now = Date.now()): string {
  return `${now}.${mac(user, now)}`;
}

export function apiConsoleTokenValid(user: ConsoleUser, token: string, now = Date.now()): boolean {
  const m = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const issuedAt = Number(m[1]);
  if (issuedAt > now + 60_000 || now - issuedAt > MAX_AGE_MS) return false;
  const a = Buffer.from(m[2]!);
  const b = Buffer.from(mac(user, issuedAt));
  return a.length === b.length && timingSafeEqual(a, b);
}

function mac(user: ConsoleUser, issuedAt: number): string {
  return createHmac("sha256", authSecret()).update(JSON.stringify(["api-console", issuedAt, user.tenantId, user.userId])).digest("base64url");
}
