import { isUuid } from "@/lib/ids/uuid.ts";

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;

/** The filters of a Requests page (a key's, an app's), from its query string. */
export interface RequestLogPageFilter {
  status?: (typeof STATUS_CLASSES)[number];
  /** A path prefix, as typed (a leading / is added). */
  path?: string;
  /** YYYY-MM-DD, UTC: from the start of that day. */
  from?: string;
  requestId?: string;
}

/** Values that mean nothing are dropped rather than refused (a page, unlike the API, always shows something). */
export function requestLogPageFilter(search: Search): RequestLogPageFilter {
  const status = one(search.status);
  const path = one(search.path);
  const from = one(search.from);
  const requestId = one(search.requestId);
  return {
    status: (STATUS_CLASSES as readonly string[]).includes(status ?? "") ? (status as RequestLogPageFilter["status"]) : undefined,
    path: path && path.length <= 2048 ? (path.startsWith("/") ? path : `/${path}`) : undefined,
    from: from && /^\d{4}-\d{2}-\d{2}$/.test(from) && !Number.isNaN(Date.parse(from)) ? from : undefined,
    requestId: requestId && isUuid(requestId) ? requestId : undefined,
  };
}

/** The operation's input for these filters and page. */
export function requestLogQuery(f: RequestLogPageFilter, after: string | string[] | undefined) {
  const starting = one(after);
  return {
    status: f.status,
    path: f.path,
    since: f.from ? `${f.from}T00:00:00Z` : undefined,
    requestId: f.requestId,
    starting_after: starting && isUuid(starting) ? starting : undefined,
  };
}

/** The filters as a query string (for the next page's link). */
export function requestLogSearch(f: RequestLogPageFilter): URLSearchParams {
  return new URLSearchParams(Object.entries(f).filter((e): e is [string, string] => Boolean(e[1])));
}
