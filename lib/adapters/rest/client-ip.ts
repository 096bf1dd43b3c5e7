import type { ApiRequest } from "../api-request.ts";

/**
 * The caller's address for the unauthenticated bucket. Only the proxy's own header is trusted,
 * and only when TRUST_PROXY is set; otherwise all unauthenticated callers share one bucket per
 * instance, which still caps credential guessing.
 */
export function clientIp(req: ApiRequest): string {
  if (process.env.TRUST_PROXY === "true") {
    const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return "direct";
}
