"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { act, type ActionResult, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { redeliverOp } from "@/lib/operations/webhooks/deliveries.ts";
import { createWebhookOp, deleteWebhookOp, rotateWebhookSecretOp, updateWebhookOp } from "@/lib/operations/webhooks/manage-webhooks.ts";

export type CreateWebhookState = ActionResult<{ secret: string; url: string }> | null;
export type UpdateWebhookState = ActionResult<unknown> | null;

export async function createWebhookAction(_prev: CreateWebhookState, form: FormData): Promise<CreateWebhookState> {
  const result = await act(
    createWebhookOp,
    { webhook: { url: form.get("url"), events: form.getAll("events").map(String) } },
    { fieldsUnder: "webhook" },
  );
  revalidatePath("/settings/webhooks");
  return result.ok ? { ok: true, data: { secret: result.data.secret, url: result.data.url } } : result;
}

export async function updateWebhookAction(_prev: UpdateWebhookState, form: FormData): Promise<UpdateWebhookState> {
  const result = await act(
    updateWebhookOp,
    { id: form.get("id"), changes: { url: form.get("url"), events: form.getAll("events").map(String) } },
    { fieldsUnder: "changes" },
  );
  revalidatePath("/settings/webhooks");
  return result;
}

/** Pause (active=false) or resume (active=true); the row shows the new state from the page's data once this has returned. */
export async function setWebhookActiveAction(id: string, active: boolean): Promise<FormState> {
  const result = await act(updateWebhookOp, { id, changes: { active } });
  revalidatePath("/settings/webhooks");
  return result;
}

export type RotateWebhookSecretState = ActionResult<{ secret: string; previousExpiresAt: string }> | null;

/** A new signing secret, shown once; the replaced one signs beside it for 24 hours. */
export async function rotateWebhookSecretAction(_prev: RotateWebhookSecretState, form: FormData): Promise<RotateWebhookSecretState> {
  const result = await act(rotateWebhookSecretOp, { id: form.get("id") });
  return result.ok ? { ok: true, data: { secret: result.data.secret, previousExpiresAt: result.data.previous_secret_expires_at } } : result;
}

export async function deleteWebhookAction(form: FormData): Promise<void> {
  await act(deleteWebhookOp, { id: form.get("id") });
  revalidatePath("/settings/webhooks");
  redirect("/settings/webhooks");
}

export type RedeliverState = ActionResult<{ id: string }> | null;

export async function redeliverAction(_prev: RedeliverState, form: FormData): Promise<RedeliverState> {
  const result = await act(redeliverOp, { id: form.get("id"), deliveryId: form.get("deliveryId") });
  revalidatePath("/settings/webhooks");
  return result.ok ? { ok: true, data: { id: result.data.id } } : result;
}
