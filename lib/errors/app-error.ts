import { ERROR_TABLE, type ErrorCode } from "./error-table.ts";

export interface ErrorDetail {
  path: string;
  message: string;
}

/** A domain error: services throw these and know nothing about HTTP. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message ?? ERROR_TABLE[code].message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_TABLE[this.code].status;
  }
}

export const notFound = (what: string): AppError => new AppError("not_found", `${what} not found`);
export const invalid = (message: string, details?: ErrorDetail[]): AppError => new AppError("invalid_request", message, details);
