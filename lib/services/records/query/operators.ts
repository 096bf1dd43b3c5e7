import type { FieldType } from "@/lib/schemas/fields.ts";
import { FILTER_OPERATORS, type FilterOperator, type FilterTarget, type SystemColumn } from "./types.ts";

const OPERATOR_SET: ReadonlySet<string> = new Set(FILTER_OPERATORS);

export function isOperator(s: string): s is FilterOperator {
  return OPERATOR_SET.has(s);
}

/** empty/not_empty test for presence, so a value after them is a client mistake, not part of the filter. */
export function takesValue(op: FilterOperator): boolean {
  return op !== "empty" && op !== "not_empty";
}

const PRESENCE: FilterOperator[] = ["eq", "neq", "empty", "not_empty"];
const TEXTUAL: FilterOperator[] = [...PRESENCE, "contains"];
const ORDERED: FilterOperator[] = [...PRESENCE, "gt", "lt", "gte", "lte"];

/**
 * Which operators each stored type supports. contains needs a text index to substring-match;
 * range operators need a numeric or time index. Multiselect eq/neq mean "has"/"has not" the option.
 * Computed types are absent: they are refused before the operator is looked at.
 */
const FIELD_OPERATORS: Partial<Record<FieldType, ReadonlySet<FilterOperator>>> = {
  text: new Set(TEXTUAL),
  textarea: new Set(TEXTUAL),
  email: new Set(TEXTUAL),
  phone: new Set(TEXTUAL),
  url: new Set(TEXTUAL),
  number: new Set(ORDERED),
  currency: new Set(ORDERED),
  percent: new Set(ORDERED),
  date: new Set(ORDERED),
  datetime: new Set(ORDERED),
  boolean: new Set(PRESENCE),
  select: new Set(PRESENCE),
  multiselect: new Set(PRESENCE),
  lookup: new Set(PRESENCE),
};

/** Timestamps are always set, so empty/not_empty would be constant; ids only compare for equality. */
const SYSTEM_OPERATORS: Record<SystemColumn, ReadonlySet<FilterOperator>> = {
  id: new Set(PRESENCE),
  owner_id: new Set(PRESENCE),
  created_at: new Set<FilterOperator>(["eq", "neq", "gt", "lt", "gte", "lte"]),
  updated_at: new Set<FilterOperator>(["eq", "neq", "gt", "lt", "gte", "lte"]),
};

/** Returns null when the operator applies to the target, else the reason it does not. */
export function operatorRefusal(target: FilterTarget, op: FilterOperator): string | null {
  if (target.kind === "system") {
    return SYSTEM_OPERATORS[target.column].has(op) ? null : `${op} is not supported for ${target.column}`;
  }
  const allowed = FIELD_OPERATORS[target.field.type];
  return allowed?.has(op) ? null : `${op} is not supported for ${target.field.type} fields`;
}
