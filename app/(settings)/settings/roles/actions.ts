"use server";
import { revalidatePath } from "next/cache";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act } from "@/lib/adapters/actions/session-operation.ts";
import { setRolePermissionsOp } from "@/lib/operations/roles/manage-roles.ts";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";

const ACTIONS = ["read", "create", "update", "delete"] as const;

/** The matrix form's changed rows (`row` = "roleId|object"), each with its four boxes as ticked. */
export const saveRoleMatrixAction = serverAction(
  [actionArg.state<FormState>(), actionArg.form],
  async (_prev, form): Promise<FormState<{ saved: number }>> => {
    const rows = [...new Set(form.getAll("row").map(String))];
    const changes = rows.map((row) => {
      const [roleId = "", objectApiName = ""] = row.split("|");
      const on = (a: string) => form.get(`${row}|${a}`) === "on";
      return { roleId, objectApiName, grant: Object.fromEntries(ACTIONS.map((a) => [a, on(a)])) };
    });
    const result = await act(setRolePermissionsOp, { changes });
    revalidatePath("/settings/roles");
    return result.ok ? { ok: true, data: { saved: changes.length } } : result;
  },
);
