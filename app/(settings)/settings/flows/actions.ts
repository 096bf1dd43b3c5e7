"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { stopEnrollmentOp } from "@/lib/operations/flows/manage-enrollments";
import { createFlowOp, setFlowStatusOp, updateFlowOp } from "@/lib/operations/flows/manage-flows.ts";

/** The steps editor posts its steps as one JSON field; what does not parse is refused like any invalid step list. */
function stepsOf(form: FormData): unknown {
  const raw = form.get("steps");
  if (raw === null) return undefined;
  try {
    return JSON.parse(String(raw));
  } catch {
    return null;
  }
}

export const createFlowAction = serverAction([actionArg.state<FormState>(), actionArg.form], async (_prev, form): Promise<FormState> => {
  const result = await act(
    createFlowOp,
    { flow: { name: form.get("name"), objectApiName: form.get("objectApiName"), steps: stepsOf(form) } },
    { fieldsUnder: "flow" },
  );
  if (!result.ok) return result;
  redirect(`/settings/flows/${result.data.id}`);
});

export const updateFlowAction = serverAction(
  [actionArg.text, actionArg.state<FormState>(), actionArg.form],
  async (id, _prev, form): Promise<FormState> => {
    const result = await act(updateFlowOp, { id, changes: { name: form.get("name"), steps: stepsOf(form) } }, { fieldsUnder: "changes" });
    revalidatePath(`/settings/flows/${id}`);
    return result;
  },
);

export const setFlowStatusAction = serverAction([actionArg.text, z.enum(["active", "paused"])], async (id, status): Promise<FormState> => {
  const result = await act(setFlowStatusOp, { id, status });
  revalidatePath(`/settings/flows/${id}`);
  return result;
});

export const stopEnrollmentAction = serverAction([actionArg.text, actionArg.text], async (flowId, enrollmentId): Promise<FormState> => {
  const result = await act(stopEnrollmentOp, { id: flowId, enrollmentId });
  revalidatePath(`/settings/flows/${flowId}`);
  return result;
});
