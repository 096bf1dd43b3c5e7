"use server";
import { revalidatePath } from "next/cache";
import { act, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { submitForApprovalOp } from "@/lib/operations/approvals/processes.ts";
import { enrollOp, stopEnrollmentOp } from "@/lib/operations/flows/enrollments.ts";
import { recordPagePath } from "./record-path.ts";

const revalidate = (path: string | null) => path && revalidatePath(path);

/** The record page's "Enroll in flow". */
export async function enrollRecordAction(object: string, id: string, _prev: FormState, form: FormData): Promise<FormState> {
  const result = await act(enrollOp, { id: form.get("flowId"), enrollment: { recordId: id } }, { fieldsUnder: "enrollment" });
  if (result.ok) revalidate(recordPagePath(object, id));
  return result;
}

/** Stop (confirmed in the browser first). */
export async function stopRecordEnrollmentAction(object: string, id: string, flowId: string, enrollmentId: string): Promise<FormState> {
  const result = await act(stopEnrollmentOp, { id: flowId, enrollmentId });
  if (result.ok) revalidate(recordPagePath(object, id));
  return result;
}

/** "Submit for approval" on the record's page. */
export async function submitForApprovalAction(object: string, id: string): Promise<FormState> {
  const result = await act(submitForApprovalOp, { object, recordId: id });
  if (result.ok) revalidate(recordPagePath(object, id));
  return result;
}
