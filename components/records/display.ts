import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { utcMinute } from "@/components/utc-minute.ts";

export { recordTitle } from "@/lib/services/records/record-name.ts";

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

/** The fields a record's title is made of, which a list's Name column already shows. */
export function titleFields(fields: FieldDescription[]): Set<string> {
  const has = (name: string) => fields.some((f) => f.apiName === name);
  if (has("name")) return new Set(["name"]);
  if (has("first_name") || has("last_name")) return new Set(["first_name", "last_name"]);
  return new Set(has("subject") ? ["subject"] : has("title") ? ["title"] : []);
}

/** The columns a list shows beside its Name: the first fields that are neither long text, computed nor part of the name. */
export function listColumns(fields: FieldDescription[], max = 5): FieldDescription[] {
  const named = titleFields(fields);
  return fields.filter((f) => f.type !== "textarea" && f.type !== "formula" && f.type !== "rollup" && !named.has(f.apiName)).slice(0, max);
}
