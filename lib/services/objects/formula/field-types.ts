import type { FormulaResultType } from "./ast";

/**
 * CRM field type -> formula type. The formula result types themselves
 * ("number", "text", "boolean") are included, so the inferred type of another
 * formula field can be passed straight through as its field type.
 */
const FIELD_TYPE_MAP: Readonly<Record<string, FormulaResultType>> = {
  text: "text",
  textarea: "text",
  email: "text",
  phone: "text",
  url: "text",
  select: "text",
  multiselect: "text",
  date: "text",
  datetime: "text",
  lookup: "text",
  number: "number",
  currency: "number",
  percent: "number",
  boolean: "boolean",
};

export function formulaTypeForFieldType(fieldType: string): FormulaResultType | null {
  return Object.hasOwn(FIELD_TYPE_MAP, fieldType) ? FIELD_TYPE_MAP[fieldType] : null;
}
