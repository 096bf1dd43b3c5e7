/**
 * Failures of a dependency rather than of the request: the database refused, dropped or did not
 * answer a connection or statement in time, or is not open yet. They answer 503 with
 * Retry-After, never 500.
 */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** Codes of DatabaseNotReadyError and DatabaseNotAnsweringError: strings, since each server bundle may hold its own copy of a class. */
const NOT_READY = "database_not_ready";
const NOT_ANSWERING = "database_not_answering";

// PostgreSQL: connection exceptions (08*), shutdown and start-up (57P01-57P03), statement timeout
// (57014), too many connections (53300). Prisma: cannot reach the server (P1001, P1002, P1017),
// pool timeout (P2024).
const SQLSTATE = /^(08...|57P0[123]|57014|53300|P1001|P1002|P1017|P2024)$/;

const MESSAGES =
  /the database is not answering|connection terminated|timeout exceeded when trying to connect|query read timeout|connection timeout|terminating connection|the database system is (starting up|shutting down)|can't reach database server|Connection is closed/i;

/** The database has not been opened yet: start-up is still trying (lib/startup.ts). */
export class DatabaseNotReadyError extends Error {
  readonly code = NOT_READY;

  constructor(reason: string) {
    super(`The database is not ready yet: ${reason}`);
    this.name = "DatabaseNotReadyError";
  }
}

/**
 * `err` and the errors it wraps, outermost first: a cause, or Prisma's `meta`, whose
 * `driverAdapterError` holds the driver's error (with PostgreSQL's SQLSTATE) as its cause.
 */
export function* wrappedErrors(err: unknown): Generator<object> {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 6; depth++) {
    yield e;
    const wrapper = e as { cause?: unknown; meta?: unknown; driverAdapterError?: unknown };
    e = wrapper.cause ?? wrapper.meta ?? wrapper.driverAdapterError;
  }
}

/**
 * The database stopped answering, and until it answers a probe again requests are refused at once
 * (lib/db/circuit-breaker.ts). Logged once when that began, not for each request refused.
 */
export class DatabaseNotAnsweringError extends Error {
  readonly code = NOT_ANSWERING;

  constructor() {
    super("The database is not answering: requests are refused until it does");
    this.name = "DatabaseNotAnsweringError";
  }
}

/** Whether `err` (or one it wraps) is the refusal of a database already known not to answer, which was logged when that began. */
export function isDatabaseNotAnswering(err: unknown): boolean {
  for (const e of wrappedErrors(err)) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === NOT_ANSWERING || (typeof message === "string" && message.includes("The database is not answering"))) return true;
  }
  return false;
}

/** Whether `err` (or one of its causes) says the database was unreachable or too slow. */
export function isDependencyUnavailable(err: unknown): boolean {
  for (const e of wrappedErrors(err)) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (code === NOT_READY || code === NOT_ANSWERING || CONNECTION_CODES.has(code) || SQLSTATE.test(code)))
      return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
  }
  return false;
}

/** Seconds a client is told to wait after a dependency failure. */
export const UNAVAILABLE_RETRY_AFTER = 5;
