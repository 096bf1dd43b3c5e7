import type { z } from "zod";
import type { Prisma } from "@/lib/db/generated/client.ts";
import type { Tx } from "@/lib/db/tenant.ts";
import { AppError, invalid, notFound } from "@/lib/errors/app-error.ts";
import {
  fieldConfigSchema,
  READ_ONLY_TYPES,
  UNIQUE_CAPABLE_TYPES,
  type FieldType,
  type ParsedFieldInput,
  type fieldUpdateSchema,
} from "@/lib/schemas/fields.ts";
import { backfillFieldRows, setFieldUnique } from "./field-index.ts";
import { fieldConfigFor } from "./field-rules.ts";
import { loadSchemaView } from "./load-schema-view.ts";
import { getObjectOrThrow } from "./object-lookup.ts";
import { bumpSchemaVersion } from "./schema-version.ts";

/** A new field of the object; `custom` is false only for the built-in blueprint's fields (lib/services/tenants/blueprint.ts). */
export async function insertFieldDefinition(tx: Tx, tenantId: string, objectApiName: string, input: ParsedFieldInput, custom = true) {
  await bumpSchemaVersion(tx, tenantId);
  const object = await getObjectOrThrow(tx, tenantId, objectApiName);
  const existing = await tx.fieldDef.findUnique({
    where: { tenantId_objectId_apiName: { tenantId, objectId: object.id, apiName: input.apiName } },
  });
  if (existing)
    throw new AppError(
      "invalid_request",
      `apiName: '${objectApiName}' already has a field named '${input.apiName}'${existing.archivedAt ? " (archived)" : ""}`,
    );
  const config = fieldConfigFor(objectApiName, input, await loadSchemaView(tx, tenantId));
  const last = await tx.fieldDef.aggregate({ where: { tenantId, objectId: object.id }, _max: { position: true } });
  const field = await tx.fieldDef.create({
    data: {
      tenantId,
      objectId: object.id,
      apiName: input.apiName,
      label: input.label,
      type: input.type,
      required: input.required,
      unique: input.unique,
      custom,
      position: (last._max.position ?? 0) + 1,
      config: config as Prisma.InputJsonValue,
    },
  });
  // The insert trigger gave the field a slot column if one of its kind was free (record storage.md).
  if (!READ_ONLY_TYPES.has(input.type) && field.slot === null) await backfillFieldRows(tx, tenantId, object.id, field.id);
  return field;
}

async function getFieldOrThrow(tx: Tx, tenantId: string, objectApiName: string, fieldApiName: string) {
  const object = await getObjectOrThrow(tx, tenantId, objectApiName);
  const field = object.fields.find((f) => f.apiName === fieldApiName);
  if (!field) throw notFound(`Field '${objectApiName}.${fieldApiName}'`);
  return { object, field };
}

export async function updateFieldDefinition(
  tx: Tx,
  tenantId: string,
  objectApiName: string,
  fieldApiName: string,
  patch: z.output<typeof fieldUpdateSchema>,
) {
  await bumpSchemaVersion(tx, tenantId);
  const { field } = await getFieldOrThrow(tx, tenantId, objectApiName, fieldApiName);
  const type = field.type as FieldType;
  const config = fieldConfigSchema.parse(field.config ?? {});
  if (patch.options && type !== "select" && type !== "multiselect")
    throw invalid("options: only select and multiselect fields have options");
  if (patch.expression !== undefined && type !== "formula") throw invalid("expression: only formula fields have an expression");
  if (READ_ONLY_TYPES.has(type) && (patch.required || patch.unique)) throw invalid("Computed fields cannot be required or unique");
  // The same rule as on creation (fieldInputSchema): only these types can be kept unique.
  if (patch.unique && !UNIQUE_CAPABLE_TYPES.has(type)) throw invalid(`unique: ${type} fields cannot be unique`);
  let nextConfig = patch.options ? { ...config, options: patch.options } : config;
  if (patch.expression !== undefined) {
    const parsed = { apiName: field.apiName, label: field.label, type, required: false, unique: false, expression: patch.expression };
    nextConfig = fieldConfigFor(objectApiName, parsed, await loadSchemaView(tx, tenantId));
  }
  if (patch.unique !== undefined && patch.unique !== field.unique) await setFieldUnique(tx, tenantId, field, patch.unique);
  return tx.fieldDef.update({
    where: { tenantId_id: { tenantId, id: field.id } },
    data: { label: patch.label, required: patch.required, unique: patch.unique, config: nextConfig as Prisma.InputJsonValue },
  });
}

/** Archived fields disappear from the API; their values stay stored and the name stays taken. */
export async function archiveFieldDefinition(tx: Tx, tenantId: string, objectApiName: string, fieldApiName: string) {
  await bumpSchemaVersion(tx, tenantId);
  const { field } = await getFieldOrThrow(tx, tenantId, objectApiName, fieldApiName);
  if (!field.custom) throw invalid("Built-in fields cannot be archived");
  const computed = await tx.fieldDef.findMany({
    where: { tenantId, archivedAt: null, type: { in: ["formula", "rollup"] } },
    include: { object: { select: { apiName: true } } },
  });
  const users = computed.filter((f) => {
    const c = fieldConfigSchema.parse(f.config ?? {});
    if (c.formula && f.object.apiName === objectApiName) return new RegExp(`\\b${fieldApiName}\\b`).test(c.formula.expression);
    if (c.rollup)
      return c.rollup.childObject === objectApiName && (c.rollup.childField === fieldApiName || c.rollup.valueField === fieldApiName);
    return false;
  });
  if (users.length) throw invalid(`'${fieldApiName}' is used by ${users.map((f) => `${f.object.apiName}.${f.apiName}`).join(", ")}`);
  return tx.fieldDef.update({ where: { tenantId_id: { tenantId, id: field.id } }, data: { archivedAt: new Date() } });
}
