import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { SYSTEM_KEYS } from "@/lib/schemas/names.ts";
import type { FilterTarget, SystemColumn } from "./types.ts";

const SYSTEM_COLUMNS: ReadonlySet<string> = new Set<SystemColumn>(SYSTEM_KEYS);

/**
 * Resolves a name to a system column or a field. System keys win: field apiNames may not take
 * those names (RESERVED_FIELD_NAMES), so there is no ambiguity to resolve.
 */
export function resolveTarget(fields: FieldDescription[], name: string): FilterTarget | null {
  if (SYSTEM_COLUMNS.has(name)) return { kind: "system", column: name as SystemColumn };
  const field = fields.find((f) => f.apiName === name);
  return field ? { kind: "field", field } : null;
}
