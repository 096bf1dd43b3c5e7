import ipaddr from "ipaddr.js";
import type { RequestOrigin } from "@/lib/services/audit/audit-log.ts";
import type { ApiRequest } from "../api-request.ts";

/**
 * The caller's bucket for the limits of requests without a credential: its peer address
 * (peerAddress), so one client over its limit locks out nobody else. Behind a proxy without
 * TRUST_PROXY every caller has the proxy's address, and shares its bucket.
 */
export function clientIp(req: ApiRequest): string {
  return addressBucket(peerAddress(req.headers));
}

/**
 * The bucket of an address: IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 by its /64,
 * which one subscriber usually holds whole. Requests whose address nobody filled in (in-process
 * calls) share one bucket.
 */
export function addressBucket(address: string | null): string {
  if (address === null) return "unknown";
  if (!ipaddr.isValid(address)) return address.slice(0, 64);
  const ip = ipaddr.process(address);
  if (ip.kind() === "ipv4") return ip.toString();
  return `${ip.toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
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
