import { invalid } from "@/lib/errors/app-error.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { MAX_FILTERS, parseFilter, type Filter, type ListQuery } from "../query/index.ts";
import { asList, parseIntParam, single } from "../query/params.ts";
import { parseOperand } from "../values/index.ts";

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export interface ExportParams {
  page?: string | string[];
  pageSize?: string | string[];
  limit?: string | string[];
  offset?: string | string[];
  updated_since?: string | string[];
  created_since?: string | string[];
  filter?: string | string[];
}

export interface ExportQuery {
  page: number;
  pageSize: number;
  /** The same query the list endpoint runs: filters (since-bounds included), newest change first. */
  list: ListQuery;
}

/** `updated_since` / `created_since`: strictly after the instant, as a filter on the system column. */
function since(name: "updated_since" | "created_since", raw: string | undefined): Filter[] {
  if (raw === undefined) return [];
  const parsed = parseOperand({ type: "datetime" }, raw);
  if (!parsed.ok || !parsed.value.ts) throw invalid(`${name}: must be an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00.000Z`);
  const column = name === "updated_since" ? "updated_at" : "created_at";
  return [{ target: { kind: "system", column }, op: "gt", value: parsed.value, raw: `${name}=${raw}` }];
}

/**
 * Query of GET /data/{object}: page/pageSize (defaults 1 and 100, pageSize at most 1000) or
 * limit/offset (the same bounds), updated_since / created_since (strictly after: pass the last
 * updated_at you saw), and `field:value` equality filters.
 */
export function parseExportQuery(fields: FieldDescription[], p: ExportParams): ExportQuery {
  const paged = p.page !== undefined || p.pageSize !== undefined;
  if (paged && (p.limit !== undefined || p.offset !== undefined)) throw invalid("Use page and pageSize, or limit and offset, not both");
  let limit: number;
  let offset: number;
  if (paged) {
    const page = parseIntParam("page", single("page", p.page), 1, 1, 1_000_000, "must be an integer from 1");
    limit = parseIntParam("pageSize", single("pageSize", p.pageSize), DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE, `must be an integer from 1 to ${MAX_PAGE_SIZE}`);
    offset = (page - 1) * limit;
  } else {
    limit = parseIntParam("limit", single("limit", p.limit), DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE, `must be an integer from 1 to ${MAX_PAGE_SIZE}`);
    offset = parseIntParam("offset", single("offset", p.offset), 0, 0, 100_000_000, "must be a non-negative integer");
  }
  const rawFilters = asList(p.filter);
  if (rawFilters.length > MAX_FILTERS) throw invalid(`filter: at most ${MAX_FILTERS} filters are allowed (got ${rawFilters.length})`);
  const filters = rawFilters.map((raw) => {
    const f = parseFilter(fields, raw);
    if (f.op !== "eq") throw invalid(`filter '${raw}': the data endpoint takes field:value (equality) filters`);
    return f;
  });
  return {
    page: Math.floor(offset / limit) + 1,
    pageSize: limit,
    list: {
      limit,
      offset,
      searchTerms: [],
      filters: [...filters, ...since("updated_since", single("updated_since", p.updated_since)), ...since("created_since", single("created_since", p.created_since))],
      // updated_at DESC, id DESC: a total order, so offset pages of one snapshot neither skip nor repeat.
      order: { target: { kind: "system", column: "updated_at" }, direction: "desc" },
      trashed: false,
    },
  };
}
