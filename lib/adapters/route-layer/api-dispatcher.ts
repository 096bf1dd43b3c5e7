import type { IncomingMessage, ServerResponse } from "node:http";
import { apiRouter, type ApiHandler } from "../api-router.ts";
import type { RestAnswer, RestCall } from "../rest/rest-handler.ts";
import { SECURITY_HEADERS } from "../security-headers.mjs";
import { fetchRequest, sendAnswer, sendResponse } from "./node-bridge.ts";
import { NodeApiRequest } from "./node-request.ts";
import { settleUnreadBody } from "./settle-unread-body.ts";

/** Serves the request and returns true, or returns false (having touched nothing) to leave it to Next. */
export type ApiDispatcher = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface DispatcherOptions {
  /** Where server.mjs listens: Next builds the request URL and x-forwarded-* from them. */
  hostname: string;
  port: number;
  /** Print one line per request the layer serves (API_ROUTE_LAYER=log). */
  log?: boolean;
}

/** HEAD and OPTIONS stay with Next, which derives them from the other methods. */
const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * Paths that read the same raw and normalized: no percent-escapes (so no decoding question), no
 * empty, `.` or `..` segment, no trailing slash (Next redirects those), nothing but unreserved
 * characters. The API's own paths (object names, UUIDs) are all of this kind; any other goes to Next.
 */
const PLAIN_PATH = /^(?:\/[\w~-][\w.~-]*)+$/;

/**
 * What Next sets on a route handler's answer before the handler's own headers: next.config.js's
 * security headers (the same list) and the App Router's Vary, which tests/server/api-route-layer.test.ts
 * compares with Next's own answers.
 */
const PRESET: [string, string][] = [
  ...SECURITY_HEADERS.map(({ key, value }): [string, string] => [key, value]),
  ["vary", "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch"],
];

/**
 * The light route layer for /api/v1 and /api/mcp: the registry's router (api-router.ts), the
 * same one Next's catch-all route file uses, and its handlers called without Next, with the
 * headers Next adds. A REST operation's call runs on the Node request and response directly
 * (NodeApiRequest, sendAnswer); the MCP endpoint and 405 answers get Fetch objects. Everything
 * else — pages, other routes, HEAD and OPTIONS, unusual paths — is left to Next.
 */
export function createApiDispatcher(o: DispatcherOptions): ApiDispatcher {
  const router = apiRouter();
  const origin = `http://${o.hostname}:${o.port}`;
  return (req, res) => {
    const method = req.method ?? "";
    const url = req.url ?? "";
    if (!METHODS.has(method) || !url.startsWith("/api/")) return false;
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    if (!PLAIN_PATH.test(pathname)) return false;
    const match = router.match(pathname.split("/").slice(1));
    if (!match || match.route.routeFile) return false;
    const { route } = match;
    const logged = () => {
      if (o.log) console.log(`api-route-layer ${method} ${pathname} ${res.statusCode}`);
    };
    const call = route.calls?.[method as keyof typeof route.calls];
    if (call) {
      const request = new NodeApiRequest(req, origin + url, o.hostname, o.port);
      void serveCall(call, request, match.params, PRESET, req, res).then(logged);
      return true;
    }
    const handler = route.methods[method];
    if (!handler) return false;
    let request: Request;
    try {
      request = fetchRequest(req, res, origin + url, o.hostname, o.port);
    } catch {
      // A header the Fetch API refuses: Next decides what that answers.
      return false;
    }
    void serve(handler, request, match.params, PRESET, req, res).then(logged);
    return true;
  };
}

/** A REST call served straight from the Node request to the Node response. */
async function serveCall(
  call: RestCall,
  req: NodeApiRequest,
  params: Record<string, string>,
  preset: [string, string][],
  incoming: IncomingMessage,
  res: ServerResponse,
) {
  let answer: RestAnswer;
  try {
    answer = await call(req, params);
  } catch (err) {
    console.error(err);
    answer = { status: 500, headers: {}, body: null };
  }
  settleUnreadBody(incoming, res, () => req.body);
  sendAnswer(res, answer, preset);
}

async function serve(
  handler: ApiHandler,
  req: Request,
  params: Record<string, string>,
  preset: [string, string][],
  incoming: IncomingMessage,
  res: ServerResponse,
) {
  let response: Response;
  try {
    response = await handler(req, { params: Promise.resolve(params) });
  } catch (err) {
    // As Next does with a handler that throws: log it, answer an empty 500.
    console.error(err);
    response = new Response(null, { status: 500 });
  }
  settleUnreadBody(incoming, res, () => req.body);
  try {
    await sendResponse(res, response, preset);
  } catch (err) {
    res.destroy(err instanceof Error ? err : undefined);
  }
}
