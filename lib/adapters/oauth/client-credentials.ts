import type { ClientCredentials } from "@/lib/services/oauth/client-auth.ts";
import { OAuthError } from "@/lib/services/oauth/oauth-error.ts";

/**
 * The client's credentials from `Authorization: Basic` (client_secret_basic, with the RFC 6749
 * 2.3.1 form-encoding of id and secret) or from the body (client_secret_post) — exactly one — or,
 * for a public client (`none`), its client_id alone in the body.
 */
export function clientCredentials(authorization: string | null, form: URLSearchParams): ClientCredentials {
  const inBody = form.has("client_secret");
  if (authorization) {
    const m = /^Basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(authorization);
    if (!m) throw new OAuthError("invalid_client", "Unsupported client authentication");
    if (inBody) throw new OAuthError("invalid_request", "Use one client authentication method, not two");
    const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw new OAuthError("invalid_client", "Malformed Basic credentials");
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
    try {
      const clientId = decode(decoded.slice(0, colon));
      if (form.has("client_id") && form.get("client_id") !== clientId)
        throw new OAuthError("invalid_request", "client_id differs from the authenticated client");
      return { clientId, clientSecret: decode(decoded.slice(colon + 1)) };
    } catch (err) {
      if (err instanceof OAuthError) throw err;
      throw new OAuthError("invalid_client", "Malformed Basic credentials");
    }
  }
  const clientId = form.get("client_id");
  const clientSecret = form.get("client_secret");
  if (!clientId || clientSecret === "") throw new OAuthError("invalid_client", "Client authentication is required");
  return { clientId, clientSecret };
}
