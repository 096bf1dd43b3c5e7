import { publicBaseUrl } from "@/lib/config.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { RateLimitedError } from "@/lib/errors/rate-limited.ts";
import { getRateLimiter, type RateLimitResult } from "@/lib/rate-limit/index.ts";
import type { ApiRequest } from "./api-request.ts";
import { clientIp } from "./rest/client-ip.ts";

/** Requests without a valid credential share this per-address bucket (slows key guessing). */
const UNAUTHENTICATED_LIMIT = 120;

export function rateLimitHeaders(r: RateLimitResult): Record<string, string> {
  const h: Record<string, string> = {
    "X-RateLimit-Limit": String(r.limit),
    "X-RateLimit-Remaining": String(r.remaining),
    "X-RateLimit-Reset": String(r.resetAt),
  };
  if (!r.allowed) h["Retry-After"] = String(r.retryAfter);
  return h;
}

/**
 * The answer to a request that failed authentication, after spending one unit of the caller's
 * address bucket: the 401 itself, or 429 once the address is over its limit, or the limiter's
 * own failure (503) when it cannot count.
 */
export async function unauthenticatedAnswer(req: ApiRequest, authError: unknown): Promise<{ error: unknown; limit?: RateLimitResult }> {
  let limit: RateLimitResult;
  try {
    limit = await getRateLimiter().consume(`ip:${clientIp(req)}`, UNAUTHENTICATED_LIMIT);
  } catch (err) {
    return { error: err };
  }
  return { error: limit.allowed ? authError : new RateLimitedError(limit), limit };
}

/**
 * RFC 6750 3 and RFC 9728 5.1: what went wrong, and where OAuth clients find the authorization
 * server of the resource at `resourcePath` (/api/v1 or /api/mcp).
 */
export function bearerChallenge(resourcePath: string, error: unknown): string | undefined {
  if (!isAppError(error)) return undefined;
  const metadata = `resource_metadata="${publicBaseUrl()}/.well-known/oauth-protected-resource${resourcePath}"`;
  const realm = resourcePath === "/api/mcp" ? "mcp" : "api";
  if (error.status === 401)
    return `Bearer realm="${realm}", ${metadata}${error.code === "invalid_credential" ? ', error="invalid_token"' : ""}`;
  if (error.requiredScope) return `Bearer realm="${realm}", error="insufficient_scope", scope="${error.requiredScope}", ${metadata}`;
  return undefined;
}
