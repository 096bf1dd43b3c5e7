// Settings → Apps: the widgets an app declares (platform admins register apps and their widgets).
import { z } from "zod";
import { assertPlatformAdmin } from "@/lib/auth/access.ts";
import { declaredWidgetSchema, widgetDeclarationSchema } from "@/lib/schemas/widgets.ts";
import { declareWidget, listDeclaredWidgets, removeWidget } from "@/lib/services/widgets/declarations.ts";
import { defineOperation } from "../define.ts";

export const listWidgetsOp = defineOperation({
  name: "widgets.declared",
  summary: "List declared widgets",
  description: "Every widget every app declares (platform admins).",
  scope: "settings:platform",
  input: z.object({}),
  output: z.object({ data: z.array(declaredWidgetSchema) }),
  errors: ["permission_denied"],
  authorize: assertPlatformAdmin,
  run: async ({ tx }) => ({ data: await listDeclaredWidgets(tx) }),
});

export const declareWidgetOp = defineOperation({
  name: "widgets.declare",
  summary: "Declare a widget",
  description:
    "Declares a widget of an app: key, title, location (record or dashboard), embedUrl (https, or http on loopback; its origin on the app's allowlist and not the CRM's own) and, for record widgets, the objects it is shown on.",
  scope: "settings:platform",
  input: widgetDeclarationSchema,
  output: declaredWidgetSchema,
  errors: ["invalid_request", "not_found", "conflict", "permission_denied"],
  authorize: assertPlatformAdmin,
  run: ({ tx }, input) => declareWidget(tx, input),
  audit: (_input, w) => ({
    action: "widget.declared",
    target: { type: "widget", id: w.id, label: w.key },
    details: { appId: w.appId, location: w.location, embedUrl: w.embedUrl, objects: w.objects },
  }),
});

export const removeWidgetOp = defineOperation({
  name: "widgets.remove",
  summary: "Remove a widget",
  description: "Removes a widget declaration: no tenant shows it from the next page load on.",
  scope: "settings:platform",
  input: z.object({ id: z.uuid() }),
  output: z.object({ ok: z.literal(true), key: z.string(), appId: z.string() }),
  errors: ["not_found", "permission_denied"],
  authorize: assertPlatformAdmin,
  run: async ({ tx }, { id }) => ({ ok: true as const, ...(await removeWidget(tx, id)) }),
  audit: ({ id }, w) => ({ action: "widget.removed", target: { type: "widget", id, label: w.key }, details: { appId: w.appId } }),
});
