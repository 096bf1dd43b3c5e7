import { randomUUID } from "node:crypto";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { credentialFromHeaders } from "@/lib/auth/credential.ts";
import { publicBaseUrl } from "@/lib/config.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { authenticate } from "@/lib/operations/run-operation.ts";
import { getRateLimiter } from "@/lib/rate-limit/index.ts";
import { clientIp } from "../rest/client-ip.ts";
import { buildMcpServer, type Caller } from "./mcp-server.ts";

/** Requests without a valid credential share this per-address bucket, as on REST. */
const UNAUTHENTICATED_LIMIT = 120;

// One handler for both protocol eras: 2026-07-28 requests natively, 2025-era clients statelessly
// (no sessions: their GET stream and DELETE answer 405, see below).
const handler = createMcpHandler(({ authInfo }) => buildMcpServer(authInfo!.extra!.caller as Caller), { legacy: "stateless" });

const resourceMetadataUrl = (): string => `${publicBaseUrl()}/.well-known/oauth-protected-resource/api/mcp`;

function errorResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * Browsers attach Origin; a page of another site must not drive the tools with a credential it
 * got hold of (DNS rebinding). Allowed: the app's own origin and MCP_ALLOWED_ORIGINS.
 */
function originAllowed(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return true;
  const allowed = [new URL(publicBaseUrl()).origin, ...(process.env.MCP_ALLOWED_ORIGINS ?? "").split(",").map((o) => o.trim()).filter(Boolean)];
  return allowed.includes(origin);
}

/** 401 with RFC 6750/9728 challenge, so OAuth-capable clients find the authorization server. */
async function unauthorized(err: AppError, req: Request): Promise<Response> {
  const requestId = randomUUID();
  const limit = await getRateLimiter().consume(`ip:${clientIp(req)}`, UNAUTHENTICATED_LIMIT);
  if (!limit.allowed) return errorResponse(429, toErrorBody(new AppError("rate_limited"), requestId).body, { "Retry-After": String(limit.retryAfter) });
  const invalid = err.code === "invalid_credential" ? ', error="invalid_token"' : "";
  return errorResponse(401, toErrorBody(err, requestId).body, { "WWW-Authenticate": `Bearer realm="mcp", resource_metadata="${resourceMetadataUrl()}"${invalid}` });
}

/** POST /api/mcp: the whole MCP surface. */
export async function serveMcp(req: Request): Promise<Response> {
  if (!originAllowed(req)) return errorResponse(403, { jsonrpc: "2.0", id: null, error: { code: -32000, message: "Origin not allowed" } });
  let caller: Caller;
  try {
    const credential = credentialFromHeaders(req.headers);
    // Tool calls of this request reuse this principal (no second lookup); each still spends the
    // credential's rate limit and is authorized on its own.
    caller = { credential, principal: await authenticate(credential) };
  } catch (err) {
    if (err instanceof AppError && err.status === 401) return unauthorized(err, req);
    throw err;
  }
  return handler.fetch(req, { authInfo: { token: "", clientId: caller.credential.kind, scopes: [], extra: { caller } } });
}

/** GET (a legacy client's event stream) and DELETE (its session end): this server keeps no sessions. */
export function mcpMethodNotAllowed(): Response {
  return errorResponse(405, { jsonrpc: "2.0", id: null, error: { code: -32000, message: "Method not allowed; this server is stateless: use POST" } }, { Allow: "POST" });
}
