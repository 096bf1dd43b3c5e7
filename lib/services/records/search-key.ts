// Characters NFKD does not decompose into a base letter plus marks.
const FOLD: Record<string, string> = { ß: "ss", ø: "o", ł: "l", đ: "d", æ: "ae", œ: "oe", ı: "i", þ: "th", ð: "d" };

/**
 * The accent- and case-folded form used by search tokens and the value index: "JOSÉ Núñez" → "jose nunez".
 * Computed by the app so that PGlite and PostgreSQL agree exactly, and compared with plain
 * text operators, which (unlike unaccent()/ILIKE) can use indexes under row-level security.
 */
/** The folded words of a text, in order, without duplicates: what search tokens and search terms are made of. */
export function words(s: string): string[] {
  return [
    ...new Set(
      searchKey(s)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w !== ""),
    ),
  ];
}

export function searchKey(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßøłđæœıþð]/g, (c) => FOLD[c] ?? c)
    .replace(/\s+/g, " ")
    .trim();
}
