import { createHmac, timingSafeEqual } from "node:crypto";

/** Clocks of several instances may differ by this much: a token "issued in the future" within it is fine. */
const CLOCK_SKEW_MS = 60_000;

/**
 * An anti-CSRF token: an HMAC, under the server's secret, of a purpose, what the token is bound to
 * (the user, the exact request) and the time it was issued, which travels in clear. Another site
 * cannot read our pages, so it cannot get one; one bound to something else fits nothing else.
 */
export function timedToken(secret: string, purpose: string, bound: readonly string[], now = Date.now()): string {
  return `${now}.${mac(secret, purpose, bound, now)}`;
}

export function timedTokenValid(
  secret: string,
  purpose: string,
  bound: readonly string[],
  token: string,
  maxAgeMs: number,
  now = Date.now(),
): boolean {
  const m = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const issuedAt = Number(m[1]);
  if (issuedAt > now + CLOCK_SKEW_MS || now - issuedAt > maxAgeMs) return false;
  const a = Buffer.from(m[2]!);
  const b = Buffer.from(mac(secret, purpose, bound, issuedAt));
  return a.length === b.length && timingSafeEqual(a, b);
}

function mac(secret: string, purpose: string, bound: readonly string[], issuedAt: number): string {
  return createHmac("sha256", secret)
    .update(JSON.stringify([purpose, issuedAt, ...bound]))
    .digest("base64url");
}
