import type { FieldDescription } from "@/lib/schemas/fields.ts";
import type { IndexValue } from "@/lib/services/records/values/index.ts";

export type { IndexValue };

export const MAX_SEARCH_LENGTH = 200;
/** Each term becomes one indexed condition; a cap keeps a pasted paragraph from becoming a huge query. */
export const MAX_SEARCH_TERMS = 8;

export const FILTER_OPERATORS = ["eq", "neq", "contains", "gt", "lt", "gte", "lte", "empty", "not_empty"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type SystemColumn = "id" | "owner_id" | "created_at" | "updated_at";

export type FilterTarget = { kind: "field"; field: FieldDescription } | { kind: "system"; column: SystemColumn };

export interface Filter {
  target: FilterTarget;
  op: FilterOperator;
  /** null for empty/not_empty, which compare against nothing. */
  value: IndexValue | null;
  /** The filter string as the client sent it, so later errors can quote it. */
  raw: string;
}

export interface Order {
  target: FilterTarget;
  direction: "asc" | "desc";
}

export interface ListQuery {
  limit: number;
  offset: number;
  searchTerms: string[];
  filters: Filter[];
  order: Order;
  trashed: boolean;
}
