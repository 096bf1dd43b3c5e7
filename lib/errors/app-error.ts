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

/**
 * What marks an AppError, registered so that every copy of this module shares it: Next bundles
 * the app's code more than once (each route's bundle, and start-up's, which the API route layer
 * runs), and an error thrown by a copy another bundle created — the rate limiter and the database
 * live on globalThis — fails `instanceof` against this copy's class. Hence isAppError(), never
 * `instanceof AppError` (eslint.config.mjs forbids it).
 */
const BRAND: unique symbol = Symbol.for("crm.AppError");

/** A domain error: services throw these and know nothing about HTTP. */
export class AppError extends Error {
  readonly [BRAND] = true;
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

/** Whether `err` is an AppError, from whichever bundle's copy of the class it was made. */
export function isAppError(err: unknown): err is AppError {
  return typeof err === "object" && err !== null && (err as { [BRAND]?: unknown })[BRAND] === true;
}

export const notFound = (what: string): AppError => new AppError("not_found", `${what} not found`);
export const invalid = (message: string, details?: ErrorDetail[]): AppError => new AppError("invalid_request", message, details);
