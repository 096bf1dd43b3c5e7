import { queryResult } from "@/lib/adapters/actions/session-operation.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { MAX_TITLES, recordTitlesOp } from "@/lib/operations/session/record-titles.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";

/** Names of the records lookups point at: by lookup field apiName, then by target id. */
export type LookupTitles = Record<string, Record<string, string>>;

/**
 * The names of what the rows' lookups point at, one query per target object. A target the user may
 * not read, or a record no longer there, has no name: the page shows its id, as the API gives it.
 */
export async function lookupTitles(fields: FieldDescription[], rows: Record<string, unknown>[]): Promise<LookupTitles> {
  const lookups = fields.filter((f) => f.type === "lookup" && f.targetObject);
  const byTarget = new Map<string, Set<string>>();
  for (const f of lookups)
    for (const row of rows) {
      const id = row[f.apiName];
      if (typeof id === "string" && isUuid(id)) byTarget.set(f.targetObject!, (byTarget.get(f.targetObject!) ?? new Set()).add(id));
    }
  const targets = [...byTarget.keys()];
  const answers = await Promise.all(
    targets.map((t) => queryResult(recordTitlesOp, { object: t, ids: [...byTarget.get(t)!].slice(0, MAX_TITLES) })),
  );
  const titles = new Map(targets.map((t, i) => [t, answers[i]!.ok ? answers[i]!.data.titles : {}]));
  return Object.fromEntries(lookups.map((f) => [f.apiName, titles.get(f.targetObject!) ?? {}]));
}

/** The name a lookup's value is shown by, if known. */
export function titleOf(titles: LookupTitles, field: FieldDescription, value: unknown): string | undefined {
  return typeof value === "string" && Object.hasOwn(titles, field.apiName) && Object.hasOwn(titles[field.apiName]!, value)
    ? titles[field.apiName]![value]
    : undefined;
}
