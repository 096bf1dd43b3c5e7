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
 * The peer's address: with TRUST_PROXY the first X-Forwarded-For entry (the proxy's), otherwise
 * the socket's. Handlers get a Fetch Request, so the socket's address reaches them under that
 * name too: server.mjs drops whatever a client sent as X-Forwarded-For, then Next (or the route
 * layer, node-bridge.ts) fills in req.socket.remoteAddress. null when nothing did (in-process calls).
 */
export function peerAddress(headers: Pick<Headers, "get">): string | null {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null;
}

/** Where a request came from, for the audit log. */
export function requestOrigin(headers: Pick<Headers, "get">): RequestOrigin {
  return { ip: peerAddress(headers) };
}
