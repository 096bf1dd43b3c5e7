import { randomUUID } from "node:crypto";
import { isRateLimitedError, RateLimitedError } from "@/lib/errors/rate-limited.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { getRateLimiter, type RateLimitResult } from "@/lib/rate-limit/index.ts";
import { rateLimitHeaders } from "./bearer-challenge.ts";
import { clientIp } from "./rest/client-ip.ts";
import type { RouteHandler } from "./route-handler.ts";
import { withHeaders } from "./with-headers.ts";

/**
 * Answers without a credential (the OpenAPI document, the Postman collection, OAuth metadata,
 * unknown paths and methods) spend a per-address bucket, so they carry X-RateLimit-* like every
 * other answer (spec 8) and cannot be requested without bound. Generous: tools fetch these often.
 */
export const PUBLIC_LIMIT = 600;

async function spendPublic(req: Request): Promise<RateLimitResult> {
  const limit = await getRateLimiter().consume(`public:${clientIp(req)}`, PUBLIC_LIMIT);
  if (!limit.allowed) throw new RateLimitedError(limit);
  return limit;
}

/** The handler behind the per-address bucket: its answer gets the bucket's headers; over the limit, a 429. */
export function publicRoute(handler: RouteHandler): RouteHandler {
  return async (req, ctx) => {
    let limit: RateLimitResult;
    try {
      limit = await spendPublic(req);
    } catch (err) {
      const requestId = randomUUID();
      const { status, body, retryAfter } = toErrorBody(err, requestId);
      const headers: Record<string, string> = { "Cache-Control": "no-store", "X-Request-Id": requestId };
      if (isRateLimitedError(err)) Object.assign(headers, rateLimitHeaders(err.rateLimit));
      if (retryAfter !== undefined) headers["Retry-After"] ??= String(retryAfter);
      return Response.json(body, { status, headers });
    }
    return withHeaders(await handler(req, ctx), rateLimitHeaders(limit));
  };
}
