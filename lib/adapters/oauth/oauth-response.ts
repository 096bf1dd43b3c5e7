import { randomUUID } from "node:crypto";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { UNAVAILABLE_RETRY_AFTER } from "@/lib/errors/unavailable.ts";
import { OAuthError, type OAuthErrorCode } from "@/lib/services/oauth/oauth-error.ts";
import { readFormBody } from "../read-body.ts";

/** Token responses and errors must never be cached (RFC 6749 5.1). */
const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

export function oauthJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...NO_STORE, ...headers, "Content-Type": "application/json; charset=utf-8" },
  });
}

/** RFC 6749 5.2: a client that failed to authenticate is 401, every other refusal 400. A new code must pick one here. */
const OAUTH_ERROR_STATUS: Record<OAuthErrorCode, 400 | 401> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  unsupported_token_type: 400,
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
};

export const oauthErrorStatus = (code: OAuthErrorCode): 400 | 401 => OAUTH_ERROR_STATUS[code];

/**
 * RFC 6749 5.2 error bodies. A dependency that cannot answer (the shared rate limiter) is a 503
 * with Retry-After; anything unexpected is logged and answered as server_error.
 */
export function oauthErrorResponse(err: unknown, basicAuth: boolean): Response {
  if (err instanceof OAuthError) {
    const status = oauthErrorStatus(err.error);
    const headers: Record<string, string> = status === 401 && basicAuth ? { "WWW-Authenticate": 'Basic realm="oauth"' } : {};
    return oauthJson(status, { error: err.error, error_description: err.description }, headers);
  }
  // Everything else through the API's one mapper (it logs what it does not know): a refused body
  // is invalid_request, a dependency down (database, rate limiter) temporarily_unavailable.
  const answer = toErrorBody(err, randomUUID());
  if (answer.status === 503) {
    const retryAfter = answer.retryAfter ?? UNAVAILABLE_RETRY_AFTER;
    return oauthJson(
      503,
      { error: "temporarily_unavailable", error_description: `${answer.body.message}: retry in ${retryAfter} seconds` },
      { "Retry-After": String(retryAfter) },
    );
  }
  if (answer.status >= 400 && answer.status < 500)
    return oauthJson(answer.status, { error: "invalid_request", error_description: answer.body.message });
  return oauthJson(500, { error: "server_error", error_description: `Unexpected failure (request ${answer.body.requestId})` });
}

const MAX_FORM_BYTES = 16 * 1024;

/** Parameters these endpoints define: they may not repeat (others, e.g. RFC 8707 `resource`, may). */
const DEFINED = [
  "grant_type",
  "code",
  "redirect_uri",
  "code_verifier",
  "refresh_token",
  "scope",
  "client_id",
  "client_secret",
  "token",
  "token_type_hint",
];

/**
 * The form-encoded body (RFC 6749 3.2). Defined parameters may not repeat, and parameters
 * without a value count as absent (RFC 6749 3.1).
 */
export async function readForm(req: Request): Promise<URLSearchParams> {
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded")
    throw new OAuthError("invalid_request", "The body must be application/x-www-form-urlencoded");
  const form = await readFormBody(req, MAX_FORM_BYTES);
  for (const key of DEFINED) if (form.getAll(key).length > 1) throw new OAuthError("invalid_request", `${key} appears more than once`);
  for (const [key, value] of [...form.entries()]) if (value === "") form.delete(key);
  return form;
}
