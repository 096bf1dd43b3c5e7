import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
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
import { fieldDefColumns, getObjectOrThrow, type FieldDef } from "./object-lookup.ts";
import { bumpSchemaVersion } from "./schema-version.ts";

/** A new field of the object; `custom` is false only for the built-in blueprint's fields (lib/services/tenants/blueprint.ts). */
export async function insertFieldDefinition(
  tx: SqlTx,
  tenantId: string,
  objectApiName: string,
  input: ParsedFieldInput,
  custom = true,
): Promise<FieldDef> {
  await bumpSchemaVersion(tx, tenantId);
  const object = await getObjectOrThrow(tx, tenantId, objectApiName);
  const [existing] = await tx.$queryRaw<{ archivedAt: Date | null }[]>`
    SELECT archived_at AS "archivedAt" FROM field_def
    WHERE tenant_id = ${tenantId}::uuid AND object_id = ${object.id}::uuid AND api_name = ${input.apiName}`;
  if (existing)
    throw new AppError(
      "invalid_request",
      `apiName: '${objectApiName}' already has a field named '${input.apiName}'${existing.archivedAt ? " (archived)" : ""}`,
    );
  const config = fieldConfigFor(objectApiName, input, await loadSchemaView(tx, tenantId));
  const [field] = await tx.$queryRaw<FieldDef[]>`
    INSERT INTO field_def AS f (tenant_id, id, object_id, api_name, label, type, required, "unique", custom, position, config)
    VALUES (${tenantId}::uuid, ${randomUUID()}::uuid, ${object.id}::uuid, ${input.apiName}, ${input.label}, ${input.type},
            ${input.required}, ${input.unique}, ${custom},
            COALESCE((SELECT max(position) FROM field_def WHERE tenant_id = ${tenantId}::uuid AND object_id = ${object.id}::uuid), 0) + 1,
            ${JSON.stringify(config)}::jsonb)
    RETURNING ${fieldDefColumns}`;
  // The insert trigger gave the field a slot column if one of its kind was free (record storage.md).
  if (!READ_ONLY_TYPES.has(input.type) && field!.slot === null) await backfillFieldRows(tx, tenantId, object.id, field!.id);
  return field!;
}

async function getFieldOrThrow(tx: SqlTx, tenantId: string, objectApiName: string, fieldApiName: string) {
  const object = await getObjectOrThrow(tx, tenantId, objectApiName);
  const field = object.fields.find((f) => f.apiName === fieldApiName);
  if (!field) throw notFound(`Field '${objectApiName}.${fieldApiName}'`);
  return { object, field };
}

export async function updateFieldDefinition(
  tx: SqlTx,
  tenantId: string,
  objectApiName: string,
  fieldApiName: string,
  patch: z.output<typeof fieldUpdateSchema>,
): Promise<FieldDef> {
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
  // An absent change keeps the column's value.
  const [updated] = await tx.$queryRaw<FieldDef[]>`
    UPDATE field_def f
    SET label = COALESCE(${patch.label ?? null}::text, f.label), required = COALESCE(${patch.required ?? null}::boolean, f.required),
        "unique" = COALESCE(${patch.unique ?? null}::boolean, f."unique"), config = ${JSON.stringify(nextConfig)}::jsonb, updated_at = now()
    WHERE f.tenant_id = ${tenantId}::uuid AND f.id = ${field.id}::uuid
    RETURNING ${fieldDefColumns}`;
  return updated!;
}

/** Archived fields disappear from the API; their values stay stored and the name stays taken. */
export async function archiveFieldDefinition(tx: SqlTx, tenantId: string, objectApiName: string, fieldApiName: string): Promise<FieldDef> {
  await bumpSchemaVersion(tx, tenantId);
  const { field } = await getFieldOrThrow(tx, tenantId, objectApiName, fieldApiName);
  if (!field.custom) throw invalid("Built-in fields cannot be archived");
  const computed = await tx.$queryRaw<{ apiName: string; config: Prisma.JsonValue; objectApiName: string }[]>`
    SELECT f.api_name AS "apiName", f.config, o.api_name AS "objectApiName"
    FROM field_def f JOIN object_def o ON o.tenant_id = f.tenant_id AND o.id = f.object_id
    WHERE f.tenant_id = ${tenantId}::uuid AND f.archived_at IS NULL AND f.type IN ('formula', 'rollup')`;
  const users = computed.filter((f) => {
    const c = fieldConfigSchema.parse(f.config ?? {});
    if (c.formula && f.objectApiName === objectApiName) return new RegExp(`\\b${fieldApiName}\\b`).test(c.formula.expression);
    if (c.rollup)
      return c.rollup.childObject === objectApiName && (c.rollup.childField === fieldApiName || c.rollup.valueField === fieldApiName);
    return false;
  });
  if (users.length) throw invalid(`'${fieldApiName}' is used by ${users.map((f) => `${f.objectApiName}.${f.apiName}`).join(", ")}`);
  const [archived] = await tx.$queryRaw<FieldDef[]>`
    UPDATE field_def f SET archived_at = now(), updated_at = now()
    WHERE f.tenant_id = ${tenantId}::uuid AND f.id = ${field.id}::uuid
    RETURNING ${fieldDefColumns}`;
  return archived!;
}
