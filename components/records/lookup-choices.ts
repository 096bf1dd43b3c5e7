import { act } from "@/lib/adapters/actions/session-operation.ts";
import { listRecordsOp } from "@/lib/operations/records/list-records.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { recordTitle } from "./display.ts";
import type { LookupChoice } from "./lookup-picker.tsx";
import { titleOf, type LookupTitles } from "./lookup-titles.ts";

/** What a lookup's picker offers before anything is typed (the newest records), and per search. */
const SUGGESTIONS = 10;
const MATCHES = 20;

/**
 * Records of an object to pick from: the newest, or those whose name has words starting with
 * `search`; none when the person may not read it.
 */
export async function recordChoices(object: string, search?: string): Promise<LookupChoice[]> {
  const page = await act(listRecordsOp, { object, limit: search ? MATCHES : SUGGESTIONS, ...(search ? { search } : {}) });
  if (!page.ok) return [];
  return page.data.data.map((r) => ({ id: r.id, title: recordTitle(r) }));
}

/**
 * The first choices of every lookup field of a form, by field apiName: the record it points at now
 * (by its name, which the page has already read: lookup-titles.ts) first, then the newest; the
 * picker searches the rest as the user types.
 */
export async function lookupChoices(
  fields: FieldDescription[],
  values: Record<string, unknown> = {},
  titles: LookupTitles = {},
): Promise<Record<string, LookupChoice[]>> {
  const lookups = fields.filter((f) => f.type === "lookup" && f.targetObject);
  const lists = await Promise.all(
    lookups.map(async (f) => {
      const newest = await recordChoices(f.targetObject!);
      const current = values[f.apiName];
      const title = titleOf(titles, f, current);
      return typeof current === "string" && title && !newest.some((c) => c.id === current) ? [{ id: current, title }, ...newest] : newest;
    }),
  );
  return Object.fromEntries(lookups.map((f, i) => [f.apiName, lists[i]!]));
}
