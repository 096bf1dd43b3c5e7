import { indexValues, type IndexValue } from "@/lib/services/records/values/index.ts";
import { numberKey } from "@/lib/services/records/values/decimal.ts";
import type { Filter } from "./types.ts";
import { ownValue } from "@/lib/schemas/names.ts";

/** -1, 0 or 1: two decimal strings compared exactly (no float rounding), as PostgreSQL's numeric does. */
export function compareDecimals(a: string, b: string): number {
  const [x, y] = [numberKey(a), numberKey(b)];
  if (x === y) return 0;
  const negX = x.startsWith("-");
  const negY = y.startsWith("-");
  if (negX !== negY) return negX ? -1 : 1;
  const [xi, xf = ""] = (negX ? x.slice(1) : x).split(".");
  const [yi, yf = ""] = (negY ? y.slice(1) : y).split(".");
  const width = Math.max(xf.length, yf.length);
  const [xs, ys] = [xi!.padStart(40, "0") + xf.padEnd(width, "0"), yi!.padStart(40, "0") + yf.padEnd(width, "0")];
  const magnitude = xs < ys ? -1 : 1;
  return negX ? -magnitude : magnitude;
}

const present = (v: IndexValue) => v.text !== null || v.num !== null || v.ts !== null;

/** Where a value stands against the operand: by exact number, by instant, else by folded text. */
function compare(v: IndexValue, operand: IndexValue): number | null {
  if (operand.num !== null) return v.num === null ? null : compareDecimals(v.num, operand.num);
  if (operand.ts !== null) return v.ts === null ? null : Math.sign(v.ts.getTime() - operand.ts.getTime());
  if (operand.text === null || v.text === null) return null;
  return v.text === operand.text ? 0 : v.text < operand.text ? -1 : 1;
}

const equal = (v: IndexValue, operand: IndexValue) =>
  operand.ts !== null ? v.ts !== null && v.ts.getTime() === operand.ts.getTime() : v.text !== null && v.text === operand.text;

/** The index entries a record's value of the filter's target makes, as the index tables hold them. */
function entriesOf(f: Filter, record: Record<string, unknown>): IndexValue[] {
  if (f.target.kind === "field") return indexValues(f.target.field, ownValue(record, f.target.field.apiName)).filter(present);
  const raw = ownValue(record, f.target.column);
  if (typeof raw !== "string") return [];
  if (f.target.column === "created_at" || f.target.column === "updated_at") return [{ text: null, num: null, ts: new Date(raw) }];
  return [{ text: raw.toLowerCase(), num: null, ts: null }];
}

/**
 * Whether a record (its values as stored or as the API returns them) meets a parsed list filter,
 * with the list's own semantics (lib/services/records/list-sql.ts): the same folding of text, exact
 * decimals, neq holding for empty values, a multiselect matching when any option does.
 */
export function recordMatches(filters: readonly Filter[], record: Record<string, unknown>): boolean {
  return filters.every((f) => {
    const entries = entriesOf(f, record);
    const operand = f.value;
    switch (f.op) {
      case "empty":
        return entries.length === 0;
      case "not_empty":
        return entries.length > 0;
      case "eq":
        return entries.some((v) => equal(v, operand!));
      case "neq":
        return !entries.some((v) => equal(v, operand!));
      case "contains":
        return entries.some((v) => v.text !== null && operand!.text !== null && v.text.includes(operand!.text));
      default: {
        const want = { gt: [1], gte: [0, 1], lt: [-1], lte: [-1, 0] }[f.op];
        return entries.some((v) => {
          const c = compare(v, operand!);
          return c !== null && want.includes(c);
        });
      }
    }
  });
}
