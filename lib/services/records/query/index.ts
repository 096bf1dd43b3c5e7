/**
 * Query parameters of the list endpoint, GET /api/v1/{object}:
 *
 *   parseListQuery(fields, { limit: "20", filter: ["stage:eq:won", "amount:gte:1000"], order: "amount:desc" })
 *
 * Everything is validated and converted here (operands to index values, search to folded terms),
 * so the query builder only assembles SQL from trusted, typed pieces. Errors are invalid() with a
 * message naming the parameter and the offending value.
 */
import { invalid } from "@/lib/errors/app-error.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { parseFilter } from "./filter.ts";
import { parseOrder } from "./order.ts";
import { asList, parseBooleanParam, parseIntParam, single } from "./params.ts";
import { searchTerms } from "./search-terms.ts";
import { DEFAULT_LIMIT, MAX_FILTERS, MAX_LIMIT, MAX_OFFSET, MAX_SEARCH_LENGTH, type ListQuery, type RawListParams } from "./types.ts";

export { parseFilter } from "./filter.ts";
export { MAX_FILTERS } from "./types.ts";
export type { Filter, FilterOperator, FilterTarget, IndexValue, ListQuery, Order, RawListParams, SystemColumn } from "./types.ts";

export function parseListQuery(fields: FieldDescription[], params: RawListParams): ListQuery {
  const limit = parseIntParam("limit", single("limit", params.limit), DEFAULT_LIMIT, 1, MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`);
  const offset = parseIntParam("offset", single("offset", params.offset), 0, 0, MAX_OFFSET, `must be a non-negative integer (at most ${MAX_OFFSET})`);

  const search = single("search", params.search) ?? "";
  // Counted in code points so an accented or emoji query is not cut short by its UTF-16 length.
  if ([...search].length > MAX_SEARCH_LENGTH) throw invalid(`search: at most ${MAX_SEARCH_LENGTH} characters`);

  const order = parseOrder(fields, single("order", params.order));
  const trashed = parseBooleanParam("trashed", single("trashed", params.trashed));

  const rawFilters = asList(params.filter);
  // Counted before parsing so an oversized request is refused without doing the per-filter work.
  if (rawFilters.length > MAX_FILTERS) throw invalid(`filter: at most ${MAX_FILTERS} filters are allowed (got ${rawFilters.length})`);
  const filters = rawFilters.map((raw) => parseFilter(fields, raw));

  return { limit, offset, searchTerms: searchTerms(search), filters, order, trashed };
}
