"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { recordFormValues } from "@/lib/adapters/actions/record-form.ts";
import { createActivityOp } from "@/lib/operations/activities/create-activity.ts";
import { updateActivityOp } from "@/lib/operations/activities/update-activity.ts";
import { addLineItemOp } from "@/lib/operations/line-items/add-line-item.ts";
import { deleteLineItemByIdOp } from "@/lib/operations/line-items/delete-line-item.ts";
import { describeObjectOp } from "@/lib/operations/objects/describe-object.ts";
import { deleteRecordOp } from "@/lib/operations/records/delete-record.ts";
import { getRecordOp } from "@/lib/operations/records/get-record.ts";
import { updateRecordOp } from "@/lib/operations/records/update-record.ts";
import { recordPagePath } from "./record-path.ts";

const revalidate = (path: string | null) => path && revalidatePath(path);

/** Inline edit: only the fields that changed are sent; refusals come back per field (the form keeps what was typed). */
export const updateRecordAction = serverAction(
  [actionArg.text, actionArg.text, actionArg.state<FormState>(), actionArg.form],
  async (object, id, _prev, form): Promise<FormState> => {
    const [described, current] = await Promise.all([act(describeObjectOp, { apiName: object }), act(getRecordOp, { object, id })]);
    if (!described.ok) return described;
    if (!current.ok) return current;
    const values = recordFormValues(described.data.fields, form, current.data);
    if (Object.keys(values).length === 0) return { ok: true, data: current.data };
    const result = await act(updateRecordOp, { object, id, values }, { fieldsUnder: "values" });
    if (result.ok) revalidate(recordPagePath(object, id));
    return result;
  },
);

/** Trash (confirmed in the browser first): the record leaves its page for the trash, where it can be restored. */
export const trashRecordAction = serverAction([actionArg.text, actionArg.text], async (object, id): Promise<FormState> => {
  const result = await act(deleteRecordOp, { object, id });
  if (!result.ok) return result;
  redirect(`/records/${encodeURIComponent(object)}?view=trash`);
});

const instant = (raw: FormDataEntryValue | null): string | null => {
  const s = String(raw ?? "").trim();
  return s === "" ? null : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s) ? `${s}:00Z` : s;
};

/** The timeline's "Log activity" form. */
export const createActivityAction = serverAction(
  [actionArg.text, actionArg.text, actionArg.state<FormState>(), actionArg.form],
  async (object, id, _prev, form): Promise<FormState> => {
    const body = String(form.get("body") ?? "").trim();
    const result = await act(
      createActivityOp,
      {
        activity: {
          type: form.get("type"),
          subject: form.get("subject"),
          body: body === "" ? null : body,
          due_at: instant(form.get("due_at")),
          record_id: id,
          objectApiName: object,
        },
      },
      { fieldsUnder: "activity" },
    );
    if (result.ok) revalidate(recordPagePath(object, id));
    return result;
  },
);

/** Complete (or reopen) an activity from the timeline. */
export const completeActivityAction = serverAction(
  [actionArg.text, actionArg.text, actionArg.form],
  async (object, id, form): Promise<void> => {
    const result = await act(updateActivityOp, { id: form.get("activityId"), changes: { completed: form.get("completed") !== "false" } });
    if (result.ok) revalidate(recordPagePath(object, id));
  },
);

/** Add a product line to an opportunity. */
export const addLineAction = serverAction(
  [actionArg.text, actionArg.state<FormState>(), actionArg.form],
  async (opportunityId, _prev, form): Promise<FormState> => {
    const quantity = String(form.get("quantity") ?? "").trim();
    const discount = String(form.get("discount") ?? "").trim();
    const result = await act(
      addLineItemOp,
      {
        line: {
          opportunity_id: opportunityId,
          product_id: form.get("product_id"),
          ...(quantity ? { quantity } : {}),
          ...(discount ? { discount } : {}),
        },
      },
      { fieldsUnder: "line" },
    );
    if (result.ok) revalidate(recordPagePath("opportunity", opportunityId));
    return result;
  },
);

export const removeLineAction = serverAction([actionArg.text, actionArg.form], async (opportunityId, form): Promise<void> => {
  const result = await act(deleteLineItemByIdOp, { id: form.get("lineId") });
  if (result.ok) revalidate(recordPagePath("opportunity", opportunityId));
});
