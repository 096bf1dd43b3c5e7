/**
 * Errors of the token and revocation endpoints, RFC 6749 5.2: the body is
 * `{error, error_description}`; invalid_client is 401, the others 400.
 */
export type OAuthErrorCode = "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope" | "unsupported_token_type";

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = "OAuthError";
  }

  get status(): number {
    return this.error === "invalid_client" ? 401 : 400;
  }
}
