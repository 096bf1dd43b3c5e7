import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { Destination } from "./destination.ts";

/** A lookup that answers the checked address whatever it is asked, so the socket goes nowhere else. */
function pinned(dest: Destination): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address: dest.address, family: dest.family }]);
    else callback(null, dest.address, dest.family);
  };
}

export interface PinnedRequest {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: Buffer;
  /** Ends the request, whatever stage it is at. */
  signal: AbortSignal;
  /** At most this much of the answer's body is read; the rest never is. */
  maxBytes: number;
}

export interface PinnedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first `maxBytes` of the body. */
  body: Buffer;
  /** Whether the body went on past `maxBytes`. */
  truncated: boolean;
}

/**
 * One request to a destination already checked and resolved (destination.ts, the SSRF rules of
 * webhooks): the connection pinned to the checked address with the name kept for Host and TLS SNI,
 * no pooled socket, no redirect followed (a 3xx is an answer like any other), the body read only
 * up to `maxBytes`. Shared by webhook deliveries and the OAuth client metadata documents.
 */
export function pinnedRequest(dest: Destination, r: PinnedRequest): Promise<PinnedAnswer> {
  const { url } = dest;
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method: r.method,
        headers: r.body ? { ...r.headers, "content-length": String(r.body.byteLength) } : r.headers,
        lookup: pinned(dest),
        // No pooled socket: each request connects to the address checked for it.
        agent: false,
        signal: r.signal,
        // TLS names the host, never an address (RFC 6066 has no SNI for IP literals).
        ...(url.protocol === "https:" && !isIP(dest.host) ? { servername: dest.host } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = (truncated: boolean) => {
          res.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).subarray(0, r.maxBytes), truncated });
        };
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.byteLength;
          if (size > r.maxBytes) finish(true);
        });
        res.on("end", () => finish(false));
        res.on("error", reject);
        // Settles a request whose answer closed without ending or failing; a no-op once settled.
        res.on("close", () => reject(r.signal.aborted ? r.signal.reason : new Error("The answer was cut off")));
      },
    );
    req.on("error", reject);
    req.end(r.body);
  });
}

/** Rejects when the signal fires: raced against steps that take no signal of their own (DNS). */
export function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
}
