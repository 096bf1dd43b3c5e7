import { invalid } from "@/lib/errors/app-error.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import type { ExportParams } from "@/lib/schemas/records.ts";
import { parseFilter, type Filter, type ListQuery } from "../query/index.ts";
import { parseOperand } from "../values/index.ts";
import { DEFAULT_PAGE_SIZE } from "@/lib/schemas/paging.ts";

export interface ExportQuery {
  page: number;
  pageSize: number;
  /** The same query the list endpoint runs: filters (since-bounds included), newest change first. */
  list: ListQuery;
  /** The stamp the client's next since-bound follows: created_at when it polls by created_since alone. */
  follows: "updated_at" | "created_at";
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
 * Query of GET /data/{object}, typed and bounded by its schema (exportParamsSchema): page/pageSize
 * or limit/offset (defaults applied here, since which pair was sent decides the paging),
 * updated_since / created_since (strictly after: pass the last updated_at you saw), and
 * `field:value` equality filters.
 */
export function parseExportQuery(fields: FieldDescription[], p: Omit<ExportParams, "object">): ExportQuery {
  const paged = p.page !== undefined || p.pageSize !== undefined;
  if (paged && (p.limit !== undefined || p.offset !== undefined)) throw invalid("Use page and pageSize, or limit and offset, not both");
  const limit = (paged ? p.pageSize : p.limit) ?? DEFAULT_PAGE_SIZE;
  const offset = paged ? ((p.page ?? 1) - 1) * limit : (p.offset ?? 0);
  const filters = p.filter.map((raw) => {
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
      filters: [...filters, ...since("updated_since", p.updated_since), ...since("created_since", p.created_since)],
      // updated_at DESC, id DESC: a total order, so offset pages of one snapshot neither skip nor repeat.
      order: { target: { kind: "system", column: "updated_at" }, direction: "desc" },
      trashed: false,
    },
    follows: p.created_since !== undefined && p.updated_since === undefined ? "created_at" : "updated_at",
  };
}

/**
 * The query bounded to final changes: rows whose followed stamp is below the change horizon
 * (change-stamp.ts), so that no write committing later can carry a smaller one. (updated_at is
 * never below created_at, so bounding it bounds both.)
 */
export function finalChangesOnly(q: ExportQuery, horizon: Date): ListQuery {
  const bound: Filter = {
    target: { kind: "system", column: q.follows },
    op: "lt",
    value: { text: null, num: null, ts: horizon },
    raw: "horizon",
  };
  return { ...q.list, filters: [...q.list.filters, bound] };
}
