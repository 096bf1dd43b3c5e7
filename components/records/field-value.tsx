import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { displayValue, recordHref } from "./display.ts";

/** One field's value: a lookup is a link to the record it points at (by its title when known), a URL or email a link out. */
export function FieldValue({ field, value, label }: { field: FieldDescription; value: unknown; label?: string }) {
  if (field.type === "lookup" && typeof value === "string" && field.targetObject)
    return (
      <a href={recordHref(field.targetObject, value)} className={label ? undefined : "mono"}>
        {label || value}
      </a>
    );
  if (field.type === "url" && typeof value === "string" && /^https?:\/\//i.test(value))
    return (
      <a href={value} rel="noopener noreferrer nofollow" target="_blank">
        {value}
      </a>
    );
  if (field.type === "email" && typeof value === "string") return <a href={`mailto:${value}`}>{value}</a>;
  return <>{displayValue(field, value)}</>;
}
