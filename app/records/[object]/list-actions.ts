"use server";
import { revalidatePath } from "next/cache";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { recordFormValues } from "@/lib/adapters/actions/record-form.ts";
import { enrollOp } from "@/lib/operations/flows/manage-enrollments";
import { describeObjectOp } from "@/lib/operations/objects/describe-object.ts";
import { createRecordOp } from "@/lib/operations/records/create-record.ts";
import { deleteRecordOp } from "@/lib/operations/records/delete-record.ts";
import { restoreRecordOp } from "@/lib/operations/records/restore-record.ts";
import { recordHref } from "@/components/records/display.ts";

/** A list page selects at most one page of records (the page size the list shows at most). */
const MAX_SELECTED = 100;

/**
 * The "New record" form: created through the same operation as POST /{object}. The browser then
 * loads the record's page as a document (components/records/new-record-form.tsx), so that the
 * page's own frame policy applies to its widgets.
 */
export const createRecordAction = serverAction(
  [actionArg.text, actionArg.state<FormState>(), actionArg.form],
  async (object, _prev, form): Promise<FormState<{ href: string }>> => {
    const described = await act(describeObjectOp, { apiName: object });
    if (!described.ok) return described;
    const result = await act(createRecordOp, { object, values: recordFormValues(described.data.fields, form) }, { fieldsUnder: "values" });
    return result.ok ? { ok: true, data: { href: recordHref(object, result.data.id) } } : result;
  },
);

import type { BulkOutcome } from "@/components/records/record-table.tsx";

const selected = (form: FormData): string[] => [...new Set(form.getAll("id").map(String))].slice(0, MAX_SELECTED);

async function eachSelected(object: string, form: FormData, run: (id: string) => Promise<{ ok: boolean; error?: string }>) {
  const outcome: BulkOutcome = { done: 0, failed: [] };
  for (const id of selected(form)) {
    const result = await run(id);
    if (result.ok) outcome.done += 1;
    else outcome.failed.push({ id, error: result.error ?? "refused" });
  }
  revalidatePath(`/records/${encodeURIComponent(object)}`);
  return outcome;
}

/** Bulk select → trash (confirmed in the browser first); each record is trashed on its own, and refusals are reported per record. */
export const trashSelectedAction = serverAction(
  [actionArg.text, actionArg.state<BulkOutcome | null>(), actionArg.form],
  async (object, _prev, form): Promise<BulkOutcome> => {
    return eachSelected(object, form, (id) => act(deleteRecordOp, { object, id }));
  },
);

/** The trash view: restore the selected records. */
export const restoreSelectedAction = serverAction(
  [actionArg.text, actionArg.state<BulkOutcome | null>(), actionArg.form],
  async (object, _prev, form): Promise<BulkOutcome> => {
    return eachSelected(object, form, (id) => act(restoreRecordOp, { object, id }));
  },
);

/** Bulk select → enroll in the chosen flow: each record through flows.enroll, refusals (already enrolled, unsubscribed) per record. */
export const enrollSelectedAction = serverAction(
  [actionArg.text, actionArg.state<BulkOutcome | null>(), actionArg.form],
  async (object, _prev, form): Promise<BulkOutcome> => {
    const flowId = form.get("flowId");
    return eachSelected(object, form, (id) => act(enrollOp, { id: flowId, enrollment: { recordId: id } }));
  },
);
