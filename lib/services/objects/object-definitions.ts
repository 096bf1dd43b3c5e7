import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError, invalid, notFound } from "@/lib/errors/app-error.ts";
import { fieldConfigSchema } from "@/lib/schemas/fields.ts";
import type { objectInputSchema, objectUpdateSchema } from "@/lib/schemas/objects.ts";
import { getObjectOrThrow, objectDefColumns, type ObjectDef } from "./object-lookup.ts";
import { bumpSchemaVersion } from "./schema-version.ts";

export async function insertObjectDefinition(tx: SqlTx, tenantId: string, input: z.output<typeof objectInputSchema>): Promise<ObjectDef> {
  await bumpSchemaVersion(tx, tenantId);
  const [taken] = await tx.$queryRaw<{ archivedAt: Date | null }[]>`
    SELECT archived_at AS "archivedAt" FROM object_def WHERE tenant_id = ${tenantId}::uuid AND api_name = ${input.apiName}`;
  if (taken)
    throw new AppError(
      "invalid_request",
      `apiName: an object named '${input.apiName}' already exists${taken.archivedAt ? " (archived)" : ""}`,
    );
  const [object] = await tx.$queryRaw<ObjectDef[]>`
    INSERT INTO object_def AS o (tenant_id, id, api_name, label, plural_label, description, custom)
    VALUES (${tenantId}::uuid, ${randomUUID()}::uuid, ${input.apiName}, ${input.label}, ${input.pluralLabel}, ${input.description}, true)
    RETURNING ${objectDefColumns}`;
  // Every object has a name: it is what search and record titles use.
  await tx.$executeRaw`
    INSERT INTO field_def (tenant_id, id, object_id, api_name, label, type, required, custom, position)
    VALUES (${tenantId}::uuid, ${randomUUID()}::uuid, ${object!.id}::uuid, 'name', 'Name', 'text', true, false, 0)`;
  return object!;
}

export async function updateObjectDefinition(
  tx: SqlTx,
  tenantId: string,
  apiName: string,
  patch: z.output<typeof objectUpdateSchema>,
): Promise<ObjectDef> {
  await bumpSchemaVersion(tx, tenantId);
  // An absent change keeps the column's value.
  const [object] = await tx.$queryRaw<ObjectDef[]>`
    UPDATE object_def o
    SET label = COALESCE(${patch.label ?? null}::text, o.label), plural_label = COALESCE(${patch.pluralLabel ?? null}::text, o.plural_label),
        description = COALESCE(${patch.description ?? null}::text, o.description), updated_at = now()
    WHERE o.tenant_id = ${tenantId}::uuid AND o.api_name = ${apiName} AND o.archived_at IS NULL
    RETURNING ${objectDefColumns}`;
  if (!object) throw notFound(`Object '${apiName}'`);
  return object;
}

/** Archiving hides a custom object everywhere; its records and definition are kept. */
export async function archiveObjectDefinition(tx: SqlTx, tenantId: string, apiName: string): Promise<ObjectDef> {
  await bumpSchemaVersion(tx, tenantId);
  const object = await getObjectOrThrow(tx, tenantId, apiName);
  if (!object.custom) throw invalid("Built-in objects cannot be archived");
  // Lookups and rollups of other objects that would point at nothing.
  const dependents = await tx.$queryRaw<{ apiName: string; config: Prisma.JsonValue; objectApiName: string }[]>`
    SELECT f.api_name AS "apiName", f.config, o.api_name AS "objectApiName"
    FROM field_def f JOIN object_def o ON o.tenant_id = f.tenant_id AND o.id = f.object_id
    WHERE f.tenant_id = ${tenantId}::uuid AND f.archived_at IS NULL AND f.type IN ('lookup', 'rollup')
      AND o.archived_at IS NULL AND o.id <> ${object.id}::uuid`;
  const referencing = dependents.filter((f) => {
    const c = fieldConfigSchema.parse(f.config ?? {});
    return c.targetObject === apiName || c.rollup?.childObject === apiName;
  });
  if (referencing.length) {
    throw invalid(
      `Archive the fields that point to '${apiName}' first: ${referencing.map((f) => `${f.objectApiName}.${f.apiName}`).join(", ")}`,
    );
  }
  const [archived] = await tx.$queryRaw<ObjectDef[]>`
    UPDATE object_def o SET archived_at = now(), updated_at = now()
    WHERE o.tenant_id = ${tenantId}::uuid AND o.id = ${object.id}::uuid
    RETURNING ${objectDefColumns}`;
  return archived!;
}
