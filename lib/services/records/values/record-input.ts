import { isComputedField, type FieldDescription } from "@/lib/schemas/fields.ts";
import { SYSTEM_KEYS } from "@/lib/schemas/names.ts";
import { isEmptyValue, normalizeFieldValue } from "./field-value.ts";
import { isStorable } from "./text.ts";
import type { LookupRef, RecordInputResult, ValueError } from "./types.ts";

const SYSTEM_KEY_SET: ReadonlySet<string> = new Set(SYSTEM_KEYS);

/** Only what JSON.parse makes: not arrays, class instances (Date, Map) or null. */
function isPlainObject(input: unknown): input is Record<string, unknown> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return false;
  const proto: unknown = Object.getPrototypeOf(input);
  return proto === Object.prototype || proto === null;
}

/**
 * Validates and normalizes a record body against the object's live fields. All problems are
 * collected (in the order of the body's keys, then missing required fields) so a form can mark
 * every bad field at once. On update, only the keys sent are looked at; keys whose value is
 * undefined count as not sent, as they would after a JSON round trip.
 */
export function validateRecordInput(fields: FieldDescription[], input: unknown, mode: "create" | "update"): RecordInputResult {
  if (!isPlainObject(input)) return { ok: false, errors: [{ path: "", message: "must be a JSON object" }] };
  const byName = new Map(fields.map((f) => [f.apiName, f]));
  const errors: ValueError[] = [];
  const entries: [string, unknown][] = [];
  const lookups: LookupRef[] = [];
  const sent = new Set<string>();

  for (const [key, raw] of Object.entries(input)) {
    if (raw === undefined) continue;
    sent.add(key);
    const field = byName.get(key);
    if (SYSTEM_KEY_SET.has(key)) errors.push({ path: key, message: "is set by the server and cannot be written" });
    else if (!field)
      errors.push({
        path: key,
        message: isStorable(key)
          ? "is not a field of this object"
          : "is not a field of this object: the name contains a NUL character or invalid Unicode",
      });
    else if (isComputedField(field)) errors.push({ path: key, message: "is read-only (computed)" });
    else if (isEmptyValue(field.type, raw)) {
      if (field.required) errors.push({ path: key, message: "is required" });
      else entries.push([key, null]); // kept so that an update clears the stored value
    } else {
      const checked = normalizeFieldValue(field, raw);
      if (!checked.ok) errors.push({ path: key, message: checked.message });
      else {
        entries.push([key, checked.value]);
        if (field.type === "lookup" && typeof checked.value === "string") {
          lookups.push({ field: key, targetObject: field.targetObject ?? "", id: checked.value });
        }
      }
    }
  }

  if (mode === "create") {
    for (const field of fields) {
      if (field.required && !isComputedField(field) && !sent.has(field.apiName))
        errors.push({ path: field.apiName, message: "is required" });
    }
  }

  if (errors.length > 0) return { ok: false, errors };
  // fromEntries defines own properties, so even a key like "__proto__" could not reach the prototype.
  return { ok: true, data: Object.fromEntries(entries), lookups };
}

/** One line for an error response: "email: must be a valid email address (and 2 more)". */
export function formatValueErrors(errors: ValueError[]): string {
  const [first] = errors;
  if (!first) return "";
  const line = first.path ? `${first.path}: ${first.message}` : first.message;
  return errors.length > 1 ? `${line} (and ${errors.length - 1} more)` : line;
}
