import type { Tx } from "@/lib/db/tenant.ts";
import { fieldConfigSchema } from "@/lib/schemas/fields.ts";
import type { SchemaView } from "./field-rules.ts";

/** The tenant's live objects and fields, loaded once for cross-object checks. */
export async function loadSchemaView(tx: Tx, tenantId: string): Promise<SchemaView> {
  const objects = await tx.objectDef.findMany({
    where: { tenantId, archivedAt: null },
    select: { apiName: true, fields: { where: { archivedAt: null }, select: { apiName: true, type: true, config: true } } },
  });
  const byName = new Map(
    objects.map((o) => [
      o.apiName,
      new Map(o.fields.map((f) => [f.apiName, { type: f.type, targetObject: fieldConfigSchema.parse(f.config ?? {}).targetObject }])),
    ]),
  );
  return {
    objectExists: (name) => byName.has(name),
    fieldsOf: (name) => byName.get(name) ?? new Map(),
  };
}
