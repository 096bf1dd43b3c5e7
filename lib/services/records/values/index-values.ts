import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { DECIMAL_PATTERN, canonicalDecimal, numberKey, numberToDecimal } from "./decimal.ts";
import { parseDate, parseDateTime } from "./formats.ts";
import { foldText } from "./text.ts";
import { NO_INDEX_VALUE, type IndexValue } from "./types.ts";

const NONE = NO_INDEX_VALUE;
const none = (): IndexValue[] => [{ ...NONE }];
const text = (s: string): IndexValue => ({ ...NONE, text: s });
// Numbers carry an exact equality key (text) and the value for ranges and ordering (num, stored
// as double precision: numeric comparisons are not leakproof, float8 ones are).
const num = (s: string): IndexValue => ({ ...NONE, text: numberKey(s), num: s });
const ts = (d: Date): IndexValue => ({ ...NONE, ts: d });

/** Numbers are stored as JSON numbers, currency as decimal strings; either may be indexed. */
function decimalOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return numberToDecimal(value);
  if (typeof value === "string" && DECIMAL_PATTERN.test(value)) return canonicalDecimal(value);
  return null;
}

/**
 * The typed values one field contributes to the index table: one entry per value (multiselect:
 * one per option; null/absent: exactly one all-null entry, so "is empty" filters and null-last
 * sorting find the record). Computed fields are not indexed: their values change without a write.
 * Values that do not have their type's stored shape (data older than a rule) index as empty
 * rather than throwing, so one odd record cannot block reindexing an object.
 */
export function indexValues(field: Pick<FieldDescription, "type">, value: unknown): IndexValue[] {
  switch (field.type) {
    case "formula":
    case "rollup":
      return [];
    case "text":
    case "textarea":
    case "email":
    case "phone":
    case "url":
    case "select":
      return typeof value === "string" ? [text(foldText(field.type, value))] : none();
    case "multiselect": {
      const options = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
      return options.length > 0 ? options.map((o) => text(foldText(field.type, o))) : none();
    }
    case "lookup":
      return typeof value === "string" ? [text(value.toLowerCase())] : none();
    case "number":
    case "percent":
    case "currency": {
      const decimal = decimalOf(value);
      return decimal === null ? none() : [num(decimal)];
    }
    case "boolean":
      return typeof value === "boolean" ? [num(value ? "1" : "0")] : none();
    case "date": {
      const day = typeof value === "string" ? parseDate(value) : null;
      return day ? [ts(day)] : none();
    }
    case "datetime": {
      const instant = typeof value === "string" ? parseDateTime(value) : null;
      return instant ? [ts(instant)] : none();
    }
    default: {
      const unknown: never = field.type;
      void unknown;
      return none();
    }
  }
}
