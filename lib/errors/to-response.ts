import { ZodError, type z } from "zod";
import { AppError, type ErrorDetail } from "./app-error.ts";
import { ERROR_TABLE, type ErrorCode } from "./error-table.ts";

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: ErrorDetail[];
  requestId: string;
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

/**
 * The single error mapper for every surface. Unknown errors are logged with the request id and
 * answered with a generic message: internal details never reach the client.
 */
export function toErrorBody(err: unknown, requestId: string): { status: number; body: ErrorBody } {
  if (err instanceof AppError) {
    const body: ErrorBody = { error: err.message, code: err.code, requestId };
    if (err.details?.length) body.details = err.details;
    return { status: err.status, body };
  }
  if (err instanceof ZodError) {
    const { message, details } = describeZodError(err);
    return { status: 400, body: { error: message, code: "invalid_request", details, requestId } };
  }
  if (isRetryableDbError(err)) {
    return { status: 409, body: { error: "The request conflicted with a concurrent change; retry it", code: "conflict", requestId } };
  }
  console.error(`[${requestId}] unhandled error`, err);
  return { status: 500, body: { error: ERROR_TABLE.internal.message, code: "internal", requestId } };
}

/** Deadlocks and serialization failures (PostgreSQL 40P01, 40001): the same request may succeed again. */
function isRetryableDbError(err: unknown): boolean {
  const codes = new Set(["40P01", "40001"]);
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && codes.has(code)) return true;
    e = (e as { cause?: unknown; meta?: unknown }).cause ?? (e as { meta?: unknown }).meta;
  }
  return false;
}
