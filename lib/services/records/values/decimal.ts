/** What a currency value may look like: PostgreSQL numeric(19,4) holds it exactly. */
export const CURRENCY_PATTERN = /^-?\d{1,15}(\.\d{1,4})?$/;
/** A plain decimal as filters accept it: no exponent, no sign other than "-", no bare ".5". */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * The shortest round-trip decimal of a finite number, never in exponent notation: String() already
 * picks the shortest digits, but switches to "1e-7" / "1e+21" outside [1e-6, 1e21), which neither
 * the currency pattern nor PostgreSQL numeric comparisons of text should have to understand.
 */
export function numberToDecimal(x: number): string {
  const s = String(x); // String(-0) is "0", so the sign of zero never leaks out.
  const e = s.indexOf("e");
  if (e === -1) return s;
  const mantissa = s.slice(0, e);
  const exponent = Number(s.slice(e + 1));
  const negative = mantissa.startsWith("-");
  const unsigned = negative ? mantissa.slice(1) : mantissa;
  const dot = unsigned.indexOf(".");
  const digits = unsigned.replace(".", "");
  // Where the decimal point falls relative to the start of `digits` once the exponent is applied.
  const point = (dot === -1 ? unsigned.length : dot) + exponent;
  let plain: string;
  if (point <= 0) plain = `0.${"0".repeat(-point)}${digits}`;
  else if (point >= digits.length) plain = digits + "0".repeat(point - digits.length);
  else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${plain}` : plain;
}

/**
 * Canonical text of a string matching DECIMAL_PATTERN: no leading zeros and no negative zero, but the
 * given decimals are kept ("1.50" stays "1.50": a price's precision is part of what the user typed).
 */
export function canonicalDecimal(s: string): string {
  const negative = s.startsWith("-");
  const unsigned = negative ? s.slice(1) : s;
  const dot = unsigned.indexOf(".");
  const int = dot === -1 ? unsigned : unsigned.slice(0, dot);
  const frac = dot === -1 ? "" : unsigned.slice(dot);
  const trimmedInt = int.replace(/^0+(?=\d)/, "");
  const isZero = !/[1-9]/.test(unsigned);
  return (negative && !isZero ? "-" : "") + trimmedInt + frac;
}

/**
 * The equality key of a number: its canonical decimal without trailing fractional zeros
 * ("10.50" and "10.5" are the same amount). Compared as text, which (unlike numeric) is
 * leakproof, so equality filters and unique claims use indexes under row-level security.
 */
export function numberKey(decimal: string): string {
  const d = canonicalDecimal(decimal);
  if (!d.includes(".")) return d;
  const trimmed = d.replace(/0+$/, "").replace(/\.$/, "");
  return trimmed === "-0" ? "0" : trimmed;
}
