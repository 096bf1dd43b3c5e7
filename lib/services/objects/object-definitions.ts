import type { z } from "zod";
import type { Tx } from "@/lib/db/tenant.ts";
import { AppError, invalid } from "@/lib/errors/app-error.ts";
import { fieldConfigSchema } from "@/lib/schemas/fields.ts";
import type { objectInputSchema, objectUpdateSchema } from "@/lib/schemas/objects.ts";
import { getObjectOrThrow } from "./object-lookup.ts";
import { bumpSchemaVersion } from "./schema-version.ts";

export async function insertObjectDefinition(tx: Tx, tenantId: string, input: z.output<typeof objectInputSchema>) {
  await bumpSchemaVersion(tx, tenantId);
  const taken = await tx.objectDef.findUnique({ where: { tenantId_apiName: { tenantId, apiName: input.apiName } } });
  if (taken)
    throw new AppError(
      "invalid_request",
      `apiName: an object named '${input.apiName}' already exists${taken.archivedAt ? " (archived)" : ""}`,
    );
  const object = await tx.objectDef.create({ data: { tenantId, ...input, custom: true } });
  // Every object has a name: it is what search and record titles use.
  await tx.fieldDef.create({
    data: { tenantId, objectId: object.id, apiName: "name", label: "Name", type: "text", required: true, custom: false, position: 0 },
  });
  return object;
}

export async function updateObjectDefinition(tx: Tx, tenantId: string, apiName: string, patch: z.output<typeof objectUpdateSchema>) {
  await bumpSchemaVersion(tx, tenantId);
  const object = await getObjectOrThrow(tx, tenantId, apiName);
  return tx.objectDef.update({ where: { tenantId_id: { tenantId, id: object.id } }, data: patch });
}

/** Archiving hides a custom object everywhere; its records and definition are kept. */
export async function archiveObjectDefinition(tx: Tx, tenantId: string, apiName: string) {
  await bumpSchemaVersion(tx, tenantId);
  const object = await getObjectOrThrow(tx, tenantId, apiName);
  if (!object.custom) throw invalid("Built-in objects cannot be archived");
  // Lookups and rollups of other objects that would point at nothing.
  const dependents = await tx.fieldDef.findMany({
    where: { tenantId, archivedAt: null, type: { in: ["lookup", "rollup"] }, object: { archivedAt: null, id: { not: object.id } } },
    include: { object: { select: { apiName: true } } },
  });
  const referencing = dependents.filter((f) => {
    const c = fieldConfigSchema.parse(f.config ?? {});
    return c.targetObject === apiName || c.rollup?.childObject === apiName;
  });
  if (referencing.length) {
    throw invalid(
      `Archive the fields that point to '${apiName}' first: ${referencing.map((f) => `${f.object.apiName}.${f.apiName}`).join(", ")}`,
    );
  }
  return tx.objectDef.update({ where: { tenantId_id: { tenantId, id: object.id } }, data: { archivedAt: new Date() } });
}
