import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { isComputedField } from "@/lib/schemas/fields.ts";
import { ownValue } from "@/lib/schemas/names.ts";

/** The fields a person edits in the record form: everything but computed ones. */
export const editableFields = (fields: FieldDescription[]): FieldDescription[] => fields.filter((f) => !isComputedField(f));

/** A number as typed: a JSON number when it reads as one, else the text (so the refusal names what was typed). */
function typedNumber(raw: string): number | string {
  const n = Number(raw.replace(/[\s,]/g, ""));
  return raw.trim() !== "" && Number.isFinite(n) ? n : raw;
}

/** datetime-local gives no zone: the form says it is UTC, so it is read as UTC. */
function typedInstant(raw: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(raw) ? `${raw}${raw.length === 16 ? ":00" : ""}Z` : raw;
}

/** One field's value as the form sent it, in the type the records API takes (empty: null). */
export function formValue(field: FieldDescription, form: FormData): unknown {
  const name = `values.${field.apiName}`;
  if (field.type === "multiselect") return form.getAll(name).map(String);
  if (field.type === "boolean") return form.get(name) === "on" || form.get(name) === "true";
  const raw = String(form.get(name) ?? "");
  if (raw.trim() === "") return null;
  if (field.type === "number" || field.type === "percent") return typedNumber(raw);
  if (field.type === "datetime") return typedInstant(raw);
  return raw;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The values a record form sends: on create, every field given; on edit, only the fields whose
 * value differs from the record's (so an edit never rewrites what the person did not touch).
 */
export function recordFormValues(fields: FieldDescription[], form: FormData, current?: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of editableFields(fields)) {
    if (!form.has(`values.${field.apiName}`) && field.type !== "boolean" && field.type !== "multiselect") continue;
    const value = formValue(field, form);
    if (current) {
      if (!same(normalized(field, ownValue(current, field.apiName)), value)) values[field.apiName] = value;
    } else if (value !== null && !(Array.isArray(value) && value.length === 0) && !(field.type === "boolean" && value === false)) {
      values[field.apiName] = value;
    }
  }
  return values;
}

/** A stored value as the form would send it back unchanged (datetimes to the minute the input shows). */
function normalized(field: FieldDescription, value: unknown): unknown {
  if (field.type === "boolean") return value === true;
  if (field.type === "multiselect") return Array.isArray(value) ? value : [];
  if (value === null || value === undefined || value === "") return null;
  if (field.type === "datetime" && typeof value === "string") return typedInstant(value.slice(0, 16));
  return value;
}
