"use server";
import { revalidatePath } from "next/cache";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type ActionResult, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import {
  changeRoleOp,
  deactivateUserOp,
  inviteUserOp,
  reactivateUserOp,
  reinviteUserOp,
  resetPasswordOp,
  signOutUserOp,
} from "@/lib/operations/users/manage-users";

import type { LinkState } from "@/components/settings/user-link-button.tsx";

type Issued = ActionResult<{ user: { email: string }; link: { url: string; emailed: boolean } }>;
const asLink = (r: Issued, purpose: "invite" | "reset"): LinkState =>
  r.ok ? { ok: true, data: { email: r.data.user.email, url: r.data.link.url, emailed: r.data.link.emailed, purpose } } : r;

export const inviteUserAction = serverAction([actionArg.state<LinkState>(), actionArg.form], async (_prev, form): Promise<LinkState> => {
  const result = await act(inviteUserOp, { email: form.get("email"), name: form.get("name"), role: form.get("role") });
  revalidatePath("/settings/users");
  return asLink(result, "invite");
});

export const reinviteAction = serverAction([actionArg.text], async (id): Promise<LinkState> => {
  const result = await act(reinviteUserOp, { id });
  revalidatePath("/settings/users");
  return asLink(result, "invite");
});

export const resetPasswordAction = serverAction([actionArg.text], async (id): Promise<LinkState> => {
  return asLink(await act(resetPasswordOp, { id }), "reset");
});

export const changeRoleAction = serverAction(
  [actionArg.text, actionArg.state<FormState>(), actionArg.form],
  async (id, _prev, form): Promise<FormState> => {
    const result = await act(changeRoleOp, { id, role: form.get("role") });
    revalidatePath("/settings/users");
    return result;
  },
);

export const deactivateAction = serverAction([actionArg.text], async (id): Promise<FormState> => {
  const result = await act(deactivateUserOp, { id });
  revalidatePath("/settings/users");
  return result;
});

export const reactivateAction = serverAction([actionArg.text], async (id): Promise<FormState> => {
  const result = await act(reactivateUserOp, { id });
  revalidatePath("/settings/users");
  return result;
});

export const signOutUserAction = serverAction([actionArg.text], async (id): Promise<FormState> => act(signOutUserOp, { id }));
