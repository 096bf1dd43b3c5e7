import { publicBaseUrl } from "@/lib/config.ts";
import { FIXED_SCOPES } from "@/lib/oauth/scopes.ts";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });

/** RFC 8414 authorization server metadata, from the configured public base URL. */
export function authorizationServerMetadata(): Response {
  const issuer = publicBaseUrl();
  // Marketplace apps authenticate with their secret; agent connections are public clients (`none`, PKCE).
  const clientAuth = ["client_secret_basic", "client_secret_post", "none"];
  return json({
    issuer,
    authorization_endpoint: `${issuer}/api/oauth/authorize`,
    token_endpoint: `${issuer}/api/oauth/token`,
    revocation_endpoint: `${issuer}/api/oauth/revoke`,
    // Agent connections (MCP hosts): RFC 7591 registration, or a Client ID Metadata Document as client_id.
    registration_endpoint: `${issuer}/api/oauth/register`,
    client_id_metadata_document_supported: true,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: clientAuth,
    revocation_endpoint_auth_methods_supported: clientAuth,
    // Per-object scopes (records:read:<apiName>, records:write:<apiName>, records:delete:<apiName>) come on top of these.
    scopes_supported: [...FIXED_SCOPES],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${issuer}/docs/api`,
  });
}

/** The resources this server protects: the REST API and the MCP endpoint. */
const RESOURCES: Record<string, { path: string; name: string }> = {
  // Without a suffix the resource is the origin itself (RFC 9728 3.3: it must match the URL).
  "": { path: "", name: "CRM API" },
  "api/v1": { path: "/api/v1", name: "CRM REST API v1" },
  "api/mcp": { path: "/api/mcp", name: "CRM MCP server" },
};

/**
 * RFC 9728 protected resource metadata: /.well-known/oauth-protected-resource for the API, and
 * /.well-known/oauth-protected-resource/api/mcp (the resource's path appended) for MCP.
 */
export async function protectedResourceMetadata(_req: Request, ctx: { params: Promise<{ resource?: string[] }> }): Promise<Response> {
  const resource = RESOURCES[((await ctx.params).resource ?? []).join("/")];
  if (!resource)
    return new Response(JSON.stringify({ error: "Not found" }), {
      status: 404,
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
  const base = publicBaseUrl();
  return json({
    resource: `${base}${resource.path}`,
    resource_name: resource.name,
    authorization_servers: [base],
    bearer_methods_supported: ["header"],
    scopes_supported: [...FIXED_SCOPES],
    resource_documentation: `${base}/docs/api`,
  });
}
