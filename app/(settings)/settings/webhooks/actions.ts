"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type ActionResult, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { redeliverOp } from "@/lib/operations/webhooks/deliveries.ts";
import {
  createWebhookOp,
  deleteWebhookOp,
  rotateWebhookSecretOp,
  testWebhookOp,
  updateWebhookOp,
} from "@/lib/operations/webhooks/manage-webhooks.ts";

export type CreateWebhookState = ActionResult<{ secret: string; url: string }> | null;
export type UpdateWebhookState = ActionResult<unknown> | null;

export const createWebhookAction = serverAction(
  [actionArg.state<CreateWebhookState>(), actionArg.form],
  async (_prev, form): Promise<CreateWebhookState> => {
    const result = await act(
      createWebhookOp,
      { webhook: { url: form.get("url"), events: form.getAll("events").map(String) } },
      { fieldsUnder: "webhook" },
    );
    revalidatePath("/settings/webhooks");
    return result.ok ? { ok: true, data: { secret: result.data.secret, url: result.data.url } } : result;
  },
);

export const updateWebhookAction = serverAction(
  [actionArg.state<UpdateWebhookState>(), actionArg.form],
  async (_prev, form): Promise<UpdateWebhookState> => {
    const result = await act(
      updateWebhookOp,
      { id: form.get("id"), changes: { url: form.get("url"), events: form.getAll("events").map(String) } },
      { fieldsUnder: "changes" },
    );
    revalidatePath("/settings/webhooks");
    return result;
  },
);

/** Pause (active=false) or resume (active=true); the row shows the new state from the page's data once this has returned. */
export const setWebhookActiveAction = serverAction([actionArg.text, actionArg.flag], async (id, active): Promise<FormState> => {
  const result = await act(updateWebhookOp, { id, changes: { active } });
  revalidatePath("/settings/webhooks");
  return result;
});

import type { RotateWebhookSecretState } from "@/components/settings/rotate-webhook-secret.tsx";

/** A new signing secret, shown once; the replaced one signs beside it for 24 hours. */
export const rotateWebhookSecretAction = serverAction(
  [actionArg.state<RotateWebhookSecretState>(), actionArg.form],
  async (_prev, form): Promise<RotateWebhookSecretState> => {
    const result = await act(rotateWebhookSecretOp, { id: form.get("id") });
    return result.ok
      ? { ok: true, data: { secret: result.data.secret, previousExpiresAt: result.data.previous_secret_expires_at } }
      : result;
  },
);

export const deleteWebhookAction = serverAction([actionArg.form], async (form): Promise<void> => {
  await act(deleteWebhookOp, { id: form.get("id") });
  revalidatePath("/settings/webhooks");
  redirect("/settings/webhooks");
});

export type RedeliverState = ActionResult<{ id: string }> | null;

export const redeliverAction = serverAction(
  [actionArg.state<RedeliverState>(), actionArg.form],
  async (_prev, form): Promise<RedeliverState> => {
    const result = await act(redeliverOp, { id: form.get("id"), deliveryId: form.get("deliveryId") });
    revalidatePath("/settings/webhooks");
    return result.ok ? { ok: true, data: { id: result.data.id } } : result;
  },
);

export type SendTestEventState = ActionResult<{ id: string }> | null;

/** A webhook.test event to this webhook only; its delivery joins the log. */
export const sendTestEventAction = serverAction(
  [actionArg.state<SendTestEventState>(), actionArg.form],
  async (_prev, form): Promise<SendTestEventState> => {
    const result = await act(testWebhookOp, { id: form.get("id") });
    revalidatePath("/settings/webhooks");
    return result.ok ? { ok: true, data: { id: result.data.id } } : result;
  },
);
