import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { RestAnswer } from "../rest/rest-handler.ts";

/**
 * The Fetch Request a route handler gets for a Node request, built as Next builds it
 * (NextRequestAdapter.fromNodeNextRequest): the client's headers plus the x-forwarded-* Next fills
 * in when they are absent, the body streamed (never for GET/HEAD), and a signal that aborts when
 * the client goes away before the answer is sent.
 */
export function fetchRequest(req: IncomingMessage, res: ServerResponse, url: string, hostname: string, port: number): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.append(name, value);
  }
  if (!headers.has("x-forwarded-host")) headers.set("x-forwarded-host", req.headers.host ?? hostname);
  if (!headers.has("x-forwarded-port")) headers.set("x-forwarded-port", String(port));
  if (!headers.has("x-forwarded-proto")) headers.set("x-forwarded-proto", "http");
  if (!headers.has("x-forwarded-for") && req.socket.remoteAddress) headers.set("x-forwarded-for", req.socket.remoteAddress);
  const aborted = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) aborted.abort();
  });
  const body = req.method === "GET" || req.method === "HEAD" ? null : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  return new Request(url, { method: req.method, headers, body, duplex: "half", signal: aborted.signal } as RequestInit);
}

/** Headers Next never copies from a handler's Response: Node frames the body itself. */
const FRAMING = new Set(["content-length", "content-encoding", "transfer-encoding"]);
/** Headers a handler's value is added to rather than dropped when Next has already set them (send-response.ts). */
const REPEATABLE = new Set(["set-cookie", "www-authenticate", "proxy-authenticate", "vary"]);

/**
 * Writes a REST answer with the header precedence of sendResponse: `preset` first, then the
 * answer's own, named in lower case as Headers would.
 */
export function sendAnswer(res: ServerResponse, answer: RestAnswer, preset: [string, string][]): void {
  for (const [name, value] of preset) res.setHeader(name, value);
  res.statusCode = answer.status;
  for (const [header, value] of Object.entries(answer.headers)) {
    const name = header.toLowerCase();
    if (REPEATABLE.has(name) || res.getHeader(name) === undefined) res.appendHeader(name, value);
  }
  res.end(answer.body ?? undefined);
}

/** Settles when the response can take more, or is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/**
 * Writes a handler's Response as Next's sendResponse does: `preset` first (Next sets them before
 * the handler runs, and they win over the handler's own except the repeatable ones), then the
 * body. A body of one chunk, which every JSON answer is, goes out in one write with its length;
 * a longer one (an MCP event stream) is streamed with backpressure, and an event stream chunk by chunk.
 */
export async function sendResponse(res: ServerResponse, response: Response, preset: [string, string][]): Promise<void> {
  for (const [name, value] of preset) res.setHeader(name, value);
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (FRAMING.has(name) || name === "set-cookie") continue;
    if (REPEATABLE.has(name) || res.getHeader(name) === undefined) res.appendHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  res.once("close", () => void reader.cancel().catch(() => undefined));
  // An event stream's chunks go out as they come: each one is what a client waits for.
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    res.flushHeaders();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      if (!res.write(next.value)) await drained(res);
      if (res.destroyed) return;
    }
    return void res.end();
  }
  const first = await reader.read();
  if (first.done) return void res.end();
  let next = await reader.read();
  if (next.done) return void res.end(first.value);
  res.write(first.value);
  while (!next.done) {
    if (!res.write(next.value)) await drained(res);
    if (res.destroyed) return;
    next = await reader.read();
  }
  res.end();
}
