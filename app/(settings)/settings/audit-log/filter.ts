import { isUuid } from "@/lib/ids/uuid.ts";
import { AUDIT_ACTION_NAMES, type AuditAction } from "@/lib/schemas/audit-actions.ts";

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const day = (v: string | undefined): string | undefined =>
  v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined;

export interface AuditPageFilter {
  action?: AuditAction;
  actor?: string;
  /** YYYY-MM-DD, UTC: from the start of that day. */
  from?: string;
  /** YYYY-MM-DD, UTC: up to the end of that day. */
  to?: string;
}

/** The page's filters from its query string; values that mean nothing are dropped rather than refused. */
export function auditPageFilter(search: Search): AuditPageFilter {
  const action = one(search.action);
  const actor = one(search.actor);
  return {
    action: action && (AUDIT_ACTION_NAMES as readonly string[]).includes(action) ? (action as AuditAction) : undefined,
    actor: actor && isUuid(actor) ? actor : undefined,
    from: day(one(search.from)),
    to: day(one(search.to)),
  };
}

/** The operation's input for these filters (dates as UTC days, `to` inclusive). */
export function auditQuery(f: AuditPageFilter) {
  return {
    action: f.action,
    actor: f.actor,
    since: f.from ? `${f.from}T00:00:00Z` : undefined,
    until: f.to ? new Date(Date.parse(`${f.to}T00:00:00Z`) + 24 * 3600_000).toISOString() : undefined,
  };
}

/** The filters as a query string (for paging and the export link). */
export function filterSearch(f: AuditPageFilter): URLSearchParams {
  return new URLSearchParams(Object.entries(f).filter((e): e is [string, string] => Boolean(e[1])));
}
