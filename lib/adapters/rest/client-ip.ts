import type { RequestOrigin } from "@/lib/services/audit/audit-log.ts";
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

/**
 * Where a request came from, for the audit log: the first X-Forwarded-For entry — the proxy's
 * with TRUST_PROXY, otherwise the socket's address, which server.mjs makes sure of by dropping
 * whatever the client sent under that name.
 */
export function requestOrigin(headers: Pick<Headers, "get">): RequestOrigin {
  return { ip: headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null };
}
