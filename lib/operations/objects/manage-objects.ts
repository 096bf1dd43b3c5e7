// Settings → Objects: create, edit and archive custom objects (admins, in the browser)
import { z } from "zod";
import { assertAdmin } from "@/lib/auth/access.ts";
import { objectApiNameSchema } from "@/lib/schemas/names.ts";
import { objectInputSchema, objectSummarySchema, objectUpdateSchema } from "@/lib/schemas/objects.ts";
import { archiveObjectDefinition, insertObjectDefinition, updateObjectDefinition } from "@/lib/services/objects/object-definitions.ts";
import { defineOperation } from "../define.ts";

const summary = (o: { apiName: string; label: string; custom: boolean }) => ({ apiName: o.apiName, label: o.label, custom: o.custom });

export const createObject = defineOperation({
  name: "objects.create",
  summary: "Create a custom object",
  description: "Creates a custom object with a required `name` field.",
  scope: "settings:manage",
  input: objectInputSchema,
  output: objectSummarySchema,
  errors: ["invalid_request", "permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }, input) => summary(await insertObjectDefinition(tx, principal.tenantId, input)),
  audit: (_input, o) => ({ action: "object.created", target: { type: "object", id: o.apiName, label: o.label } }),
});

export const updateObject = defineOperation({
  name: "objects.update",
  summary: "Edit an object",
  description: "Changes an object's labels or description.",
  scope: "settings:manage",
  input: objectUpdateSchema.extend({ apiName: z.string() }),
  output: objectSummarySchema,
  errors: ["invalid_request", "not_found", "permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }, { apiName, ...patch }) => summary(await updateObjectDefinition(tx, principal.tenantId, apiName, patch)),
  audit: ({ apiName: _apiName, ...patch }, o) => ({
    action: "object.updated",
    target: { type: "object", id: o.apiName, label: o.label },
    details: { changed: Object.keys(patch) },
  }),
});

export const archiveObject = defineOperation({
  name: "objects.archive",
  summary: "Archive a custom object",
  description: "Hides a custom object from the API and the UI; its data is kept.",
  scope: "settings:manage",
  input: z.object({ apiName: objectApiNameSchema }),
  output: objectSummarySchema,
  errors: ["invalid_request", "not_found", "permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }, { apiName }) => summary(await archiveObjectDefinition(tx, principal.tenantId, apiName)),
  audit: (_input, o) => ({ action: "object.archived", target: { type: "object", id: o.apiName, label: o.label } }),
});
