/**
 * Errors of the token, revocation and registration endpoints, RFC 6749 5.2 and RFC 7591 3.2.2:
 * the body is `{error, error_description}`; their HTTP statuses are the adapter's (oauth-response.ts).
 */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "unsupported_token_type"
  | "invalid_redirect_uri"
  | "invalid_client_metadata";

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = "OAuthError";
  }
}
