import type { FieldType } from "@/lib/schemas/fields.ts";
import { parseOperand } from "@/lib/services/records/values/index.ts";
import type { FilterOperator, FilterTarget, IndexValue, SystemColumn } from "./types.ts";

type OperandResult = { ok: true; value: IndexValue } | { ok: false; message: string };

/**
 * System columns are parsed as the field type they are stored like (ids as lookups, timestamps
 * as datetimes), so `owner_id:eq:…` and `created_at:gte:2024-05-01` accept exactly what a
 * lookup or datetime field filter accepts, and fold the same way.
 */
const SYSTEM_AS: Record<SystemColumn, FieldType> = {
  id: "lookup",
  owner_id: "lookup",
  created_at: "datetime",
  updated_at: "datetime",
};

/**
 * The operand as the index value it is compared with. contains goes through the same folding as
 * eq (parseOperand does not validate text formats), so `email:contains:@acme` is a valid needle.
 */
export function convertOperand(target: FilterTarget, op: FilterOperator, raw: string): OperandResult {
  const field = target.kind === "field" ? target.field : { type: SYSTEM_AS[target.column] };
  const result = parseOperand(field, raw);
  if (!result.ok) {
    // A '+' in a query string decodes to a space: the usual way "…T10:00+02:00" gets mangled.
    const hint = (field.type === "datetime" || field.type === "date") && raw.includes(" ") ? " (encode '+' as %2B)" : "";
    return { ok: false, message: result.message + hint };
  }
  // Folding can erase a needle entirely ("  " or only combining marks), and an empty substring matches everything.
  if (op === "contains" && !result.value.text) return { ok: false, message: "contains needs a value" };
  return result;
}
