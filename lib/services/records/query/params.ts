import { invalid } from "@/lib/errors/app-error.ts";

/** Repeated parameters arrive as arrays; an empty list means the parameter was not sent. */
export function asList(v: string | string[] | undefined): string[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

/**
 * The one value of a parameter that may appear at most once. A repeat is refused rather than
 * resolved (first or last wins) because proxies and clients disagree on which one counts.
 */
export function single(name: string, v: string | string[] | undefined): string | undefined {
  const list = asList(v);
  if (list.length > 1) throw invalid(`${name}: give it once`);
  return list[0];
}

// Digits only: Number() would also accept "1e2", "0x10", " 5" and "", none of which a client means as a count.
const DIGITS = /^[0-9]+$/;

function integerIn(raw: string, min: number, max: number): number | null {
  if (!DIGITS.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

export function parseIntParam(name: string, raw: string | undefined, fallback: number, min: number, max: number, message: string): number {
  if (raw === undefined) return fallback;
  const n = integerIn(raw, min, max);
  if (n === null) throw invalid(`${name}: ${message}`);
  return n;
}

export function parseBooleanParam(name: string, raw: string | undefined): boolean {
  if (raw === undefined) return false;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw invalid(`${name}: must be true or false`);
}
