import type { FormulaResultType, FormulaValue } from "./ast";

/** Decimal strings as produced by JSON-serialized numbers/decimals: "1234.50", "-3", ".5", "1e-7". */
const DECIMAL_STRING = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export const DECIMAL_PLACES = 10;

export function isDecimalString(value: string): boolean {
  return DECIMAL_STRING.test(value.trim());
}

/** Rounds away float noise (0.1 + 0.2 -> 0.3); non-finite -> null; -0 -> 0. */
export function normalizeNumber(n: number): number | null {
  if (!Number.isFinite(n)) return null;
  const rounded = Number(n.toFixed(DECIMAL_PLACES));
  return rounded === 0 ? 0 : rounded;
}

/** Numbers and decimal strings -> number; everything else -> null. */
export function toNumber(value: FormulaValue): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && isDecimalString(value)) {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Text conversion used by `&`, CONCAT and the text functions. null -> "". */
export function toText(value: FormulaValue): string {
  if (value === null) return "";
  if (typeof value === "number") return String(normalizeNumber(value) ?? "");
  return String(value);
}

export function isBlank(value: FormulaValue): boolean {
  return value === null || value === "";
}

/** Converts an arbitrary JSON-ish field value into a formula value without any type knowledge. */
export function fromUnknown(raw: unknown): FormulaValue {
  switch (typeof raw) {
    case "number":
      return Number.isFinite(raw) ? raw : null;
    case "string":
    case "boolean":
      return raw;
    case "bigint":
      return toNumber(raw.toString());
    case "object": {
      if (raw === null) return null;
      if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString();
      // Multiselect values arrive as arrays of strings.
      if (Array.isArray(raw)) {
        return raw
          .map((item) => fromUnknown(item))
          .filter((item) => item !== null)
          .map(toText)
          .join(", ");
      }
      return null;
    }
    default:
      return null;
  }
}

/** Converts a field value into the formula type its field declares; mismatches -> null. */
export function coerceToType(raw: unknown, type: FormulaResultType): FormulaValue {
  const value = fromUnknown(raw);
  if (value === null) return null;
  switch (type) {
    case "number":
      return toNumber(value);
    case "text":
      return toText(value);
    case "boolean":
      if (typeof value === "boolean") return value;
      if (value === "true") return true;
      if (value === "false") return false;
      return null;
  }
}
