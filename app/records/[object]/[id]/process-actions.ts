"use server";
import { revalidatePath } from "next/cache";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { submitForApprovalOp } from "@/lib/operations/approvals/manage-processes.ts";
import { enrollOp, stopEnrollmentOp } from "@/lib/operations/flows/manage-enrollments.ts";
import { recordPagePath } from "./record-path.ts";

const revalidate = (path: string | null) => path && revalidatePath(path);

/** The record page's "Enroll in flow". */
export const enrollRecordAction = serverAction(
  [actionArg.text, actionArg.text, actionArg.state<FormState>(), actionArg.form],
  async (object, id, _prev, form): Promise<FormState> => {
    const result = await act(enrollOp, { id: form.get("flowId"), enrollment: { recordId: id } }, { fieldsUnder: "enrollment" });
    if (result.ok) revalidate(recordPagePath(object, id));
    return result;
  },
);

/** Stop (confirmed in the browser first). */
export const stopRecordEnrollmentAction = serverAction(
  [actionArg.text, actionArg.text, actionArg.text, actionArg.text],
  async (object, id, flowId, enrollmentId): Promise<FormState> => {
    const result = await act(stopEnrollmentOp, { id: flowId, enrollmentId });
    if (result.ok) revalidate(recordPagePath(object, id));
    return result;
  },
);

/** "Submit for approval" on the record's page. */
export const submitForApprovalAction = serverAction([actionArg.text, actionArg.text], async (object, id): Promise<FormState> => {
  const result = await act(submitForApprovalOp, { object, recordId: id });
  if (result.ok) revalidate(recordPagePath(object, id));
  return result;
});
