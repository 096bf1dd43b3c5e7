import { words } from "@/lib/services/records/search-key.ts";
import { MAX_SEARCH_TERMS } from "./types.ts";

/**
 * Splits a search into folded words: "José  Núñez-Smith" → ["jose", "nunez", "smith"]. Each term
 * is matched separately as a prefix of the record's name words (record_token, folded by the same searchKey), so word
 * order and punctuation in the query do not matter.
 */
export function searchTerms(search: string): string[] {
  return words(search).slice(0, MAX_SEARCH_TERMS);
}
