"use server";
import { revalidatePath } from "next/cache";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { approveOp, rejectOp } from "@/lib/operations/approvals/approvals.ts";

/** Approve or reject (the button pressed says which) with the form's comment, as the signed-in user. */
export const decideAction = serverAction(
  [actionArg.text, actionArg.state<FormState>(), actionArg.form],
  async (id, _prev, form): Promise<FormState> => {
    const op = form.get("decision") === "reject" ? rejectOp : approveOp;
    const comment = String(form.get("comment") ?? "").trim();
    const result = await act(op, { id, decision: comment ? { comment } : {} }, { fieldsUnder: "decision" });
    revalidatePath("/approvals");
    return result;
  },
);
