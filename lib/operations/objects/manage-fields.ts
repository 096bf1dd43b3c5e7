// Fields of an object: created, changed and archived by admins — in Settings → Objects and through
// the API with their credentials (POST /objects/{apiName}/fields, PATCH/DELETE …/fields/{fieldApiName}).
import { z } from "zod";
import { fieldInputSchema, fieldSchema, fieldUpdateSchema } from "@/lib/schemas/fields.ts";
import { objectParam } from "@/lib/schemas/records.ts";
import { archiveFieldDefinition, insertFieldDefinition, updateFieldDefinition } from "@/lib/services/objects/field-definitions.ts";
import { describeField } from "@/lib/services/objects/object-lookup.ts";
import { defineOperation } from "../define.ts";
import { assertSchemaManager, SCHEMA_ERRORS } from "./schema-manager.ts";

const target = { apiName: objectParam, fieldApiName: z.string().max(63).describe("The field's apiName") };
const fieldId = (objectApiName: string, f: { apiName: string }) => `${objectApiName}.${f.apiName}`;

export const createFieldOp = defineOperation({
  name: "fields.create",
  summary: "Create a field",
  description:
    "Adds a field to an object (built-in or custom): text, textarea, email, phone, url, number, currency, percent, date, datetime, " +
    "boolean, select, multiselect, lookup, formula or rollup, with the same rules as Settings → Objects. Admins only; OAuth: objects:write.",
  scope: "objects:write",
  http: { method: "POST", path: "/objects/{apiName}/fields", status: 201, body: "field" },
  input: z.object({ apiName: objectParam, field: fieldInputSchema }),
  output: fieldSchema,
  errors: ["invalid_request", "not_found", ...SCHEMA_ERRORS],
  authorize: assertSchemaManager,
  run: async ({ tx, principal }, { apiName, field }) => describeField(await insertFieldDefinition(tx, principal.tenantId, apiName, field)),
  audit: ({ apiName }, f) => ({
    action: "field.created",
    target: { type: "field", id: fieldId(apiName, f), label: f.label },
    details: { type: f.type },
  }),
});

export const updateFieldOp = defineOperation({
  name: "fields.update",
  summary: "Change a field",
  description: "Changes a field's label, required and unique flags, options or formula. Admins only; OAuth: objects:write.",
  scope: "objects:write",
  http: { method: "PATCH", path: "/objects/{apiName}/fields/{fieldApiName}", body: "changes" },
  input: z.object({
    ...target,
    changes: fieldUpdateSchema
      .strict()
      .refine((c) => Object.values(c).some((v) => v !== undefined), "change at least one of label, required, unique, options, expression"),
  }),
  output: fieldSchema,
  errors: ["invalid_request", "not_found", ...SCHEMA_ERRORS],
  authorize: assertSchemaManager,
  run: async ({ tx, principal }, { apiName, fieldApiName, changes }) =>
    describeField(await updateFieldDefinition(tx, principal.tenantId, apiName, fieldApiName, changes)),
  audit: ({ apiName, changes }, f) => ({
    action: "field.updated",
    target: { type: "field", id: fieldId(apiName, f), label: f.label },
    details: { changed: Object.keys(changes) },
  }),
});

export const archiveFieldOp = defineOperation({
  name: "fields.archive",
  summary: "Archive a field",
  description: "Hides a custom field from the API and the pages; stored values are kept. Admins only; OAuth: objects:write.",
  scope: "objects:write",
  http: { method: "DELETE", path: "/objects/{apiName}/fields/{fieldApiName}" },
  input: z.object(target),
  output: fieldSchema,
  errors: ["invalid_request", "not_found", ...SCHEMA_ERRORS],
  authorize: assertSchemaManager,
  run: async ({ tx, principal }, { apiName, fieldApiName }) =>
    describeField(await archiveFieldDefinition(tx, principal.tenantId, apiName, fieldApiName)),
  audit: ({ apiName }, f) => ({ action: "field.archived", target: { type: "field", id: fieldId(apiName, f), label: f.label } }),
});
