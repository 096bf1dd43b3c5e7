"use server";
import { revalidatePath } from "next/cache";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import { publishAppOp, registerAppOp, revokeTokenOp, uninstallOp } from "@/lib/operations/oauth-apps/manage-apps.ts";
import { declareWidgetOp, removeWidgetOp } from "@/lib/operations/widgets/manage-widgets.ts";
import { setAgentConnectionsSettingOp } from "@/lib/operations/oauth-apps/agent-connections.ts";
import type { DeclaredWidget } from "@/lib/schemas/widgets.ts";

export type RegisterState = ActionResult<{ id: string; clientId: string }> | null;
export type DeclareWidgetState = ActionResult<DeclaredWidget> | null;

const lines = (form: FormData, key: string) =>
  String(form.get(key) ?? "")
    .split(/\s+/)
    .filter((s) => s !== "");

export const registerAppAction = serverAction(
  [actionArg.state<RegisterState>(), actionArg.form],
  async (_prev, form): Promise<RegisterState> => {
    const result = await act(registerAppOp, {
      name: form.get("name"),
      description: form.get("description") ?? "",
      logoUrl: String(form.get("logoUrl") ?? "").trim() || null,
      redirectUris: lines(form, "redirectUris"),
      initiateLoginUri: String(form.get("initiateLoginUri") ?? "").trim() || null,
      allowedOrigins: lines(form, "allowedOrigins"),
      scopes: lines(form, "scopes"),
    });
    revalidatePath("/settings/apps");
    return result;
  },
);

export const publishAppAction = serverAction(
  [actionArg.state<PublishState>(), actionArg.form],
  async (_prev, form): Promise<PublishState> => {
    const result = await act(publishAppOp, { id: form.get("id") });
    revalidatePath("/settings/apps");
    return result;
  },
);

export const uninstallAction = serverAction([actionArg.form], async (form): Promise<void> => {
  await act(uninstallOp, { grantId: form.get("grantId") });
  revalidatePath("/settings/apps");
});

export const revokeTokenAction = serverAction([actionArg.form], async (form): Promise<void> => {
  await act(revokeTokenOp, { id: form.get("id") });
  revalidatePath("/settings/apps");
});

export const declareWidgetAction = serverAction(
  [actionArg.state<DeclareWidgetState>(), actionArg.form],
  async (_prev, form): Promise<DeclareWidgetState> => {
    const result = await act(declareWidgetOp, {
      appId: form.get("appId"),
      key: form.get("key"),
      title: form.get("title"),
      location: form.get("location"),
      embedUrl: form.get("embedUrl"),
      objects: lines(form, "objects"),
    });
    revalidatePath("/settings/apps");
    return result;
  },
);

export const removeWidgetAction = serverAction([actionArg.form], async (form): Promise<void> => {
  await act(removeWidgetOp, { id: form.get("id") });
  revalidatePath("/settings/apps");
});

import type { AgentConnectionsState } from "@/components/settings/agent-connections-toggle.tsx";
import type { PublishState } from "@/components/settings/publish-app-button.tsx";

export const setAgentConnectionsAction = serverAction(
  [actionArg.state<AgentConnectionsState>(), actionArg.form],
  async (_prev, form): Promise<AgentConnectionsState> => {
    const result = await act(setAgentConnectionsSettingOp, { allowed: form.get("allowed") === "true" });
    revalidatePath("/settings/apps");
    return result;
  },
);
