/** The assertion that a guard table covers exactly the operations of the registry it must. */
import { expect } from "vitest";
import type { Operation } from "@/lib/operations/define.ts";

/**
 * The table's keys are exactly these operations' names. A new operation without an entry (or an
 * entry left behind by a removed one) fails here, naming it, instead of going unchecked.
 */
export function expectEntryPerOperation(table: Record<string, unknown>, ops: readonly Operation[], what: string): void {
  const names = ops.map((op) => op.name);
  const keys = Object.keys(table);
  const missing = names.filter((name) => !keys.includes(name));
  const extra = keys.filter((key) => !names.includes(key));
  const list = (items: string[]) => (items.length ? items.join(", ") : "none");
  expect({ missing, extra }, `each operation needs ${what}: missing ${list(missing)}; extra ${list(extra)}`).toEqual({
    missing: [],
    extra: [],
  });
}
