"use server";
import { revalidatePath } from "next/cache";
import { act } from "@/lib/adapters/actions/session-operation.ts";
import { setRolePermission } from "@/lib/operations/roles/manage-roles.ts";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";

export async function setPermissionAction(_prev: FormState, form: FormData): Promise<FormState> {
  const on = (k: string) => form.get(k) === "on";
  const result = await act(setRolePermission, {
    roleId: form.get("roleId"),
    objectApiName: form.get("objectApiName"),
    grant: { read: on("read"), create: on("create"), update: on("update"), delete: on("delete") },
  });
  revalidatePath("/settings/roles");
  return result;
}
