import type { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { fieldConfigSchema } from "@/lib/schemas/fields.ts";
import type { SchemaView } from "./field-rules.ts";

interface Row {
  apiName: string;
  fields: { apiName: string; type: string; config: Prisma.JsonValue }[];
}

/** The tenant's live objects and fields, loaded once for cross-object checks. */
export async function loadSchemaView(tx: SqlTx, tenantId: string): Promise<SchemaView> {
  const objects = await tx.$queryRaw<Row[]>`
    SELECT o.api_name AS "apiName",
      COALESCE((SELECT json_agg(json_build_object('apiName', f.api_name, 'type', f.type, 'config', f.config))
                FROM field_def f WHERE f.tenant_id = o.tenant_id AND f.object_id = o.id AND f.archived_at IS NULL), '[]'::json) AS fields
    FROM object_def o
    WHERE o.tenant_id = ${tenantId}::uuid AND o.archived_at IS NULL`;
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
