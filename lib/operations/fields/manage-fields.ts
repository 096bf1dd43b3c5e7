// Settings → Objects → Fields: create, edit and archive fields (admins, in the browser)
import { z } from "zod";
import { assertAdmin } from "@/lib/auth/access.ts";
import { fieldInputSchema, fieldSchema, fieldUpdateSchema } from "@/lib/schemas/fields.ts";
import { archiveFieldDefinition, insertFieldDefinition, updateFieldDefinition } from "@/lib/services/objects/field-definitions.ts";
import { describeField } from "@/lib/services/objects/registry.ts";
import { defineOperation } from "../define.ts";

const target = { objectApiName: z.string(), fieldApiName: z.string() };

export const createField = defineOperation({
  name: "fields.create",
  summary: "Create a field",
  description: "Adds a custom field to an object.",
  scope: "settings:manage",
  input: z.object({ objectApiName: z.string(), field: fieldInputSchema }),
  output: fieldSchema,
  errors: ["invalid_request", "not_found", "permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }, input) =>
    describeField(await insertFieldDefinition(tx, principal.tenantId, input.objectApiName, input.field)),
  audit: ({ objectApiName }, f) => ({
    action: "field.created",
    target: { type: "field", id: `${objectApiName}.${f.apiName}`, label: f.label },
    details: { type: f.type },
  }),
});

export const updateField = defineOperation({
  name: "fields.update",
  summary: "Edit a field",
  description: "Changes a field's label, required and unique flags, options or formula.",
  scope: "settings:manage",
  input: fieldUpdateSchema.extend(target),
  output: fieldSchema,
  errors: ["invalid_request", "not_found", "permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }, { objectApiName, fieldApiName, ...patch }) =>
    describeField(await updateFieldDefinition(tx, principal.tenantId, objectApiName, fieldApiName, patch)),
  audit: ({ objectApiName, fieldApiName: _field, ...patch }, f) => ({
    action: "field.updated",
    target: { type: "field", id: `${objectApiName}.${f.apiName}`, label: f.label },
    details: { changed: Object.keys(patch) },
  }),
});

export const archiveField = defineOperation({
  name: "fields.archive",
  summary: "Archive a field",
  description: "Hides a custom field; stored values are kept.",
  scope: "settings:manage",
  input: z.object(target),
  output: fieldSchema,
  errors: ["invalid_request", "not_found", "permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }, { objectApiName, fieldApiName }) =>
    describeField(await archiveFieldDefinition(tx, principal.tenantId, objectApiName, fieldApiName)),
  audit: ({ objectApiName }, f) => ({
    action: "field.archived",
    target: { type: "field", id: `${objectApiName}.${f.apiName}`, label: f.label },
  }),
});
