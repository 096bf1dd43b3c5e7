import { DEFAULT_CURRENCY_SCALE, type FieldDescription, type FieldType } from "@/lib/schemas/fields.ts";
import { CURRENCY_PATTERN, numberToDecimal, significantDecimals, withScale } from "./decimal.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { isEmail, isHttpUrl, isPhone, parseDate, parseDateTime } from "./formats.ts";
import { isStorable, quote, withinChars } from "./text.ts";
import type { Checked } from "./types.ts";

export type ValueField = Pick<FieldDescription, "apiName" | "type" | "options" | "targetObject" | "scale">;

/** Types whose value arrives as a string, so that "" can only mean "no value". */
const STRING_TYPES: ReadonlySet<FieldType> = new Set([
  "text",
  "textarea",
  "email",
  "phone",
  "url",
  "currency",
  "date",
  "datetime",
  "select",
  "lookup",
]);
/** Of those, the ones normalized by trimming: whitespace around an email or id is never meant. */
const TRIMMED_TYPES: ReadonlySet<FieldType> = new Set(["email", "phone", "url", "currency", "date", "datetime", "lookup"]);

const MAX_NUMBER = 1e15;
const MAX_LISTED_OPTIONS = 20;

/** null, "" (whitespace too where values are trimmed) and [] all mean "no value". */
export function isEmptyValue(type: FieldType, value: unknown): boolean {
  if (value === null) return true;
  if (typeof value === "string" && STRING_TYPES.has(type)) return (TRIMMED_TYPES.has(type) ? value.trim() : value) === "";
  return type === "multiselect" && Array.isArray(value) && value.length === 0;
}

function optionValues(field: ValueField): string[] {
  return (field.options ?? []).map((o) => o.value);
}

/** "a, b, c", cut short for fields with hundreds of options. */
function listOptions(values: string[]): string {
  const shown = values.slice(0, MAX_LISTED_OPTIONS).join(", ");
  return values.length > MAX_LISTED_OPTIONS ? `${shown}, ...` : shown;
}

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = (message: string): Checked<never> => ({ ok: false, message });

function checkText(value: unknown, max: number): Checked<string> {
  if (typeof value !== "string") return fail("must be a string");
  if (!withinChars(value, max)) return fail(`must be at most ${max} characters`);
  if (!isStorable(value)) return fail("must not contain NUL characters or invalid Unicode");
  return ok(value);
}

function checkNumber(value: unknown): Checked<number> {
  if (typeof value !== "number" || !Number.isFinite(value)) return fail("must be a number");
  if (Math.abs(value) >= MAX_NUMBER) return fail("must be less than 1e15 in absolute value");
  return ok(value === 0 ? 0 : value); // JSON "-0" parses to -0; store plain 0.
}

/** Stored with exactly the field's scale ("40000" → "40000.00"); more significant decimals are refused, never rounded. */
function checkCurrency(value: unknown, scale: number): Checked<string> {
  const decimal =
    typeof value === "number" && Number.isFinite(value) ? numberToDecimal(value) : typeof value === "string" ? value.trim() : null;
  if (decimal === null || !CURRENCY_PATTERN.test(decimal) || significantDecimals(decimal) > scale) {
    return fail(
      scale === 0
        ? "must be a whole number (this field has no decimal places)"
        : `must be a decimal with at most ${scale} decimal place${scale === 1 ? "" : "s"}`,
    );
  }
  return ok(withScale(decimal, scale));
}

function checkMultiselect(field: ValueField, value: unknown): Checked<string[]> {
  const allowed = optionValues(field);
  if (!Array.isArray(value)) return fail(`must be a list of values from: ${listOptions(allowed)}`);
  const seen = new Set<string>();
  for (const item of value) {
    if (typeof item !== "string" || !allowed.includes(item))
      return fail(`contains ${quote(item)}, which is not one of: ${listOptions(allowed)}`);
    if (seen.has(item)) return fail(`contains ${quote(item)} twice`);
    seen.add(item);
  }
  return ok([...seen]); // a Set iterates in insertion order, i.e. the order of the request
}

/**
 * Checks one non-empty value against its field's type and returns the form stored in record data.
 * Read-only (computed) types never get here; the caller refuses them first.
 */
export function normalizeFieldValue(field: ValueField, value: unknown): Checked<unknown> {
  const trimmed = typeof value === "string" && TRIMMED_TYPES.has(field.type) ? value.trim() : value;
  const str = typeof trimmed === "string" ? trimmed : null;
  switch (field.type) {
    case "text":
      return checkText(value, 1000);
    case "textarea":
      return checkText(value, 65535);
    case "email": {
      const email = str?.toLowerCase() ?? null;
      if (email !== null && email.length > 254) return fail("must be at most 254 characters");
      return email !== null && isEmail(email) ? ok(email) : fail("must be a valid email address");
    }
    case "phone":
      return str !== null && isPhone(str) ? ok(str) : fail("must be a phone number");
    case "url":
      if (str !== null && str.length > 2048) return fail("must be at most 2048 characters");
      return str !== null && isHttpUrl(str) ? ok(str) : fail("must be an http or https URL");
    case "number":
    case "percent":
      return checkNumber(value);
    case "currency":
      return checkCurrency(value, field.scale ?? DEFAULT_CURRENCY_SCALE);
    case "boolean":
      return typeof value === "boolean" ? ok(value) : fail("must be true or false");
    case "date":
      return str !== null && parseDate(str) ? ok(str) : fail("must be a date (YYYY-MM-DD)");
    case "datetime": {
      const instant = str === null ? null : parseDateTime(str);
      return instant ? ok(instant.toISOString()) : fail("must be an ISO 8601 date-time with a time zone");
    }
    case "select": {
      const allowed = optionValues(field);
      return typeof value === "string" && allowed.includes(value) ? ok(value) : fail(`must be one of: ${listOptions(allowed)}`);
    }
    case "multiselect":
      return checkMultiselect(field, value);
    case "lookup":
      return str !== null && isUuid(str)
        ? ok(str.toLowerCase())
        : fail(`must be the id (uuid) of a ${field.targetObject ?? "linked"} record`);
    case "formula":
    case "rollup":
      return fail("is read-only (computed)");
    default: {
      // Field definitions come from the database; a type this code does not know must not pass.
      const unknown: never = field.type;
      return fail(`has an unsupported type ${quote(unknown)}`);
    }
  }
}
