/**
 * Line item arithmetic, exact: every amount is an integer count of hundredths (BigInt), never a
 * float. Each step rounds half up to the cent, in this order (documented in the README):
 *   subtotal = quantity × unit_price
 *   discount = subtotal × discount% / 100
 *   tax      = (subtotal − discount) × tax% / 100
 *   total    = subtotal − discount + tax
 * An opportunity's totals are the sums of its lines' stored amounts (summed in SQL), so they add up
 * to the cent. Every number has two decimals.
 */

export interface LineAmounts {
  subtotal: bigint;
  discount: bigint;
  tax: bigint;
  total: bigint;
}

/** "12.5" → 1250n hundredths. The input was validated (at most two decimals, no sign but "-"). */
export function toCents(decimal: string): bigint {
  const negative = decimal.startsWith("-");
  const [int, frac = ""] = (negative ? decimal.slice(1) : decimal).split(".");
  const cents = BigInt(int!) * 100n + BigInt(frac.padEnd(2, "0").slice(0, 2));
  return negative ? -cents : cents;
}

/** 1250n → "12.50": always two decimals. */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}

/** a / b rounded half up (away from zero for the non-negative values used here). */
function divideHalfUp(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  return r * 2n >= b ? q + 1n : q;
}

/** The amounts of one line, from hundredths of quantity, price and percents. */
export function lineAmounts(quantity: bigint, unitPrice: bigint, discountPct: bigint, taxPct: bigint): LineAmounts {
  // hundredths × hundredths = ten-thousandths: back to hundredths.
  const subtotal = divideHalfUp(quantity * unitPrice, 100n);
  // hundredths × hundredths of a percent / 100 percent.
  const discount = divideHalfUp(subtotal * discountPct, 10_000n);
  const tax = divideHalfUp((subtotal - discount) * taxPct, 10_000n);
  return { subtotal, discount, tax, total: subtotal - discount + tax };
}
