"use server";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { recordChoices } from "@/components/records/lookup-choices.ts";

/** A lookup picker's search: records of the target object whose name has words starting with what was typed. */
export const searchLookupAction = serverAction([actionArg.text, actionArg.text], async (object, typed) => {
  const q = typed.trim().slice(0, 200);
  return q ? recordChoices(object, q) : recordChoices(object);
});
