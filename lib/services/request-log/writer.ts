import type { Principal } from "@/lib/auth/principal.ts";
import { requestLogEnabled } from "@/lib/config.ts";
import { withJobSql } from "@/lib/db/job-transaction.ts";
import { isDependencyUnavailable } from "@/lib/errors/unavailable.ts";

/** What a surface knows of one authenticated request when it has answered it. */
export interface RequestOutcome {
  method: string;
  /** The URL path, without its query string. */
  path: string;
  /** MCP: the tool of a tools/call, or the JSON-RPC method of another message. */
  tool?: string | null;
  status: number;
  /** performance.now() when the request arrived. */
  startedAt: number;
  /** The request's id (newRequestId): the line's key. */
  requestId: string;
  ip: string | null;
  /** The error identifier of a failed request. */
  error?: string | null;
}

/** A line as request_log_append() reads it: keys named like the columns. */
interface Row {
  tenant_id: string;
  id: string;
  created_at: string;
  credential_kind: Principal["credential"]["kind"];
  credential_id: string | null;
  app_id: string | null;
  user_id: string;
  method: string;
  path: string;
  tool: string | null;
  status: number;
  duration_ms: number;
  ip: string | null;
  error: string | null;
}

/** Lines per statement: one flush of a busy instance, about 150 KB of JSON. */
export const REQUEST_LOG_BATCH = 500;
/** How long a line waits for others to share its statement. */
const FLUSH_DELAY_MS = 200;
/**
 * Lines kept while the database does not take them (an outage): beyond this, new lines are
 * dropped and counted, so an outage costs the log lines, never the instance its memory.
 */
export const REQUEST_LOG_MAX_PENDING = 20_000;
const FLUSH_TIMEOUT_MS = 15_000;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

interface WriterState {
  pending: Row[];
  timer: NodeJS.Timeout | undefined;
  flushing: Promise<void> | undefined;
  failures: number;
  dropped: number;
}

// One buffer per process, on globalThis: Next's bundles and the API route layer may each load a
// copy of this module, and a shutdown flush (server.mjs) must reach every line.
const STATE_KEY: unique symbol = Symbol.for("crm.requestLog");
const holder = globalThis as unknown as { [STATE_KEY]?: WriterState };
const state: WriterState = (holder[STATE_KEY] ??= { pending: [], timer: undefined, flushing: undefined, failures: 0, dropped: 0 });

/**
 * A text as a column may keep it: at most `max` characters, without what PostgreSQL's text and JSON
 * refuse (U+0000, a lone surrogate). One such character from a client (an MCP tool name is theirs
 * to write) would otherwise make its whole batch fail, again and again.
 */
function cut(s: string | null | undefined, max: number): string | null {
  if (s == null) return null;
  const clean = s.replaceAll("\0", "").toWellFormed();
  return clean.length > max ? clean.slice(0, max).toWellFormed() : clean;
}

/**
 * Records one authenticated request: a push onto this process's buffer, nothing awaited, so the
 * request does not wait for its line. Lines reach the database in batches (flushRequestLog).
 */
export function recordRequest(principal: Principal, r: RequestOutcome): void {
  if (!requestLogEnabled()) return;
  if (state.pending.length >= REQUEST_LOG_MAX_PENDING) {
    state.dropped++;
    return;
  }
  const c = principal.credential;
  state.pending.push({
    tenant_id: principal.tenantId,
    id: r.requestId,
    created_at: new Date().toISOString(),
    credential_kind: c.kind,
    credential_id: c.kind === "api_key" ? c.id : c.kind === "oauth" ? c.familyId : null,
    app_id: c.kind === "oauth" ? c.appId : null,
    user_id: principal.userId,
    method: cut(r.method, 16)!,
    path: cut(r.path, 2048) || "/",
    tool: cut(r.tool, 100),
    status: r.status,
    duration_ms: Math.max(0, Math.round(performance.now() - r.startedAt)),
    ip: cut(r.ip, 64),
    error: cut(r.error, 100),
  });
  // A full batch need not wait for the timer.
  if (state.pending.length === REQUEST_LOG_BATCH && state.timer) {
    clearTimeout(state.timer);
    state.timer = undefined;
  }
  schedule(state.pending.length >= REQUEST_LOG_BATCH ? 0 : FLUSH_DELAY_MS);
}

function schedule(delayMs: number): void {
  if (state.timer || state.flushing) return;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    void flushOnce();
  }, delayMs);
  // A pending flush does not keep a process alive; servers flush on SIGTERM (server.mjs).
  state.timer.unref();
}

/**
 * Writes the lines buffered when it starts, batch by batch; on a failure keeps them for a later
 * try. Lines that arrive meanwhile wait for the next flush, so that a busy instance writes few
 * large batches rather than many small ones (each a transaction).
 */
async function drain(): Promise<void> {
  let left = state.pending.length;
  try {
    while (left > 0) {
      const batch = state.pending.slice(0, Math.min(REQUEST_LOG_BATCH, left));
      const lines = JSON.stringify(batch);
      // A batch whose commit went unconfirmed is sent again: the function skips the lines it has.
      await withJobSql(async (tx) => tx.$queryRaw`SELECT request_log_append(${lines}::jsonb)`, { timeoutMs: FLUSH_TIMEOUT_MS });
      // Only flushes take from the front, and pushes append: the batch is still the head.
      state.pending.splice(0, batch.length);
      left -= batch.length;
      state.failures = 0;
    }
    if (state.dropped > 0) {
      console.error(`request log: ${state.dropped} lines dropped while the database did not take them`);
      state.dropped = 0;
    }
  } catch (err) {
    if (!isDependencyUnavailable(err)) {
      // The database refused the lines themselves, which no retry mends: they go, counted.
      const refused = Math.min(REQUEST_LOG_BATCH, left);
      state.pending.splice(0, refused);
      console.error(`request log: the database refused a batch of ${refused} lines; they are dropped`, err);
      return;
    }
    state.failures++;
    if (state.failures === 1) console.error(`request log: writing ${state.pending.length} lines failed; retrying`, err);
  }
}

/** The wait before the next flush of what is left: a full batch goes at once, a failure backs off. */
function nextDelay(): number {
  if (state.failures) return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (state.failures - 1));
  return state.pending.length >= REQUEST_LOG_BATCH ? 0 : FLUSH_DELAY_MS;
}

/** One flush at a time; what arrives meanwhile, or is left by a failure, gets the next. */
function flushOnce(): Promise<void> {
  if (state.flushing) return state.flushing;
  const run = drain().then(() => {
    state.flushing = undefined;
    if (state.pending.length > 0) schedule(nextDelay());
  });
  state.flushing = run;
  return run;
}

/**
 * Writes every line buffered so far before resolving (tests, and server.mjs once the server has
 * closed); rejects when the database would not take them.
 */
export async function flushRequestLog(): Promise<void> {
  clearTimeout(state.timer);
  state.timer = undefined;
  if (state.flushing) await state.flushing;
  while (state.pending.length > 0) {
    await flushOnce();
    if (state.failures > 0) throw new Error(`request log: ${state.pending.length} lines could not be written`);
  }
}

// server.mjs (plain JavaScript, outside Next's bundles) flushes through this once the server has closed.
(globalThis as unknown as Record<symbol, () => Promise<void>>)[Symbol.for("crm.requestLog.flush")] = flushRequestLog;

/** Lines waiting in this process's buffer. */
export const pendingRequestLogLines = (): number => state.pending.length;
