/**
 * The documented line arithmetic, written here again rather than imported from the service
 * (hundredths as BigInt, each step rounded half up), and the check that a GET /line-items answer
 * agrees with it: each line's total, and totals that are the sums of the lines.
 */
import { expect } from "vitest";
import type { ApiLineItem } from "@/lib/schemas/line-items.ts";

export interface Totals {
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
}

export interface LineList {
  data: ApiLineItem[];
  totals: Totals;
}

const cents = (d: string): bigint => {
  const [i, f = ""] = d.split(".");
  return BigInt(i!) * 100n + BigInt(f.padEnd(2, "0"));
};
export const money = (c: bigint): string => `${c / 100n}.${(c % 100n).toString().padStart(2, "0")}`;
const halfUp = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);

/** A line's subtotal, discount, tax and total from its quantity, price and percents. */
export function expectedAmounts(l: Pick<ApiLineItem, "quantity" | "unit_price" | "discount" | "tax">): Record<keyof Totals, bigint> {
  const subtotal = halfUp(cents(l.quantity) * cents(l.unit_price), 100n);
  const discount = halfUp(subtotal * cents(l.discount), 10_000n);
  const tax = halfUp((subtotal - discount) * cents(l.tax), 10_000n);
  return { subtotal, discount, tax, total: subtotal - discount + tax };
}

const TWO_DECIMALS = /^\d+\.\d\d$/;

/** Every line's numbers have two decimals and its total follows the rules; the totals are the lines' sums. */
export function expectLinesAddUp(list: LineList): void {
  const sum = { subtotal: 0n, discount: 0n, tax: 0n, total: 0n };
  for (const l of list.data) {
    const a = expectedAmounts(l);
    expect(l.total, JSON.stringify(l)).toBe(money(a.total));
    for (const k of ["quantity", "unit_price", "discount", "tax", "total"] as const) expect(l[k]).toMatch(TWO_DECIMALS);
    for (const k of Object.keys(sum) as (keyof Totals)[]) sum[k] += a[k];
  }
  expect(list.totals).toEqual({
    subtotal: money(sum.subtotal),
    discount: money(sum.discount),
    tax: money(sum.tax),
    total: money(sum.total),
  });
}
