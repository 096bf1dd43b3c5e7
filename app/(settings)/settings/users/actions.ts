"use server";
import { revalidatePath } from "next/cache";
import { act, type ActionResult, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import {
  changeRoleOp,
  deactivateUserOp,
  inviteUserOp,
  reactivateUserOp,
  reinviteUserOp,
  resetPasswordOp,
  signOutUserOp,
} from "@/lib/operations/users/users.ts";

/** A one-time link just issued, for the banner that shows it once. */
export type LinkState = ActionResult<{ email: string; url: string; emailed: boolean; purpose: "invite" | "reset" }> | null;

type Issued = ActionResult<{ user: { email: string }; link: { url: string; emailed: boolean } }>;
const asLink = (r: Issued, purpose: "invite" | "reset"): LinkState =>
  r.ok ? { ok: true, data: { email: r.data.user.email, url: r.data.link.url, emailed: r.data.link.emailed, purpose } } : r;

export async function inviteUserAction(_prev: LinkState, form: FormData): Promise<LinkState> {
  const result = await act(inviteUserOp, { email: form.get("email"), name: form.get("name"), role: form.get("role") });
  revalidatePath("/settings/users");
  return asLink(result, "invite");
}

export async function reinviteAction(id: string): Promise<LinkState> {
  const result = await act(reinviteUserOp, { id });
  revalidatePath("/settings/users");
  return asLink(result, "invite");
}

export async function resetPasswordAction(id: string): Promise<LinkState> {
  return asLink(await act(resetPasswordOp, { id }), "reset");
}

export async function changeRoleAction(id: string, _prev: FormState, form: FormData): Promise<FormState> {
  const result = await act(changeRoleOp, { id, role: form.get("role") });
  revalidatePath("/settings/users");
  return result;
}

export async function deactivateAction(id: string): Promise<FormState> {
  const result = await act(deactivateUserOp, { id });
  revalidatePath("/settings/users");
  return result;
}

export async function reactivateAction(id: string): Promise<FormState> {
  const result = await act(reactivateUserOp, { id });
  revalidatePath("/settings/users");
  return result;
}

export async function signOutUserAction(id: string): Promise<FormState> {
  return act(signOutUserOp, { id });
}
