import { words } from "./search-key.ts";
import type { ObjectSchema } from "./object-schema.ts";
import { storedFields } from "./object-schema.ts";
import { indexValues } from "./values/index.ts";
import { MAX_FOLDED_CHARS } from "./values/text.ts";
import { ownValue } from "@/lib/schemas/names.ts";

export interface ValueRow {
  recordId: string;
  fieldId: string;
  ordinal: number;
  text: string | null;
  num: string | null;
  ts: Date | null;
}

export interface UniqueClaim {
  fieldId: string;
  field: string;
  value: string;
  recordId: string;
}

/** At most this many words of a name are indexed for search. */
const MAX_TOKENS = 32;
/**
 * Longest indexed word, in code points: like values (MAX_FOLDED_CHARS), a token must stay far below
 * btree's ~2.7 kB tuple limit, or a long name in a multi-byte script fails the insert. Search terms
 * (at most 200 characters) are shorter, so prefix matching against a cut word is unchanged.
 */
const MAX_TOKEN_CHARS = MAX_FOLDED_CHARS;
const cut = (w: string): string => (w.length <= MAX_TOKEN_CHARS ? w : [...w].slice(0, MAX_TOKEN_CHARS).join(""));

/** Stored fields without a slot column: multiselect, and fields beyond the object's slots. */
export const unslottedFields = (object: ObjectSchema) => storedFields(object).filter((f) => f.slot === null);

/** record_value rows of one record: every unslotted field gets at least one (NULL when empty). */
export function valueRows(object: ObjectSchema, recordId: string, data: Record<string, unknown>, onlyFields?: Set<string>): ValueRow[] {
  return unslottedFields(object)
    .filter((f) => !onlyFields || onlyFields.has(f.apiName))
    .flatMap((f) => indexValues(f, ownValue(data, f.apiName)).map((v, ordinal) => ({ recordId, fieldId: f.id, ordinal, ...v })));
}

/** The folded words of a record's name, matched by search as prefixes. */
export function nameTokens(name: string): string[] {
  return [...new Set(words(name).map(cut))].slice(0, MAX_TOKENS);
}

/** The claims a record needs for its unique fields (values compared folded, like filters). */
export function uniqueClaims(
  object: ObjectSchema,
  recordId: string,
  data: Record<string, unknown>,
  onlyFields?: Set<string>,
): UniqueClaim[] {
  return storedFields(object)
    .filter((f) => f.unique && (!onlyFields || onlyFields.has(f.apiName)))
    .flatMap((f) => {
      const [v] = indexValues(f, ownValue(data, f.apiName));
      const value = v?.text ?? v?.num ?? null;
      return value === null ? [] : [{ fieldId: f.id, field: f.apiName, value, recordId }];
    });
}
