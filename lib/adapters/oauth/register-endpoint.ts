import { withPlatformSql } from "@/lib/db/tenant.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { AGENT_FIXED_SCOPES, formatScopes } from "@/lib/oauth/scopes.ts";
import type { RateLimitResult } from "@/lib/rate-limit/index.ts";
import { checkAgentMetadata } from "@/lib/services/oauth/agent-metadata.ts";
import { registerAgent } from "@/lib/services/oauth/agent-clients.ts";
import { OAuthError } from "@/lib/services/oauth/oauth-error.ts";
import { readBodyText } from "../read-body.ts";
import { tooManyRequests, withRateLimitHeaders } from "./client-throttle.ts";
import { spendOpenEndpointBudget, type OpenEndpointBudget } from "./open-endpoint-budget.ts";
import { oauthErrorResponse, oauthJson } from "./oauth-response.ts";

/** A registration is a few hundred bytes; the cap leaves room for metadata we ignore. */
const MAX_REGISTRATION_BYTES = 16 * 1024;
/**
 * Registrations per minute, per address and of all addresses together: a host registers once per
 * machine, then reuses its client_id.
 */
export const REGISTRATION_BUDGET: OpenEndpointBudget = { name: "oauth-register", perAddress: 20, all: 120 };

/**
 * POST /api/oauth/register — RFC 7591 dynamic client registration, open (no initial access
 * token), for MCP hosts that connect unaided. What registers is an agent connection: a public
 * client (token_endpoint_auth_method `none`, PKCE) whose consent screen says "unverified" and
 * whose scopes are those of records, activities and objects; a company may forbid them
 * (Settings → Apps). Registrations nobody uses for 30 days are purged. No management endpoint
 * (RFC 7592): a host that needs other redirect URIs registers again.
 */
export async function registerEndpoint(req: Request): Promise<Response> {
  let bucket: RateLimitResult;
  try {
    bucket = await spendOpenEndpointBudget(req, REGISTRATION_BUDGET);
  } catch (err) {
    return oauthErrorResponse(err, false);
  }
  if (!bucket.allowed) return tooManyRequests(bucket, "Too many registrations");
  return withRateLimitHeaders(await register(req), bucket);
}

async function register(req: Request): Promise<Response> {
  try {
    const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json") throw new OAuthError("invalid_client_metadata", "The registration must be sent as application/json");
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(req, MAX_REGISTRATION_BYTES));
    } catch (err) {
      if (isAppError(err)) throw err;
      throw new OAuthError("invalid_client_metadata", "The body is not valid JSON");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw new OAuthError("invalid_client_metadata", "The body must be a JSON object of client metadata");
    const metadata = checkAgentMetadata(body, { fallbackName: "Unnamed agent", secretMethods: "replace" });
    const agent = await withPlatformSql((tx) => registerAgent(tx, metadata));
    return oauthJson(201, {
      client_id: agent.client_id,
      client_id_issued_at: Math.floor(Date.now() / 1000),
      client_name: agent.name,
      redirect_uris: agent.redirect_uris,
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: formatScopes(AGENT_FIXED_SCOPES),
      ...(agent.client_uri ? { client_uri: agent.client_uri } : {}),
    });
  } catch (err) {
    return oauthErrorResponse(err, false);
  }
}
