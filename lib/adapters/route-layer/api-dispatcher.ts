import type { IncomingMessage, ServerResponse } from "node:http";
import { apiPages, type PageHandler } from "./api-pages.ts";
import { nextRouting } from "./next-routing.ts";
import type { RestAnswer, RestCall } from "../rest/rest-handler.ts";
import { fetchRequest, sendAnswer, sendResponse } from "./node-bridge.ts";
import { NodeApiRequest } from "./node-request.ts";
import { settleUnreadBody } from "./settle-unread-body.ts";

/** Serves the request and returns true, or returns false (having touched nothing) to leave it to Next. */
export type ApiDispatcher = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface DispatcherOptions {
  /** The build folder (`.next`), whose manifests say how Next routes. */
  distDir: string;
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
 * The light route layer for /api/v1 and /api/mcp: the route Next would take, chosen from the
 * build's manifests, and the very handlers of its route file, called without Next's router, with
 * the headers Next adds. A REST operation's call runs on the Node request and response
 * directly (NodeApiRequest, sendAnswer); the MCP endpoint and 405 answers get Fetch objects.
 * Everything else — pages, other routes, HEAD and OPTIONS, unusual paths, paths a proxy,
 * redirect or rewrite applies to — is left to Next.
 */
export function createApiDispatcher(o: DispatcherOptions): ApiDispatcher {
  const routing = nextRouting(o.distDir);
  const pages = apiPages();
  const origin = `http://${o.hostname}:${o.port}`;
  return (req, res) => {
    const method = req.method ?? "";
    const url = req.url ?? "";
    if (!METHODS.has(method) || !url.startsWith("/api/")) return false;
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    if (!PLAIN_PATH.test(pathname)) return false;
    const match = routing.match(pathname);
    const page = match && pages.get(match.page);
    if (!match || !page) return false;
    const logged = () => {
      if (o.log) console.log(`api-route-layer ${method} ${pathname} ${res.statusCode}`);
    };
    const call = page.calls?.[method];
    if (call) {
      const request = new NodeApiRequest(req, origin + url, o.hostname, o.port);
      void serveCall(call, request, match.params, routing.headers(pathname), req, res).then(logged);
      return true;
    }
    const handler = page.methods[method];
    if (!handler) return false;
    let request: Request;
    try {
      request = fetchRequest(req, res, origin + url, o.hostname, o.port);
    } catch {
      // A header the Fetch API refuses: Next decides what that answers.
      return false;
    }
    void serve(handler, request, match.params, routing.headers(pathname), req, res).then(logged);
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
  handler: PageHandler,
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
