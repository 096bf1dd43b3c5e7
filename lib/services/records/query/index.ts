/**
 * Query parameters of the list endpoint, GET /api/v1/{object}, as its schema typed and bounded
 * them (listParamsSchema: limit, offset, trashed, the number of filters):
 *
 *   parseListQuery(fields, { limit: 20, offset: 0, filter: ["stage:eq:won", "amount:gte:1000"], order: "amount:desc", trashed: false })
 *
 * What needs the object's fields is checked and converted here (operands to index values, search
 * to folded terms), so the query builder only assembles SQL from trusted, typed pieces. Errors are
 * invalid() with a message naming the parameter and the offending value.
 */
import { invalid } from "@/lib/errors/app-error.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { parseFilter } from "./filter.ts";
import { parseOrder } from "./order.ts";
import { searchTerms } from "./search-terms.ts";
import type { ListParams } from "@/lib/schemas/records.ts";
import { MAX_SEARCH_LENGTH, type ListQuery } from "./types.ts";

export { parseFilter } from "./filter.ts";
export type { Filter, FilterOperator, FilterTarget, IndexValue, ListQuery, Order, SystemColumn } from "./types.ts";

export function parseListQuery(fields: FieldDescription[], params: Omit<ListParams, "object">): ListQuery {
  const search = params.search ?? "";
  // Counted in code points so an accented or emoji query is not cut short by its UTF-16 length.
  if ([...search].length > MAX_SEARCH_LENGTH) throw invalid(`search: at most ${MAX_SEARCH_LENGTH} characters`);
  const order = parseOrder(fields, params.order);
  const filters = params.filter.map((raw) => parseFilter(fields, raw));
  return { limit: params.limit, offset: params.offset, searchTerms: searchTerms(search), filters, order, trashed: params.trashed };
}
