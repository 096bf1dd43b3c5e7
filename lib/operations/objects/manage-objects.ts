// Custom objects: created, changed and archived by admins — in Settings → Objects and through the
// API with their credentials (POST /objects, PATCH/DELETE /objects/{apiName}). One operation each.
import { z } from "zod";
import { objectInputSchema, objectSummarySchema, objectUpdateSchema } from "@/lib/schemas/objects.ts";
import { objectParam } from "@/lib/schemas/records.ts";
import { archiveObjectDefinition, insertObjectDefinition, updateObjectDefinition } from "@/lib/services/objects/object-definitions.ts";
import { defineOperation } from "../define.ts";
import { assertSchemaManager, SCHEMA_ERRORS } from "./schema-manager.ts";

const summary = (o: { apiName: string; label: string; custom: boolean }) => ({ apiName: o.apiName, label: o.label, custom: o.custom });

export const createObjectOp = defineOperation({
  name: "objects.create",
  summary: "Create a custom object",
  description:
    "Creates a custom object with a required `name` field; add fields with POST /objects/{apiName}/fields. Its records are at " +
    "/api/v1/{apiName} at once. The same rules as Settings → Objects (reserved names refused). Admins only; OAuth: objects:write.",
  scope: "objects:write",
  http: { method: "POST", path: "/objects", status: 201, body: "object" },
  input: z.object({ object: objectInputSchema.strict() }),
  output: objectSummarySchema,
  errors: ["invalid_request", ...SCHEMA_ERRORS],
  authorize: assertSchemaManager,
  run: async ({ tx, principal }, { object }) => summary(await insertObjectDefinition(tx, principal.tenantId, object)),
  audit: (_input, o) => ({ action: "object.created", target: { type: "object", id: o.apiName, label: o.label } }),
});

export const updateObjectOp = defineOperation({
  name: "objects.update",
  summary: "Change an object",
  description: "Changes an object's labels or description (built-in objects too). Admins only; OAuth: objects:write.",
  scope: "objects:write",
  http: { method: "PATCH", path: "/objects/{apiName}", body: "changes" },
  input: z.object({
    apiName: objectParam,
    changes: objectUpdateSchema
      .strict()
      .refine((c) => Object.values(c).some((v) => v !== undefined), "change at least one of label, pluralLabel, description"),
  }),
  output: objectSummarySchema,
  errors: ["invalid_request", "not_found", ...SCHEMA_ERRORS],
  authorize: assertSchemaManager,
  run: async ({ tx, principal }, { apiName, changes }) => summary(await updateObjectDefinition(tx, principal.tenantId, apiName, changes)),
  audit: ({ changes }, o) => ({
    action: "object.updated",
    target: { type: "object", id: o.apiName, label: o.label },
    details: { changed: Object.keys(changes) },
  }),
});

export const archiveObjectOp = defineOperation({
  name: "objects.archive",
  summary: "Archive a custom object",
  description:
    "Hides a custom object from the API and the pages; its records are kept. Built-in objects and objects that others look up " +
    "cannot be archived. Admins only; OAuth: objects:write.",
  scope: "objects:write",
  http: { method: "DELETE", path: "/objects/{apiName}" },
  input: z.object({ apiName: objectParam }),
  output: objectSummarySchema,
  errors: ["invalid_request", "not_found", ...SCHEMA_ERRORS],
  authorize: assertSchemaManager,
  run: async ({ tx, principal }, { apiName }) => summary(await archiveObjectDefinition(tx, principal.tenantId, apiName)),
  audit: (_input, o) => ({ action: "object.archived", target: { type: "object", id: o.apiName, label: o.label } }),
});
