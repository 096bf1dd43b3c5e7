import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { utcMinute } from "@/components/utc-minute.ts";

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** What a record is called on screen: its name, subject or person's name, else its id. */
export function recordTitle(values: Record<string, unknown>): string {
  const person = [text(values.first_name), text(values.last_name)].filter(Boolean).join(" ");
  return text(values.name) || text(values.subject) || person || text(values.title) || String(values.id ?? "");
}

/** A value as text for a table cell (lookups are rendered as links by FieldValue). */
export function displayValue(field: FieldDescription, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (field.type === "boolean") return value ? "Yes" : "No";
  if (field.type === "select") return field.options?.find((o) => o.value === value)?.label ?? String(value);
  if (field.type === "multiselect" && Array.isArray(value))
    return value.map((v) => field.options?.find((o) => o.value === v)?.label ?? String(v)).join(", ");
  if (field.type === "percent") return `${String(value)} %`;
  if (field.type === "datetime" && typeof value === "string") return utcMinute(value);
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** The href of a record's page. Record and dashboard pages are loaded as documents (plain links), so each gets its own frame policy. */
export const recordHref = (object: string, id: string): string => `/records/${encodeURIComponent(object)}/${encodeURIComponent(id)}`;

/** The columns a list shows: the first fields that are neither long text nor computed. */
export function listColumns(fields: FieldDescription[], max = 5): FieldDescription[] {
  return fields.filter((f) => f.type !== "textarea" && f.type !== "formula" && f.type !== "rollup").slice(0, max);
}
