/**
 * Failures of a dependency rather than of the request: the database refused, dropped or did not
 * answer a connection or statement in time. They answer 503 with Retry-After, never 500.
 */
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

// PostgreSQL: connection exceptions (08*), shutdown and start-up (57P01-57P03), statement timeout
// (57014), too many connections (53300). Prisma: cannot reach the server (P1001, P1002, P1017),
// pool timeout (P2024).
const SQLSTATE = /^(08...|57P0[123]|57014|53300|P1001|P1002|P1017|P2024)$/;

const MESSAGES = /connection terminated|timeout exceeded when trying to connect|query read timeout|connection timeout|terminating connection|the database system is (starting up|shutting down)|can't reach database server|Connection is closed/i;

/** Whether `err` (or one of its causes) says the database was unreachable or too slow. */
export function isDependencyUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 6; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause ?? (e as { meta?: unknown }).meta;
  }
  return false;
}

/** Seconds a client is told to wait after a dependency failure. */
export const UNAVAILABLE_RETRY_AFTER = 5;
