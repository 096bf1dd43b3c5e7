import { Prisma } from "@/lib/db/generated/client.ts";
import { preferOrderedScans } from "@/lib/db/ordered-scans.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import {
  REQUEST_LOG_SCAN_WINDOW,
  statusRange,
  type RequestLogFilter,
  type RequestLogLineOut,
  type RequestLogPage,
} from "@/lib/schemas/request-log.ts";

interface LineRow {
  /** The id and the app id as uuids, which the statements order and look up by (`id`, `app_id`: their text). */
  lid: string;
  app_uuid: string | null;
  id: string;
  created_at: Date;
  method: string;
  path: string;
  tool: string | null;
  status: number;
  duration_ms: number;
  credential_kind: RequestLogLineOut["credential"]["kind"];
  credential_id: string | null;
  credential_name: string | null;
  app_id: string | null;
  user_id: string | null;
  ip: string | null;
  error: string | null;
}

interface WindowRow extends LineRow {
  /** Whether the line passes the filters (the window's last line comes back either way). */
  matched: boolean;
  /** Its place in the window, from 1 (as text: a bigint). */
  n: string;
}

const toLine = (r: LineRow): RequestLogLineOut => ({
  id: r.id,
  created_at: r.created_at,
  request_id: r.id,
  method: r.method,
  path: r.path,
  tool: r.tool,
  status: r.status,
  duration_ms: r.duration_ms,
  credential: { kind: r.credential_kind, id: r.credential_id, name: r.credential_name },
  app_id: r.app_id,
  user_id: r.user_id,
  ip: r.ip,
  error_code: r.error,
});

/** The lowest UUIDv7 of a millisecond: lines written at or after `at` have ids at or above it. */
function uuidV7Floor(at: Date): string {
  const hex = Math.max(0, at.getTime()).toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

const COLUMNS = Prisma.sql`l.id::text, l.created_at, l.method, l.path, l.tool, l.status, l.duration_ms,
  l.credential_kind, l.credential_id, l.app_id::text, l.user_id::text, l.ip, l.error`;

/** The credential's name now (a renamed key shows its new name), for the page's lines `x`. */
function credentialName(tenantId: string): Prisma.Sql {
  return Prisma.sql`CASE x.credential_kind
    WHEN 'api_key' THEN (SELECT k.name FROM api_key k WHERE k.tenant_id = ${tenantId}::uuid AND k.id::text = x.credential_id)
    WHEN 'oauth' THEN (SELECT a.name FROM oauth_app a WHERE a.id = x.app_uuid)
  END AS credential_name`;
}

/** The filters no index serves, on the lines `w`. */
function unindexed(f: RequestLogFilter): Prisma.Sql {
  const [low, high] = statusRange(f.status);
  return Prisma.sql`(${low}::int IS NULL OR w.status BETWEEN ${low}::int AND ${high}::int)
    AND (${f.path ?? null}::text IS NULL OR starts_with(w.path, ${f.path ?? null}::text))
    AND (${f.since ?? null}::timestamptz IS NULL OR w.created_at >= ${f.since ?? null}::timestamptz)`;
}

function page(lines: LineRow[], limit: number, windowEnd?: string): RequestLogPage {
  const data = lines.slice(0, limit).map(toLine);
  if (lines.length > limit) return { data, has_more: true, next_starting_after: data.at(-1)!.id };
  // The window ended before the page was full: older lines are still to be examined.
  if (windowEnd) return { data, has_more: true, next_starting_after: windowEnd };
  return { data, has_more: false, next_starting_after: null };
}

/**
 * The tenant's request log, newest first (ids are time-ordered UUIDv7), one page older than
 * `starting_after`. One request's line is found by its key (a line's id is its request's). Otherwise the page reads
 * the newest REQUEST_LOG_SCAN_WINDOW lines (of the key, of the app, or of the tenant) older than
 * `starting_after` and `since`, in id order along their index, and keeps those that pass the other
 * filters: the window's last line is returned too, marked, so that a page that ran out of window
 * knows where the next one starts.
 *
 * The plan must not depend on statistics (preferOrderedScans): the ordered scan of the index,
 * stopped by the LIMITs.
 */
export async function listRequestLog(tx: SqlTx, tenantId: string, f: RequestLogFilter): Promise<RequestLogPage> {
  // The conditions an index serves are written in only when asked for: request connections run
  // generic plans (lib/db/client.ts), where `($1 IS NULL OR column = $1)` could use no index.
  const scope = Prisma.sql`${f.keyId ? Prisma.sql`AND l.credential_kind = 'api_key' AND l.credential_id = ${f.keyId}::text` : Prisma.empty}
    ${f.appId ? Prisma.sql`AND l.app_id = ${f.appId}::uuid` : Prisma.empty}
    ${f.starting_after ? Prisma.sql`AND l.id < ${f.starting_after}::uuid` : Prisma.empty}`;
  if (f.requestId !== undefined) {
    const rows = await tx.$queryRaw<LineRow[]>`
      SELECT x.*, ${credentialName(tenantId)} FROM (
        SELECT w.* FROM (
          SELECT l.id AS lid, l.app_id AS app_uuid, ${COLUMNS}
          FROM api_request_log l
          WHERE l.tenant_id = ${tenantId}::uuid AND l.id = ${f.requestId}::uuid ${scope}
        ) w
        WHERE ${unindexed(f)}
      ) x
      ORDER BY x.lid DESC LIMIT ${f.limit + 1}`;
    return page(rows, f.limit);
  }
  await preferOrderedScans(tx);
  const rows = await tx.$queryRaw<WindowRow[]>`
    SELECT x.*, ${credentialName(tenantId)} FROM (
      SELECT w.*, row_number() OVER (ORDER BY w.lid DESC)::text AS n, (${unindexed(f)}) AS matched
      FROM (
        SELECT l.id AS lid, l.app_id AS app_uuid, ${COLUMNS}
        FROM api_request_log l
        WHERE l.tenant_id = ${tenantId}::uuid ${scope}
          ${f.since ? Prisma.sql`AND l.id >= ${uuidV7Floor(f.since)}::uuid` : Prisma.empty}
        ORDER BY l.id DESC LIMIT ${REQUEST_LOG_SCAN_WINDOW}
      ) w
    ) x
    WHERE x.matched OR x.n = ${String(REQUEST_LOG_SCAN_WINDOW)}
    ORDER BY x.lid DESC LIMIT ${f.limit + 1}`;
  const windowEnd = rows.find((r) => r.n === String(REQUEST_LOG_SCAN_WINDOW));
  return page(
    rows.filter((r) => r.matched),
    f.limit,
    windowEnd?.id,
  );
}
