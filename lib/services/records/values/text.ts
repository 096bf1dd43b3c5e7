import { searchKey } from "@/lib/services/records/search-key.ts";

/** Whether `s` has at most `max` characters as PostgreSQL counts them (code points, not UTF-16 units). */
export function withinChars(s: string, max: number): boolean {
  if (s.length <= max) return true; // never fewer code units than code points
  let n = 0;
  for (const _c of s) if (++n > max) return false;
  return true;
}

function firstChars(s: string, max: number): string {
  if (s.length <= max) return s;
  let out = "";
  let n = 0;
  for (const c of s) {
    if (n++ === max) break;
    out += c;
  }
  return out;
}

/**
 * PostgreSQL text and jsonb cannot hold NUL, and jsonb rejects unpaired surrogates (which
 * JSON.parse happily produces from "\ud800"); refusing them here gives a 400 instead of a 500.
 */
export function isStorable(s: string): boolean {
  return !s.includes("\u0000") && s.isWellFormed();
}

/** How long text of an index entry may be before folding: long notes are indexed by their start. */
export const INDEXED_TEXTAREA_CHARS = 600;

/**
 * Folded text is capped so an index entry stays below btree's ~2.7 kB tuple limit: 600 code points
 * are at most 2.4 kB of UTF-8, leaving room for the fixed-width columns the text slot indexes carry
 * (migration slot_covering_indexes). Values and operands are folded alike, so eq and contains
 * compare the first 600 folded characters.
 */
export const MAX_FOLDED_CHARS = 600;

/** The folded form of a text-like value, as both the index and filter operands use it. */
export function foldText(type: string, s: string): string {
  return firstChars(searchKey(type === "textarea" ? firstChars(s, INDEXED_TEXTAREA_CHARS) : s), MAX_FOLDED_CHARS);
}

/** A value quoted for an error message, shortened so a huge input cannot blow up the response. */
export function quote(value: unknown): string {
  const s = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return `'${s.length > 50 ? `${firstChars(s, 47)}...` : s}'`;
}
