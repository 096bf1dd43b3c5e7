/**
 * Line item arithmetic (line-math.ts) is exact and rounds half up to the cent at each step, in the
 * documented order: subtotal = q × p, discount = subtotal × d%, tax = (subtotal − discount) × t%,
 * total = subtotal − discount + tax. Shows the 0.005 boundaries a float would get wrong, repeating
 * percents (33.33%), tax on the discounted subtotal, zero and 100% edges, the largest inputs,
 * toCents/fromCents round trips and sums that add up to the cent; a reference written another
 * way agrees on many generated lines.
 */
import { describe, expect, it } from "vitest";
import { fromCents, lineAmounts, toCents, type LineAmounts } from "./line-math.ts";

/** The amounts of one line from decimal strings, as decimal strings. */
function line(quantity: string, unitPrice: string, discount = "0", tax = "0"): Record<keyof LineAmounts, string> {
  const a = lineAmounts(toCents(quantity), toCents(unitPrice), toCents(discount), toCents(tax));
  return { subtotal: fromCents(a.subtotal), discount: fromCents(a.discount), tax: fromCents(a.tax), total: fromCents(a.total) };
}

const amounts = (subtotal: string, discount: string, tax: string, total: string) => ({ subtotal, discount, tax, total });

/** a / b rounded half up for a, b ≥ 0, written differently from the module: floor((2a + b) / 2b). */
const halfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/** The documented rules again, independently: hundredths in, hundredths out. */
function reference(q: bigint, p: bigint, d: bigint, t: bigint): LineAmounts {
  const subtotal = halfUp(q * p, 100n);
  const discount = halfUp(subtotal * d, 100n * 100n);
  const tax = halfUp((subtotal - discount) * t, 100n * 100n);
  return { subtotal, discount, tax, total: subtotal + tax - discount };
}

/** Deterministic pseudo-random BigInts in [0, max] (a linear congruential generator). */
function generator(seed: number) {
  let s = BigInt(seed);
  return (max: bigint) => {
    s = (s * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
    return (s >> 11n) % (max + 1n);
  };
}

describe("toCents / fromCents", () => {
  it.each([
    ["0", 0n],
    ["0.00", 0n],
    ["0.01", 1n],
    ["0.1", 10n],
    ["0.10", 10n],
    ["12", 1200n],
    ["12.5", 1250n],
    ["12.50", 1250n],
    ["100000000", 10_000_000_000n],
    ["999999999999999.99", 99_999_999_999_999_999n],
    ["-0.05", -5n],
    ["-1.5", -150n],
  ])("toCents(%j) = %s", (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each([
    [0n, "0.00"],
    [1n, "0.01"],
    [10n, "0.10"],
    [99n, "0.99"],
    [100n, "1.00"],
    [1250n, "12.50"],
    [-5n, "-0.05"],
    [-150n, "-1.50"],
    [99_999_999_999_999_999n, "999999999999999.99"],
    [10n ** 30n + 7n, "10000000000000000000000000000.07"],
  ])("fromCents(%s) = %j (always two decimals)", (cents, text) => {
    expect(fromCents(cents)).toBe(text);
  });

  it("round trips: fromCents(toCents(x)) is x with two decimals, toCents(fromCents(n)) is n", () => {
    for (const [text, canonical] of [
      ["7", "7.00"],
      ["7.5", "7.50"],
      ["7.05", "7.05"],
      ["0.5", "0.50"],
      ["-3.1", "-3.10"],
      ["100000000.00", "100000000.00"],
    ])
      expect(fromCents(toCents(text!))).toBe(canonical);
    const next = generator(7);
    const samples = [0n, 1n, 9n, 10n, 99n, 100n, 101n, 10n ** 17n - 1n, -1n, -100n];
    for (let i = 0; i < 500; i++) samples.push(next(10n ** 18n), -next(10n ** 6n));
    for (const n of samples) {
      const text = fromCents(n);
      expect(text).toMatch(/^-?\d+\.\d\d$/);
      expect(toCents(text)).toBe(n);
    }
  });
});

describe("lineAmounts: rounding half up at each step", () => {
  it("the documented example: subtotal, then discount, then tax on the discounted subtotal", () => {
    expect(line("3", "19.99", "10", "20")).toEqual(amounts("59.97", "6.00", "10.79", "64.76"));
    // Tax is taken on 100 − 10, not on 100: 90 + 18, not 90 + 20 or 100 + 20 − 10.
    expect(line("1", "100", "10", "20")).toEqual(amounts("100.00", "10.00", "18.00", "108.00"));
  });

  it("subtotal: exactly half a cent rounds up, just below stays down", () => {
    expect(line("0.01", "0.50").subtotal).toBe("0.01"); // 0.005
    expect(line("0.01", "0.49").subtotal).toBe("0.00"); // 0.0049
    expect(line("0.01", "0.51").subtotal).toBe("0.01"); // 0.0051
    expect(line("0.5", "0.01").subtotal).toBe("0.01"); // 0.005
    expect(line("0.49", "0.01").subtotal).toBe("0.00"); // 0.0049
    // 1.005 is 1.00499999999999989… as a float: Math.round(1.005 * 100) / 100 gives 1.00.
    expect(line("1.5", "0.67").subtotal).toBe("1.01");
    expect(line("2.5", "0.01").subtotal).toBe("0.03"); // 0.025
    expect(line("0.25", "0.1").subtotal).toBe("0.03"); // 0.025
  });

  it("discount and tax: half a cent rounds up at their own step", () => {
    expect(line("1", "0.05", "10")).toEqual(amounts("0.05", "0.01", "0.00", "0.04")); // discount 0.005
    expect(line("1", "0.05", "9.99")).toEqual(amounts("0.05", "0.00", "0.00", "0.05")); // discount 0.004995
    expect(line("1", "0.25", "0", "10")).toEqual(amounts("0.25", "0.00", "0.03", "0.28")); // tax 0.025
    expect(line("1", "0.25", "0", "9.99")).toEqual(amounts("0.25", "0.00", "0.02", "0.27")); // tax 0.024975
    // Tax on the already rounded discounted subtotal: 0.05 − 0.01 = 0.04, × 12.5% = 0.005 → 0.01.
    expect(line("1", "0.05", "10", "12.5")).toEqual(amounts("0.05", "0.01", "0.01", "0.05"));
  });

  it("3 × 0.335: each line rounds on its own, a quantity of 1.5 rounds once", () => {
    // One line of 0.5 × 0.67 is 0.335 → 0.34; three such lines are 1.02 …
    const third = line("0.5", "0.67");
    expect(third.subtotal).toBe("0.34");
    const three = Array.from({ length: 3 }, () => lineAmounts(50n, 67n, 0n, 0n)).reduce((s, l) => s + l.subtotal, 0n);
    expect(fromCents(three)).toBe("1.02");
    // … while 1.5 × 0.67 = 1.005 → 1.01 on one line.
    expect(line("1.5", "0.67").subtotal).toBe("1.01");
    // 50% off 0.67 is 0.335 off: 0.34 off, 0.33 left.
    expect(line("1", "0.67", "50")).toEqual(amounts("0.67", "0.34", "0.00", "0.33"));
    // 3 × 0.67 with 50% off is 1.005 off: 1.01 off on one line, 1.00 left.
    expect(line("3", "0.67", "50")).toEqual(amounts("2.01", "1.01", "0.00", "1.00"));
  });

  it("33.33% discounts", () => {
    expect(line("1", "100", "33.33")).toEqual(amounts("100.00", "33.33", "0.00", "66.67"));
    expect(line("1", "10", "33.33")).toEqual(amounts("10.00", "3.33", "0.00", "6.67")); // 3.333
    expect(line("1", "99.99", "33.33")).toEqual(amounts("99.99", "33.33", "0.00", "66.66")); // 33.326667
    expect(line("1", "0.15", "33.33")).toEqual(amounts("0.15", "0.05", "0.00", "0.10")); // 0.049995
    expect(line("1", "1.5", "33.33")).toEqual(amounts("1.50", "0.50", "0.00", "1.00")); // 0.49995
    expect(line("1", "0.01", "33.33")).toEqual(amounts("0.01", "0.00", "0.00", "0.01")); // 0.003333
    expect(line("3", "33.33", "33.33", "33.33")).toEqual(amounts("99.99", "33.33", "22.22", "88.88"));
  });

  it("zero price, 100% discount, 100% tax", () => {
    expect(line("5", "0", "10", "20")).toEqual(amounts("0.00", "0.00", "0.00", "0.00"));
    expect(line("5", "0.00")).toEqual(amounts("0.00", "0.00", "0.00", "0.00"));
    expect(line("3", "19.99", "100")).toEqual(amounts("59.97", "59.97", "0.00", "0.00"));
    // Nothing left to tax once everything is discounted.
    expect(line("3", "19.99", "100", "100")).toEqual(amounts("59.97", "59.97", "0.00", "0.00"));
    expect(line("3", "19.99", "0", "100")).toEqual(amounts("59.97", "0.00", "59.97", "119.94"));
    expect(line("0.01", "0.01", "0", "100")).toEqual(amounts("0.00", "0.00", "0.00", "0.00"));
  });

  it("the largest inputs stay exact: 1,000,000 × 100,000,000", () => {
    expect(line("1000000", "100000000")).toEqual(amounts("100000000000000.00", "0.00", "0.00", "100000000000000.00"));
    expect(line("1000000", "100000000", "0", "100")).toEqual(
      amounts("100000000000000.00", "0.00", "100000000000000.00", "200000000000000.00"),
    );
    expect(line("1000000", "100000000", "33.33", "0.01")).toEqual(
      amounts("100000000000000.00", "33330000000000.00", "6667000000.00", "66676667000000.00"),
    );
    // (10^6 − 0.01) × (10^8 − 0.01) = 99,999,998,990,000.0001: a float has 15–16 significant digits.
    expect(line("999999.99", "99999999.99").subtotal).toBe("99999998990000.00");
    expect(line("999999.99", "99999999.99", "33.33", "99.99")).toEqual(
      amounts("99999998990000.00", "33329999663367.00", "66663332326700.34", "133333331653333.34"),
    );
  });

  it("every amount is an integer count of cents and total = subtotal − discount + tax", () => {
    const a = lineAmounts(toCents("7.77"), toCents("3.33"), toCents("12.34"), toCents("5.55"));
    for (const v of Object.values(a)) expect(typeof v).toBe("bigint");
    expect(a.total).toBe(a.subtotal - a.discount + a.tax);
  });

  it("agrees with a reference written differently on 2,000 generated lines", () => {
    const next = generator(42);
    for (let i = 0; i < 2000; i++) {
      // Small and large magnitudes alike, percents on the 0.005 edges now and then.
      const big = i % 4 === 0;
      const q = 1n + next(big ? 100_000_000n - 1n : 1000n);
      const p = next(big ? 10_000_000_000n : 10_000n);
      const d = i % 5 === 0 ? [0n, 5000n, 3333n, 10_000n][i % 4]! : next(10_000n);
      const t = i % 7 === 0 ? [0n, 1250n, 2000n, 10_000n][i % 4]! : next(10_000n);
      expect(lineAmounts(q, p, d, t), `${q} ${p} ${d} ${t}`).toEqual(reference(q, p, d, t));
    }
  });
});
