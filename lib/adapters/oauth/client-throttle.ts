import { rateLimitHeaders, unauthenticatedAnswer } from "@/lib/adapters/bearer-challenge.ts";
import { isRateLimitedError, RateLimitedError } from "@/lib/errors/rate-limited.ts";
import { getRateLimiter, type RateLimitResult } from "@/lib/rate-limit/index.ts";
import { clientCredentials } from "./client-credentials.ts";
import { clientIp } from "../rest/client-ip.ts";
import { oauthJson } from "./oauth-response.ts";
import { spendOpenEndpointBudget, type OpenEndpointBudget } from "./open-endpoint-budget.ts";

/**
 * Rate limits of /api/oauth/token and /api/oauth/revoke, which clients call with their own
 * credentials rather than a user's token:
 * - Every request spends one unit of its client's bucket: per client_id, or per address when no
 *   client_id can be read. Every answer carries that bucket's X-RateLimit-* headers. The limit is
 *   generous because one app serves all its users, each refreshing about once an hour.
 * - A failed client authentication also spends one unit of the client_id's failure bucket and of
 *   the address's unauthenticated bucket (the one REST and MCP spend on a bad credential). Over
 *   either, the failure is answered 429 instead of 401. Only failures count there, so nobody can
 *   lock an app out of its tokens by sending its (public) client_id with wrong secrets.
 */
export const CLIENT_REQUESTS_PER_MINUTE = 1200;
export const FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE = 20;

/** Longer "client ids" are no client of ours: they spend the address's buckets instead. */
const MAX_CLIENT_ID_LENGTH = 128;

/** The client_id the request names (Basic credentials or form), trusted only as a bucket name. */
export function claimedClientId(authorization: string | null, form: URLSearchParams | undefined): string | null {
  let clientId: string | null;
  try {
    clientId = clientCredentials(authorization, form ?? new URLSearchParams()).clientId;
  } catch {
    clientId = form?.get("client_id") ?? null;
  }
  return clientId && clientId.length <= MAX_CLIENT_ID_LENGTH ? clientId : null;
}

/** Spends one request of the client's bucket (see above); the limiter's own failure propagates. */
export function spendClientRequest(req: Request, clientId: string | null): Promise<RateLimitResult> {
  return getRateLimiter().consume(clientId === null ? `oauth-ip:${clientIp(req)}` : `oauth-client:${clientId}`, CLIENT_REQUESTS_PER_MINUTE);
}

/** After a failed client authentication: the failure bucket that now refuses, or null while both admit. */
export async function spendFailedAuthentication(req: Request, clientId: string | null, failure: unknown): Promise<RateLimitResult | null> {
  const perClient =
    clientId === null
      ? null
      : await getRateLimiter().consume(`oauth-client-auth:${clientId}`, FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE);
  const perAddress = await unauthenticatedAnswer(req, failure);
  if (isRateLimitedError(perAddress.error)) return perAddress.error.rateLimit;
  if (perAddress.error !== failure) throw perAddress.error; // the limiter itself failed
  return perClient?.allowed === false ? perClient : null;
}

/** 429 in the RFC 6749 5.2 error shape, with the refusing bucket's headers and Retry-After. */
export function tooManyRequests(bucket: RateLimitResult, what = "Too many requests from this client"): Response {
  return oauthJson(
    429,
    { error: "rate_limited", error_description: `${what}: retry in ${bucket.retryAfter} seconds` },
    rateLimitHeaders(bucket),
  );
}

/** The bucket's X-RateLimit-* headers on an answer. */
export function withRateLimitHeaders(res: Response, bucket: RateLimitResult): Response {
  for (const [name, value] of Object.entries(rateLimitHeaders(bucket))) res.headers.set(name, value);
  return res;
}

/** Client metadata documents fetched per minute, per address and of all together: each costs an outbound request of ours. */
export const METADATA_FETCH_BUDGET: OpenEndpointBudget = { name: "oauth-metadata", perAddress: 30, all: 300 };

/** Spends one fetch (open-endpoint-budget.ts); over a limit, a RateLimitedError (the authorize page's 429). */
export async function spendMetadataFetch(req: Request): Promise<void> {
  const bucket = await spendOpenEndpointBudget(req, METADATA_FETCH_BUDGET);
  if (!bucket.allowed) throw new RateLimitedError(bucket);
}
