import { act } from "@/lib/adapters/actions/session-operation.ts";
import { listRecordsOp } from "@/lib/operations/records/list-records.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { recordTitle } from "./display.ts";
import type { LookupChoice } from "./record-form.tsx";

/** How many records a lookup's menu offers (the newest; a record outside them keeps its current value). */
const CHOICES = 100;

/** Records of an object to pick from, newest first; none when the person may not read it. */
export async function recordChoices(object: string): Promise<LookupChoice[]> {
  const page = await act(listRecordsOp, { object, limit: CHOICES });
  if (!page.ok) return [];
  return page.data.data.map((r) => ({ id: r.id, title: recordTitle(r) }));
}

/** The choices of every lookup field of a form, by field apiName. */
export async function lookupChoices(fields: FieldDescription[]): Promise<Record<string, LookupChoice[]>> {
  const lookups = fields.filter((f) => f.type === "lookup" && f.targetObject);
  const lists = await Promise.all(lookups.map((f) => recordChoices(f.targetObject!)));
  return Object.fromEntries(lookups.map((f, i) => [f.apiName, lists[i]!]));
}
