import { z } from "zod";
import { hasWildcard, WILDCARD_REFUSAL } from "@/lib/schemas/oauth-apps.ts";
import { OAuthError } from "./oauth-error.ts";

const MAX_URI_LENGTH = 2000;

/**
 * The client metadata of an agent connection (RFC 7591 2), whether sent to the registration
 * endpoint or published as a Client ID Metadata Document: the few members we use, each capped;
 * every other member is ignored, as RFC 7591 2 asks.
 */
export const agentMetadataSchema = z.object({
  redirect_uris: z.array(z.string().max(MAX_URI_LENGTH)).min(1).max(10),
  client_name: z.string().max(200).optional(),
  client_uri: z.string().max(MAX_URI_LENGTH).optional(),
  token_endpoint_auth_method: z.string().max(64).optional(),
  grant_types: z.array(z.string().max(64)).max(10).optional(),
  response_types: z.array(z.string().max(64)).max(10).optional(),
});

/** What an agent is registered with. */
export interface AgentMetadata {
  name: string;
  redirectUris: string[];
  clientUri: string | null;
}

/**
 * Loopback names a redirect may use over plain http: the IP literals of RFC 8252 7.3, and
 * `localhost`, which the MCP authorization spec allows and today's hosts (mcp-remote, Claude
 * Code) use; browsers resolve it to the loopback only.
 */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** Why an agent's redirect URI is refused, or null: https anywhere, http only back to the user's own machine. */
export function agentRedirectUriProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "is not an absolute URL";
  }
  if (raw.includes("#")) return "may not have a fragment";
  if (url.username || url.password) return "may not contain a user name or password";
  if (hasWildcard(raw, url)) return WILDCARD_REFUSAL;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return "must use https, or http on the loopback (127.0.0.1, [::1] or localhost)";
}

const CONTROL = /[\p{Cc}\p{Cf}]/u;

/**
 * The metadata checked against what an agent connection can be: a public client (PKCE, no
 * secret) using the authorization code grant (with refresh tokens) and redirect URIs of
 * `agentRedirectUriProblem`. `secretMethods` says what to do with a request for
 * client_secret_basic/post: a registration gets `none` instead (RFC 7591 3.2.1 lets the server
 * replace a value; the answer says so), a metadata document — which can carry no secret — is refused.
 */
export function checkAgentMetadata(input: unknown, o: { fallbackName: string; secretMethods: "replace" | "refuse" }): AgentMetadata {
  const parsed = agentMetadataSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".") || "metadata";
    throw new OAuthError(
      field.startsWith("redirect_uris") ? "invalid_redirect_uri" : "invalid_client_metadata",
      `${field}: ${issue.message}`,
    );
  }
  const m = parsed.data;
  for (const uri of m.redirect_uris) {
    const problem = agentRedirectUriProblem(uri);
    if (problem) throw new OAuthError("invalid_redirect_uri", `redirect_uris: ${uri} ${problem}`);
  }
  const method = m.token_endpoint_auth_method ?? "none";
  const secretMethod = method === "client_secret_basic" || method === "client_secret_post";
  if (method !== "none" && !(secretMethod && o.secretMethods === "replace"))
    throw new OAuthError(
      "invalid_client_metadata",
      `token_endpoint_auth_method: agent connections are public clients; only "none" is supported (PKCE protects the code)`,
    );
  const grants = m.grant_types ?? ["authorization_code"];
  if (!grants.includes("authorization_code") || grants.some((g) => g !== "authorization_code" && g !== "refresh_token"))
    throw new OAuthError("invalid_client_metadata", "grant_types: only authorization_code and refresh_token are supported");
  if (m.response_types && m.response_types.some((t) => t !== "code"))
    throw new OAuthError("invalid_client_metadata", "response_types: only code is supported");
  const name = m.client_name?.trim();
  if (name !== undefined && (name === "" || name.length > 100 || CONTROL.test(name)))
    throw new OAuthError("invalid_client_metadata", "client_name: 1 to 100 characters, without control characters");
  if (m.client_uri !== undefined && !m.client_uri.startsWith("https://"))
    throw new OAuthError("invalid_client_metadata", "client_uri: must be an https URL");
  return { name: name ?? o.fallbackName, redirectUris: [...new Set(m.redirect_uris)], clientUri: m.client_uri ?? null };
}
