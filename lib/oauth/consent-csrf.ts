import { createHash } from "node:crypto";
import { timedToken, timedTokenValid } from "@/lib/auth/timed-token.ts";

/** A consent form is good for 10 minutes after it was shown. */
const MAX_AGE_MS = 10 * 60_000;

/**
 * The consent form's anti-CSRF token: an HMAC, under the server's secret, of the signed-in user
 * and the exact authorization request, with the time it was issued. A form forged on another
 * site cannot carry it (it cannot read our page), and a token taken from one request fits no other.
 * It decides once: the decision records it (services/oauth/consent-forms.ts).
 */
export function consentToken(secret: string, bound: readonly string[], now = Date.now()): string {
  return timedToken(secret, "oauth-consent", bound, now);
}

export function consentTokenValid(secret: string, bound: readonly string[], token: string, now = Date.now()): boolean {
  return timedTokenValid(secret, "oauth-consent", bound, token, MAX_AGE_MS, now);
}

/** What a valid token's single use is recorded as, and until when that record matters. */
export function consentTokenUse(token: string): { hash: string; expiresAt: Date } {
  const issuedAt = Number(token.slice(0, token.indexOf(".")));
  return { hash: createHash("sha256").update(token).digest("base64url"), expiresAt: new Date(issuedAt + MAX_AGE_MS) };
}
