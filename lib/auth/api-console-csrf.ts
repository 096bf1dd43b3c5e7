import { authSecret } from "@/lib/secrets.ts";
import { SESSION_MAX_AGE_SECONDS } from "./session-lifetime.ts";
import { timedToken, timedTokenValid } from "./timed-token.ts";

/** As long as a session lasts: a reference page left open keeps working while the user stays signed in. */
const MAX_AGE_MS = SESSION_MAX_AGE_SECONDS * 1000;

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
  return timedToken(authSecret(), "api-console", [user.tenantId, user.userId], now);
}

export function apiConsoleTokenValid(user: ConsoleUser, token: string, now = Date.now()): boolean {
  return timedTokenValid(authSecret(), "api-console", [user.tenantId, user.userId], token, MAX_AGE_MS, now);
}
