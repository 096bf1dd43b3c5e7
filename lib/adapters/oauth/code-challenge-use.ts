import { getRateLimiter } from "@/lib/rate-limit/index.ts";

/**
 * RFC 7636 has a client make a new code verifier for every authorization request. A
 * code_challenge sent again by the same client (a request replayed by someone who saw it, or a
 * client that reuses its verifier) is refused for as long as a code issued for it may still be
 * redeemed. The rate limiter's log is the store: one code per (client, challenge) per window,
 * exact across instances with Redis, and the window (a minute) covers a code's life (CODE_TTL_MS).
 * Returns whether this use is the first.
 */
export async function spendCodeChallenge(appId: string, codeChallenge: string): Promise<boolean> {
  return (await getRateLimiter().consume(`oauth-challenge:${appId}:${codeChallenge}`, 1)).allowed;
}
