import { randomUUID } from "node:crypto";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { credentialFromHeaders } from "@/lib/auth/credential.ts";
import { rateLimitKey } from "@/lib/auth/principal.ts";
import { publicBaseUrl } from "@/lib/config.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { RateLimitedError } from "@/lib/errors/rate-limited.ts";
import { authenticate } from "@/lib/operations/run-operation.ts";
import { getRateLimiter, type RateLimitResult } from "@/lib/rate-limit/index.ts";
import { bearerChallenge, rateLimitHeaders, unauthenticatedAnswer } from "../bearer-challenge.ts";
import { buildMcpServer, type Caller } from "./mcp-server.ts";

// One handler for both protocol eras: 2026-07-28 requests natively, 2025-era clients statelessly
// (no sessions: their GET stream and DELETE answer 405, see below).
const handler = createMcpHandler(({ authInfo }) => buildMcpServer(authInfo!.extra!.caller as Caller), { legacy: "stateless" });

const ALLOWED_HEADERS = "Authorization, Content-Type, Accept, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID";

/**
 * Browsers attach Origin; a page of another site must not drive the tools with a credential it
 * got hold of (DNS rebinding). Allowed: the app's own origin and MCP_ALLOWED_ORIGINS, which also
 * get CORS headers so browser-based clients can call.
 */
function allowedOrigin(req: Request): { ok: boolean; cors: Record<string, string> } {
  const origin = req.headers.get("origin");
  if (!origin) return { ok: true, cors: {} };
  const allowed = [new URL(publicBaseUrl()).origin, ...(process.env.MCP_ALLOWED_ORIGINS ?? "").split(",").map((o) => o.trim()).filter(Boolean)];
  if (!allowed.includes(origin)) return { ok: false, cors: {} };
  return { ok: true, cors: { "Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": "WWW-Authenticate, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After", Vary: "Origin" } };
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const rpcError = (message: string) => ({ jsonrpc: "2.0", id: null, error: { code: -32600, message } });

/** A failed authentication or lookup, as JSON: 401 with the challenge OAuth clients follow, else the REST status. */
async function authFailure(err: unknown, req: Request, cors: Record<string, string>): Promise<Response> {
  const requestId = randomUUID();
  const { error, limit } = err instanceof AppError && err.status === 401 ? await unauthenticatedAnswer(req, err) : { error: err, limit: undefined };
  const { status, body, retryAfter } = toErrorBody(error, requestId);
  const challenge = bearerChallenge("/api/mcp", error);
  const headers: Record<string, string> = { ...cors, ...(limit ? rateLimitHeaders(limit) : {}), ...(challenge ? { "WWW-Authenticate": challenge } : {}) };
  if (retryAfter !== undefined) headers["Retry-After"] ??= String(retryAfter);
  return jsonResponse(status, body, headers);
}

/**
 * Messages that are not tool calls (initialize, tools/list, ping, notifications) do not spend the
 * credential's request bucket — a tool call counts as one request, like a REST call — but a
 * bucket of their own with the same limit, so they cannot be sent without bound either.
 */
async function protocolLimit(caller: Caller): Promise<Response | Record<string, string>> {
  const bucket = rateLimitKey(caller.principal);
  if (!bucket) return {};
  let limit: RateLimitResult;
  try {
    limit = await getRateLimiter().consume(`mcp:${bucket.key}`, bucket.limit);
  } catch (err) {
    // The limiter cannot count (Redis down): its 503 with Retry-After, not an uncaught 500.
    const { status, body, retryAfter } = toErrorBody(err, randomUUID());
    return jsonResponse(status, body, retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) });
  }
  if (!limit.allowed) return jsonResponse(429, toErrorBody(new RateLimitedError(limit), randomUUID()).body, rateLimitHeaders(limit));
  return rateLimitHeaders(limit);
}

/** POST /api/mcp: the whole MCP surface. One JSON-RPC message per request. */
export async function serveMcp(req: Request): Promise<Response> {
  const { ok, cors } = allowedOrigin(req);
  if (!ok) return jsonResponse(403, rpcError("Origin not allowed"));
  let caller: Caller;
  try {
    const credential = credentialFromHeaders(req.headers);
    // Tool calls reuse this principal (no second lookup); each still spends the credential's
    // rate limit and is authorized on its own.
    caller = { credential, principal: await authenticate(credential) };
  } catch (err) {
    return authFailure(err, req, cors);
  }
  let message: unknown;
  try {
    message = await req.json();
  } catch {
    return jsonResponse(400, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the body is not JSON" } }, cors);
  }
  // Batches (removed from the protocol in 2025-06-18) would start every call at once.
  if (Array.isArray(message)) return jsonResponse(400, rpcError("Batches are not supported: send one JSON-RPC message per request"), cors);
  const isToolCall = (message as { method?: unknown } | null)?.method === "tools/call";
  let headers: Record<string, string> = {};
  if (!isToolCall) {
    const limited = await protocolLimit(caller);
    if (limited instanceof Response) return withHeaders(limited, cors);
    headers = limited;
  }
  const res = await handler.fetch(req, { authInfo: { token: "", clientId: caller.credential.kind, scopes: [], extra: { caller } }, parsedBody: message });
  return withHeaders(res, { ...cors, ...headers, ...(caller.rateLimit ? rateLimitHeaders(caller.rateLimit) : {}) });
}

function withHeaders(res: Response, headers: Record<string, string>): Response {
  if (!Object.keys(headers).length) return res;
  const merged = new Headers(res.headers);
  for (const [k, v] of Object.entries(headers)) merged.set(k, v);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: merged });
}

/** GET (a legacy client's event stream) and DELETE (its session end): this server keeps no sessions. */
export function mcpMethodNotAllowed(): Response {
  return jsonResponse(405, rpcError("Method not allowed; this server is stateless: use POST"), { Allow: "POST, OPTIONS" });
}

/** CORS preflight of browser-based clients from an allowed origin. */
export function mcpPreflight(req: Request): Response {
  const { ok, cors } = allowedOrigin(req);
  if (!ok || !cors["Access-Control-Allow-Origin"]) return new Response(null, { status: 403 });
  return new Response(null, {
    status: 204,
    headers: { ...cors, "Access-Control-Allow-Methods": "POST, OPTIONS", "Access-Control-Allow-Headers": ALLOWED_HEADERS, "Access-Control-Max-Age": "600" },
  });
}
