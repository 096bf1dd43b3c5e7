/**
 * Every error the API can answer, once: status, the default `error` string, a sentence for
 * people and agents (`message`, when `error` is an identifier rather than a sentence) and a
 * one-line description that the OpenAPI document reuses. Services throw AppError with one of
 * these codes; only the mapper in to-response.ts turns them into HTTP. Scope violations answer
 * with the spec's identifiers as `error`.
 */
export const ERROR_TABLE = {
  invalid_request: { status: 400, message: "Invalid request", description: "Validation or business-rule failure" },
  unauthenticated: { status: 401, message: "Missing API key", description: "No credential was sent" },
  invalid_credential: { status: 401, message: "Invalid API key", description: "The credential is malformed, unknown, revoked or expired" },
  api_key_read_only: {
    status: 403,
    message: "errors.apiKeyReadOnly",
    sentence: "This credential may only read: it cannot create, change or delete records of this object.",
    description: "The key is read-only, or the token was granted reading only",
  },
  api_key_object_denied: {
    status: 403,
    message: "errors.apiKeyObjectDenied",
    sentence: "This credential is not allowed to use this object.",
    description: "The object is outside the key's or token's scope",
  },
  api_key_delete_denied: {
    status: 403,
    message: "errors.apiKeyDeleteDenied",
    sentence:
      'This credential may not delete: enable "Allow deletion" on the API key, or have the app ask for a delete scope (records:delete, activities:delete).',
    description: 'The key may not delete ("Allow deletion" is off), or the token has no delete scope (records:delete, activities:delete)',
  },
  permission_denied: {
    status: 403,
    message: "errors.permissionDenied",
    sentence: "The role of the user behind this credential does not allow this on the object.",
    description: "The user's role does not allow this on the object",
  },
  insufficient_scope: {
    status: 403,
    message: "errors.insufficientScope",
    sentence: "The access token was not granted the scope this operation needs.",
    description: "The OAuth token was not granted the scope this needs",
  },
  link_invalid: {
    status: 403,
    message: "This file link is invalid or has expired",
    description:
      "A signed upload or download link of the local file store that was altered, has expired, or was used for another file, method, type or size",
  },
  cross_origin_request: {
    status: 403,
    message: "Cross-origin request refused",
    sentence:
      "Server actions are accepted from this CRM's own pages only: Origin must be PUBLIC_BASE_URL's origin (or absent or null with Sec-Fetch-Site: same-origin).",
    description:
      "A server action (or a form posted to a page) that did not come from the CRM's own pages: its Origin is not PUBLIC_BASE_URL's, or Sec-Fetch-Site says another site",
  },
  not_found: { status: 404, message: "Not found", description: "Object or record not found" },
  method_not_allowed: { status: 405, message: "Method not allowed", description: "The path does not support this method" },
  conflict: {
    status: 409,
    message: "Conflict",
    description:
      "An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock): retry; or an approval request already decided (decisions are final); or an import already done or failed, which cannot be cancelled",
  },
  payload_too_large: {
    status: 413,
    message: "Request body too large",
    description: "The body exceeds MAX_BODY_BYTES, or a CSV file to import exceeds IMPORT_MAX_BYTES",
  },
  unsupported_media_type: { status: 415, message: "Content-Type must be application/json", description: "The body is not JSON" },
  rate_limited: { status: 429, message: "Rate limit exceeded", description: "Too many requests for this credential; see Retry-After" },
  email_cap_reached: {
    status: 429,
    message: "Daily email limit reached",
    sentence:
      "The company sent as many emails today (UTC) as its daily limit (EMAIL_DAILY_CAP) allows; more can be sent after midnight UTC.",
    description: "The company sent as many emails today (UTC) as EMAIL_DAILY_CAP allows; see Retry-After (the next UTC midnight)",
  },
  internal: { status: 500, message: "Internal server error", description: "Unexpected failure; quote the requestId when reporting it" },
  service_unavailable: {
    status: 503,
    message: "Service temporarily unavailable",
    description: "A dependency (the database) did not answer in time; retry after Retry-After seconds",
  },
  database_busy: {
    status: 503,
    message: "Too many database requests of this company at once; retry later",
    description:
      "The company (tenant) already runs DB_TENANT_CONCURRENCY database transactions in this instance and this one's queue did not move for a second (or it waited 10 seconds); other companies are served meanwhile; see Retry-After",
  },
  storage_unavailable: {
    status: 503,
    message: "The file store is unavailable; retry later",
    description: "The attachment store (S3 or the local disk) did not answer in time or failed; retry after Retry-After seconds",
  },
  rate_limiter_unavailable: {
    status: 503,
    message: "Rate limiter unavailable",
    description: "The shared rate limiter (Redis) is unreachable, so requests are refused rather than admitted unlimited; see Retry-After",
  },
} as const satisfies Record<string, { status: number; message: string; sentence?: string; description: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** The sentence for people and agents: the table's, when `error` is an identifier; else the message itself. */
export function errorSentence(code: ErrorCode, message: string): string {
  const entry: { message: string; sentence?: string } = ERROR_TABLE[code];
  return entry.sentence && message === entry.message ? entry.sentence : message;
}
