import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { searchKey } from "@/lib/services/records/search-key.ts";

const TRUE = new Set(["true", "yes", "y", "1", "x", "on"]);
const FALSE = new Set(["false", "no", "n", "0", "off"]);
const DECIMAL_POINT = /^[+-]?\d+(\.\d+)?$/;
/** "1234,5": a decimal comma (files from locales that write one, usually `;`-delimited). */
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

/** A select's option given by its value or its label, any case or accents: the value. */
function option(field: FieldDescription, cell: string): string {
  const key = searchKey(cell);
  const found =
    (field.options ?? []).find((o) => o.value === cell) ??
    (field.options ?? []).find((o) => searchKey(o.value) === key || searchKey(o.label) === key);
  return found?.value ?? cell;
}

const decimal = (cell: string): string => (DECIMAL_COMMA.test(cell) ? cell.replace(",", ".") : cell);

/**
 * A cell as the JSON value the field takes in the API, so the bulk service checks it as it checks
 * any request (its refusals are the row's error): numbers and yes/no where the field wants them,
 * multiselect cells split on `;` (or `,` when there is none), options by value or label. A cell
 * that does not convert stays the text it is and gets the field's own error ("must be a number").
 */
export function cellValue(field: FieldDescription, cell: string): unknown {
  const text = cell.trim();
  switch (field.type) {
    case "number":
    case "percent": {
      const n = decimal(text);
      return DECIMAL_POINT.test(n) ? Number(n) : cell;
    }
    case "currency":
      return decimal(text);
    case "boolean": {
      const word = text.toLowerCase();
      return TRUE.has(word) ? true : FALSE.has(word) ? false : cell;
    }
    case "select":
      return option(field, text);
    case "multiselect": {
      const parts = text.split(text.includes(";") ? ";" : ",").map((p) => p.trim());
      return parts.filter((p) => p !== "").map((p) => option(field, p));
    }
    default:
      return cell;
  }
}

/** Whether a cell holds nothing: an import leaves such a field as it is (unset on create, unchanged on upsert). */
export const isBlank = (cell: string | undefined): boolean => cell === undefined || cell.trim() === "";
