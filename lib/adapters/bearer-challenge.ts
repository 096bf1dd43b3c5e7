import { publicBaseUrl } from "@/lib/config.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getRateLimiter, type RateLimitResult } from "@/lib/rate-limit/index.ts";
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

/** Spends one unit of the caller's address bucket: for requests that failed authentication. */
export function consumeUnauthenticated(req: Request): Promise<RateLimitResult> {
  return getRateLimiter().consume(`ip:${clientIp(req)}`, UNAUTHENTICATED_LIMIT);
}

/**
 * RFC 6750 3 and RFC 9728 5.1: what went wrong, and where OAuth clients find the authorization
 * server of the resource at `resourcePath` (/api/v1 or /api/mcp).
 */
export function bearerChallenge(resourcePath: string, error: unknown): string | undefined {
  if (!(error instanceof AppError)) return undefined;
  const metadata = `resource_metadata="${publicBaseUrl()}/.well-known/oauth-protected-resource${resourcePath}"`;
  const realm = resourcePath === "/api/mcp" ? "mcp" : "api";
  if (error.status === 401) return `Bearer realm="${realm}", ${metadata}${error.code === "invalid_credential" ? ', error="invalid_token"' : ""}`;
  if (error.requiredScope) return `Bearer realm="${realm}", error="insufficient_scope", scope="${error.requiredScope}", ${metadata}`;
  return undefined;
}
