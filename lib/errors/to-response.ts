import { ZodError, type z } from "zod";
import { isAppError, type ErrorDetail } from "./app-error.ts";
import { ERROR_TABLE, errorSentence, type ErrorCode } from "./error-table.ts";
import { isDatabaseNotAnswering, isDependencyUnavailable, UNAVAILABLE_RETRY_AFTER, wrappedErrors } from "./unavailable.ts";

export interface ErrorBody {
  /** The spec's field: a sentence, or an identifier such as `errors.apiKeyReadOnly`. */
  error: string;
  /** Always a sentence, for the people and agents who read the answer. */
  message: string;
  code: ErrorCode;
  details?: ErrorDetail[];
  requestId: string;
}

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  /** Seconds for Retry-After (429, 503). */
  retryAfter?: number;
  /** The OAuth scope that was missing (403 to a token): for `WWW-Authenticate: Bearer error="insufficient_scope"`. */
  requiredScope?: string;
}

function issuePath(issue: z.core.$ZodIssue): string {
  return issue.path.map(String).join(".");
}

/** One line naming the problem, e.g. `limit: must be at most 500`. */
export function describeZodError(err: ZodError): { message: string; details: ErrorDetail[] } {
  const details = err.issues.map((issue) => ({ path: issuePath(issue), message: issue.message }));
  const first = details[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
  return { message, details };
}

function body(code: ErrorCode, error: string, requestId: string, details?: ErrorDetail[], requiredScope?: string): ErrorBody {
  const sentence = errorSentence(code, error);
  const out: ErrorBody = { error, message: requiredScope ? `${sentence} Missing scope: ${requiredScope}.` : sentence, code, requestId };
  if (details?.length) out.details = details;
  return out;
}

/**
 * The single error mapper for every surface. Unknown errors are logged with the request id and
 * answered with a generic message: internal details never reach the client.
 */
export function toErrorBody(err: unknown, requestId: string): ErrorAnswer {
  if (isAppError(err)) {
    return {
      status: err.status,
      body: body(err.code, err.message, requestId, err.details, err.requiredScope),
      retryAfter: err.retryAfter,
      requiredScope: err.requiredScope,
    };
  }
  if (err instanceof ZodError) {
    const { message, details } = describeZodError(err);
    return { status: 400, body: body("invalid_request", message, requestId, details) };
  }
  if (sqlState(err, ["22021", "22P05"])) {
    // PostgreSQL cannot store U+0000 in text or JSON: the value is refused, whichever path it took.
    return { status: 400, body: body("invalid_request", "Text may not contain the NUL character (U+0000)", requestId) };
  }
  if (sqlState(err, ["40P01", "40001"])) {
    return { status: 409, body: body("conflict", "The request conflicted with a concurrent change; retry it", requestId) };
  }
  if (isDependencyUnavailable(err)) {
    // A refusal while the database is known not to answer was logged once, when that began.
    if (!isDatabaseNotAnswering(err))
      console.error(`[${requestId}] database unavailable: ${err instanceof Error ? err.message : String(err)}`);
    return {
      status: 503,
      body: body("service_unavailable", "The database is unavailable; retry later", requestId),
      retryAfter: UNAVAILABLE_RETRY_AFTER,
    };
  }
  console.error(`[${requestId}] unhandled error`, err);
  return { status: 500, body: body("internal", ERROR_TABLE.internal.message, requestId) };
}

/**
 * Whether a PostgreSQL error (or one it wraps) has one of these SQLSTATEs. 40P01 and 40001
 * (deadlock, serialization failure): the same request may succeed again.
 */
function sqlState(err: unknown, codes: string[]): boolean {
  for (const e of wrappedErrors(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && codes.includes(code)) return true;
  }
  return false;
}
