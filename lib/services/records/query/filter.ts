import { invalid } from "@/lib/errors/app-error.ts";
import { isComputedField, type FieldDescription } from "@/lib/schemas/fields.ts";
import { isOperator, operatorRefusal, takesValue } from "./operators.ts";
import { convertOperand } from "./operand.ts";
import { quote } from "./quote.ts";
import { resolveTarget } from "./targets.ts";
import type { Filter, FilterOperator } from "./types.ts";

interface Parts {
  name: string;
  op: FilterOperator;
  /** null when the filter string had no value segment at all (as in `field:empty`). */
  value: string | null;
}

/**
 * Splits `field:op:value`, `field:op` or legacy `field:value`. Only an exact operator name in
 * the second segment selects the operator form; anything else is a legacy equality value and
 * keeps every later colon, so `start:10:30` means start = "10:30".
 */
function splitFilter(raw: string): Parts | null {
  const first = raw.indexOf(":");
  if (first <= 0) return null;
  const name = raw.slice(0, first);
  const rest = raw.slice(first + 1);
  const second = rest.indexOf(":");
  const head = second < 0 ? rest : rest.slice(0, second);
  if (!isOperator(head)) return { name, op: "eq", value: rest };
  return { name, op: head, value: second < 0 ? null : rest.slice(second + 1) };
}

/**
 * Parses one `filter` parameter into a typed filter with its operand already converted to the
 * index representation, so the query builder never sees client text. Throws invalid() with a
 * message that quotes the filter.
 */
export function parseFilter(fields: FieldDescription[], raw: string): Filter {
  const fail = (problem: string) => invalid(`filter ${quote(raw)}: ${problem}`);
  const parts = splitFilter(raw);
  if (!parts) throw fail("expected field:operator:value or field:value");
  const { name, op, value } = parts;

  const target = resolveTarget(fields, name);
  if (!target) throw fail(`unknown field ${quote(name)}`);
  if (target.kind === "field" && isComputedField(target.field)) throw fail(`computed field ${quote(name)} cannot be filtered`);
  const refusal = operatorRefusal(target, op);
  if (refusal) throw fail(refusal);

  if (!takesValue(op)) {
    if (value !== null) throw fail(`${op} takes no value`);
    return { target, op, value: null, raw };
  }
  // An empty operand is refused rather than read as "is empty": that is what the empty operator is for.
  if (value === null || value === "") throw fail(`${op} needs a value`);
  const converted = convertOperand(target, op, value);
  if (!converted.ok) throw fail(converted.message);
  return { target, op, value: converted.value, raw };
}
