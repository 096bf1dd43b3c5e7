import { invalid } from "@/lib/errors/app-error.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { MAX_FILTERS, parseFilter, type Filter } from "../query/index.ts";
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
  limit: number;
  offset: number;
  page: number;
  pageSize: number;
  updatedSince: Date | null;
  createdSince: Date | null;
  filters: Filter[];
}

function since(name: string, raw: string | undefined): Date | null {
  if (raw === undefined) return null;
  const parsed = parseOperand({ type: "datetime" }, raw);
  if (!parsed.ok || !parsed.value.ts) throw invalid(`${name}: must be an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00.000Z`);
  return parsed.value.ts;
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
    limit,
    offset,
    page: Math.floor(offset / limit) + 1,
    pageSize: limit,
    updatedSince: since("updated_since", single("updated_since", p.updated_since)),
    createdSince: since("created_since", single("created_since", p.created_since)),
    filters,
  };
}
