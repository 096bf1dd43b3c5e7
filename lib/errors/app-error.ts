import { ERROR_TABLE, type ErrorCode } from "./error-table.ts";

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  /** The OAuth scope whose absence caused a 403 (RFC 6750 `insufficient_scope`), for token callers. */
  requiredScope?: string;
  /** Seconds after which the same request may succeed (429, 503): sent as Retry-After. */
  retryAfter?: number;
}

/** A domain error: services throw these and know nothing about HTTP. */
export class AppError extends Error {
  readonly requiredScope?: string;
  readonly retryAfter?: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetail[],
    options: AppErrorOptions = {},
  ) {
    super(message ?? ERROR_TABLE[code].message);
    this.name = "AppError";
    this.requiredScope = options.requiredScope;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return ERROR_TABLE[this.code].status;
  }
}

export const notFound = (what: string): AppError => new AppError("not_found", `${what} not found`);
export const invalid = (message: string, details?: ErrorDetail[]): AppError => new AppError("invalid_request", message, details);
