"use server";
import { revalidatePath } from "next/cache";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import { createApiKeyOp, revokeApiKeyOp } from "@/lib/operations/api-keys/manage-api-keys.ts";

export type CreateKeyState = ActionResult<{ secret: string; name: string }> | null;

export const createKeyAction = serverAction(
  [actionArg.state<CreateKeyState>(), actionArg.form],
  async (_prev, form): Promise<CreateKeyState> => {
    const objects = form.getAll("allowedObjects").map(String);
    const result = await act(createApiKeyOp, {
      name: form.get("name"),
      readOnly: form.get("readOnly") === "on",
      allowDelete: form.get("allowDelete") === "on",
      allowedObjects: form.get("limitObjects") === "on" ? objects : null,
      rateLimit: form.get("rateLimit") || undefined,
    });
    revalidatePath("/settings/api-keys");
    return result.ok ? { ok: true, data: { secret: result.data.secret, name: result.data.key.name } } : result;
  },
);

export const revokeKeyAction = serverAction([actionArg.form], async (form): Promise<void> => {
  await act(revokeApiKeyOp, { id: form.get("id") });
  revalidatePath("/settings/api-keys");
});
