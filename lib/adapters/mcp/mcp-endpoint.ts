import { createMcpHandler } from "@modelcontextprotocol/server";
import { newRequestId } from "@/lib/ids/uuid-v7.ts";
import { authenticate } from "@/lib/auth/authenticate.ts";
import { credentialFromHeaders, type Credential } from "@/lib/auth/credential.ts";
import { rateLimitKey, type Principal } from "@/lib/auth/principal.ts";
import { publicBaseUrl } from "@/lib/config.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { isRateLimitedError, RateLimitedError } from "@/lib/errors/rate-limited.ts";
import { spendRateLimit } from "@/lib/operations/run-operation.ts";
import { getRateLimiter, type RateLimitResult } from "@/lib/rate-limit/index.ts";
import { readBodyText } from "../read-body.ts";
import { recordRequest } from "@/lib/services/request-log/writer.ts";
import { urlPath } from "../url-path.ts";
import { withHeaders } from "../with-headers.ts";
import { requestOrigin } from "../rest/client-ip.ts";
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
  const allowed = [
    new URL(publicBaseUrl()).origin,
    ...(process.env.MCP_ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
  ];
  if (!allowed.includes(origin)) return { ok: false, cors: {} };
  return {
    ok: true,
    cors: {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Expose-Headers": "WWW-Authenticate, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After",
      Vary: "Origin",
    },
  };
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const rpcError = (message: string) => ({ jsonrpc: "2.0", id: null, error: { code: -32600, message } });

/** A failed authentication or lookup, as JSON: 401 with the challenge OAuth clients follow, else the REST status. */
async function authFailure(err: unknown, req: Request, cors: Record<string, string>): Promise<Response> {
  const requestId = newRequestId();
  const { error, limit } = isAppError(err) && err.status === 401 ? await unauthenticatedAnswer(req, err) : { error: err, limit: undefined };
  const { status, body, retryAfter } = toErrorBody(error, requestId);
  const challenge = bearerChallenge("/api/mcp", error);
  const headers: Record<string, string> = {
    ...cors,
    ...(limit ? rateLimitHeaders(limit) : {}),
    ...(challenge ? { "WWW-Authenticate": challenge } : {}),
  };
  if (retryAfter !== undefined) headers["Retry-After"] ??= String(retryAfter);
  return jsonResponse(status, body, headers);
}

/**
 * Spends the bucket a message counts against, before the SDK sees it, so that a refusal is an
 * HTTP 429 (spec 8: REST and MCP alike) and every answer carries the bucket's X-RateLimit-*
 * headers in both protocol eras. A tool call counts as one request of the credential's bucket,
 * like a REST call; other messages (initialize, tools/list, ping, notifications) spend a bucket
 * of their own with the same limit, so they cannot be sent without bound either.
 */
async function spendFor(message: unknown, principal: Principal): Promise<RateLimitResult | undefined> {
  if ((message as { method?: unknown } | null)?.method === "tools/call") return spendRateLimit(principal);
  const bucket = rateLimitKey(principal);
  if (!bucket) return undefined;
  const limit = await getRateLimiter().consume(`mcp:${bucket.key}`, bucket.limit);
  if (!limit.allowed) throw new RateLimitedError(limit);
  return limit;
}

/** A refusal of the whole message (rate limit, limiter down, body too large) as a JSON-RPC error with the HTTP status REST would give. */
function rpcRefusal(err: unknown, id: unknown, cors: Record<string, string>, log: Logger): Response {
  const requestId = newRequestId();
  const answer = toErrorBody(err, requestId);
  log(answer.status, { requestId, error: answer.body.code });
  const headers: Record<string, string> = { ...cors, ...(isRateLimitedError(err) ? rateLimitHeaders(err.rateLimit) : {}) };
  if (answer.retryAfter !== undefined) headers["Retry-After"] ??= String(answer.retryAfter);
  const code = answer.status === 400 ? -32700 : -32000;
  return jsonResponse(
    answer.status,
    { jsonrpc: "2.0", id: id ?? null, error: { code, message: answer.body.message, data: answer.body } },
    headers,
  );
}

/** Records the HTTP request in the request log once its answer is known. */
type Logger = (status: number, o?: { requestId?: string; error?: string; tool?: string }) => void;

/** What the request log names an MCP message by: a tools/call's tool, or the JSON-RPC method. */
function messageName(message: unknown): string | undefined {
  const m = message as { method?: unknown; params?: { name?: unknown } } | null;
  if (typeof m?.method !== "string") return undefined;
  return m.method === "tools/call" && typeof m.params?.name === "string" ? m.params.name : m.method;
}

const messageId = (message: unknown): unknown =>
  message && typeof message === "object" && "id" in message ? (message as { id: unknown }).id : null;

/** POST /api/mcp: the whole MCP surface. One JSON-RPC message per request. */
export async function serveMcp(req: Request): Promise<Response> {
  const startedAt = performance.now();
  const { ok, cors } = allowedOrigin(req);
  if (!ok) return jsonResponse(403, rpcError("Origin not allowed"));
  let credential: Credential;
  let principal: Principal;
  try {
    credential = credentialFromHeaders(req.headers);
    // Tool calls reuse this principal (no second lookup); each is still authorized on its own.
    principal = await authenticate(credential);
  } catch (err) {
    return authFailure(err, req, cors);
  }
  const origin = requestOrigin(req.headers);
  const log: Logger = (status, o = {}) =>
    recordRequest(principal, {
      method: "POST",
      path: urlPath(req.url),
      tool: o.tool,
      status,
      startedAt,
      requestId: o.requestId ?? newRequestId(),
      ip: origin.ip,
      error: o.error,
    });
  // Only an authenticated caller gets its body read, and only up to MAX_BODY_BYTES.
  let message: unknown;
  try {
    message = JSON.parse(await readBodyText(req));
  } catch (err) {
    if (isAppError(err)) return rpcRefusal(err, null, cors, log);
    log(400, { error: "invalid_request" });
    return jsonResponse(400, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the body is not JSON" } }, cors);
  }
  // Batches (removed from the protocol in 2025-06-18) would start every call at once.
  if (Array.isArray(message)) {
    log(400, { error: "invalid_request" });
    return jsonResponse(400, rpcError("Batches are not supported: send one JSON-RPC message per request"), cors);
  }
  const tool = messageName(message);
  let limit: RateLimitResult | undefined;
  try {
    limit = await spendFor(message, principal);
  } catch (err) {
    return rpcRefusal(err, messageId(message), cors, (status, o) => log(status, { ...o, tool }));
  }
  const caller: Caller = { credential, principal, origin, outcome: {} };
  const res = await handler.fetch(req, {
    authInfo: { token: "", clientId: credential.kind, scopes: [], extra: { caller } },
    parsedBody: message,
  });
  // A tool call answers 200 whatever it came to: the line keeps what REST would have answered.
  log(caller.outcome.status ?? res.status, { ...caller.outcome, tool });
  return withHeaders(res, { ...cors, ...(limit ? rateLimitHeaders(limit) : {}) });
}

/** GET (a legacy client's event stream) and DELETE (its session end): this server keeps no sessions. */
export function mcpMethodNotAllowed(): Response {
  return jsonResponse(405, rpcError("Method not allowed; this server is stateless: use POST"), { Allow: "POST, OPTIONS" });
}

/** CORS preflight of browser-based clients from an allowed origin. */
export function mcpPreflight(req: Request): Response {
  const { ok, cors } = allowedOrigin(req);
  if (!ok || !cors["Access-Control-Allow-Origin"]) return jsonResponse(403, rpcError("Origin not allowed"));
  return new Response(null, {
    status: 204,
    headers: {
      ...cors,
      "Access-Control-Allow-Methods": "POST, OPTIONS",
      "Access-Control-Allow-Headers": ALLOWED_HEADERS,
      "Access-Control-Max-Age": "600",
    },
  });
}

/** Every method of /api/mcp: app/api/mcp/route.ts exports these, and the API route layer serves them. */
export const mcpRoute = {
  POST: serveMcp,
  GET: mcpMethodNotAllowed,
  DELETE: mcpMethodNotAllowed,
  PUT: mcpMethodNotAllowed,
  PATCH: mcpMethodNotAllowed,
  OPTIONS: mcpPreflight,
};
