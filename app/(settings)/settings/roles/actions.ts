"use server";
import { revalidatePath } from "next/cache";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act } from "@/lib/adapters/actions/session-operation.ts";
import { setRolePermissionOp } from "@/lib/operations/roles/manage-roles.ts";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";

export const setPermissionAction = serverAction([actionArg.state<FormState>(), actionArg.form], async (_prev, form): Promise<FormState> => {
  const on = (k: string) => form.get(k) === "on";
  const result = await act(setRolePermissionOp, {
    roleId: form.get("roleId"),
    objectApiName: form.get("objectApiName"),
    grant: { read: on("read"), create: on("create"), update: on("update"), delete: on("delete") },
  });
  revalidatePath("/settings/roles");
  return result;
});
