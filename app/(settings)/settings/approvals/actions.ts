"use server";
import { revalidatePath } from "next/cache";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { deleteProcessOp, saveProcessOp } from "@/lib/operations/approvals/manage-processes";

/** "role:<key>" or "user:<id>", as the form's approver select writes it. */
function approverOf(raw: FormDataEntryValue | null): Record<string, string> {
  const value = String(raw ?? "");
  if (value.startsWith("user:")) return { userId: value.slice(5) };
  return { role: value.startsWith("role:") ? value.slice(5) : value };
}

export const saveProcessAction = serverAction([actionArg.state<FormState>(), actionArg.form], async (_prev, form): Promise<FormState> => {
  const conditions = String(form.get("conditions") ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const result = await act(
    saveProcessOp,
    {
      process: {
        objectApiName: form.get("objectApiName"),
        name: form.get("name"),
        conditions,
        approver: approverOf(form.get("approver")),
        lockMode: form.get("lockMode"),
      },
    },
    { fieldsUnder: "process" },
  );
  revalidatePath("/settings/approvals");
  return result;
});

export const deleteProcessAction = serverAction([actionArg.text], async (id): Promise<FormState> => {
  const result = await act(deleteProcessOp, { id });
  revalidatePath("/settings/approvals");
  return result;
});
