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
 * given decimals are kept ("1.50" stays "1.50"; withScale sets the decimals of a currency value).
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
 * A decimal written with exactly `scale` decimals ("40000" → "40000.00" at scale 2): canonical,
 * trailing zeros added or dropped. Digits other than zeros are never dropped: validation keeps
 * values within their field's scale, and an amount of money is not rounded behind anyone's back.
 */
export function withScale(decimal: string, scale: number): string {
  const d = canonicalDecimal(decimal);
  const dot = d.indexOf(".");
  const int = dot === -1 ? d : d.slice(0, dot);
  const frac = dot === -1 ? "" : d.slice(dot + 1);
  const scaled = frac.length > scale ? frac.slice(0, scale) + frac.slice(scale).replace(/0+$/, "") : frac.padEnd(scale, "0");
  return scaled ? `${int}.${scaled}` : int;
}

/** Decimal places a decimal needs: "10.50" needs 1, "7" none. */
export const significantDecimals = (decimal: string): number => {
  const key = numberKey(decimal);
  const dot = key.indexOf(".");
  return dot === -1 ? 0 : key.length - dot - 1;
};

/**
 * A stored currency value as the API returns it: a decimal string with exactly the field's scale,
 * whether it was stored before scales existed ("40000") or as a JSON number. Anything else (data
 * older than a rule) is returned as it is.
 */
export function currencyValue(value: unknown, scale: number): unknown {
  if (typeof value === "number" && Number.isFinite(value)) return withScale(numberToDecimal(value), scale);
  if (typeof value === "string" && DECIMAL_PATTERN.test(value)) return withScale(value, scale);
  return value;
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
