/**
 * Every error the API can answer, once: status, the default message, and a one-line description
 * that the OpenAPI document reuses. Services throw AppError with one of these codes; only the
 * mapper in to-response.ts turns them into HTTP. Scope violations answer with the spec's
 * identifiers as the message.
 */
export const ERROR_TABLE = {
  invalid_request: { status: 400, message: "Invalid request", description: "Validation or business-rule failure" },
  unauthenticated: { status: 401, message: "Missing API key", description: "No credential was sent" },
  invalid_credential: { status: 401, message: "Invalid API key", description: "The credential is malformed, unknown, revoked or expired" },
  api_key_read_only: { status: 403, message: "errors.apiKeyReadOnly", description: "The key is read-only" },
  api_key_object_denied: { status: 403, message: "errors.apiKeyObjectDenied", description: "The object is outside the key's scope" },
  api_key_delete_denied: { status: 403, message: "errors.apiKeyDeleteDenied", description: "The key may not delete" },
  permission_denied: { status: 403, message: "errors.permissionDenied", description: "The user's role does not allow this on the object" },
  insufficient_scope: { status: 403, message: "errors.insufficientScope", description: "The OAuth token was not granted the scope this needs" },
  not_found: { status: 404, message: "Not found", description: "Object or record not found" },
  method_not_allowed: { status: 405, message: "Method not allowed", description: "The path does not support this method" },
  conflict: { status: 409, message: "Conflict", description: "The request conflicts with the current state" },
  payload_too_large: { status: 413, message: "Request body too large", description: "The body exceeds the size limit" },
  unsupported_media_type: { status: 415, message: "Content-Type must be application/json", description: "The body is not JSON" },
  rate_limited: { status: 429, message: "Rate limit exceeded", description: "Too many requests for this credential; see Retry-After" },
  internal: { status: 500, message: "Internal server error", description: "Unexpected failure; quote the requestId when reporting it" },
} as const satisfies Record<string, { status: number; message: string; description: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;
