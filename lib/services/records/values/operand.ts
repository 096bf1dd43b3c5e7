import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { DECIMAL_PATTERN, canonicalDecimal, numberKey } from "./decimal.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { parseDate, parseDateTime } from "./formats.ts";
import { foldText, quote } from "./text.ts";
import { NO_INDEX_VALUE, type Checked, type IndexValue } from "./types.ts";

const NONE = NO_INDEX_VALUE;

/**
 * Turns a filter operand from the query string into the IndexValue it is compared with, folded
 * and canonicalized exactly as indexValues() stores values, so that eq/lt/contains in SQL are plain
 * comparisons. Operands are not trimmed: "?name=  x" may be a deliberate search.
 */
export function parseOperand(field: Pick<FieldDescription, "type" | "options">, raw: string): Checked<IndexValue> {
  const fail = (what: string): Checked<IndexValue> => ({ ok: false, message: `${quote(raw)} ${what}` });
  // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
  if (raw.includes("\u0000")) return fail("contains a NUL character");
  switch (field.type) {
    case "text":
    case "textarea":
    case "email":
    case "phone":
    case "url":
      return { ok: true, value: { ...NONE, text: foldText(field.type, raw) } };
    case "select":
    case "multiselect": {
      const values = (field.options ?? []).map((o) => o.value);
      // Exact first, so that of options differing only by case or accents the one typed wins.
      const folded = foldText(field.type, raw);
      const match = values.find((v) => v === raw) ?? values.find((v) => foldText(field.type, v) === folded);
      return match === undefined
        ? fail("is not an option of this field")
        : { ok: true, value: { ...NONE, text: foldText(field.type, match) } };
    }
    case "lookup":
      return isUuid(raw) ? { ok: true, value: { ...NONE, text: raw.toLowerCase() } } : fail("is not an id");
    case "number":
    case "percent":
    case "currency":
      // Bounded so the float cast of range filters can never overflow into a server error.
      return DECIMAL_PATTERN.test(raw) && raw.length <= 40 && Math.abs(Number(raw)) < 1e21
        ? { ok: true, value: { ...NONE, text: numberKey(raw), num: canonicalDecimal(raw) } }
        : fail("is not a number");
    case "boolean":
      if (raw === "true" || raw === "false")
        return { ok: true, value: { ...NONE, text: raw === "true" ? "1" : "0", num: raw === "true" ? "1" : "0" } };
      return fail("is not true or false");
    case "date": {
      const day = parseDate(raw);
      return day ? { ok: true, value: { ...NONE, ts: day } } : fail("is not a date (YYYY-MM-DD)");
    }
    case "datetime": {
      // A plain date is the start of that day in UTC: "?closed_at[gte]=2024-05-01" reads naturally.
      const instant = parseDateTime(raw) ?? parseDate(raw);
      return instant ? { ok: true, value: { ...NONE, ts: instant } } : fail("is not an ISO 8601 date-time");
    }
    case "formula":
    case "rollup":
      return { ok: false, message: "computed fields cannot be filtered" };
    default: {
      const unknown: never = field.type;
      return { ok: false, message: `fields of type ${quote(unknown)} cannot be filtered` };
    }
  }
}
