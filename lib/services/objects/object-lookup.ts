import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import { DEFAULT_CURRENCY_SCALE, fieldConfigSchema, READ_ONLY_TYPES, type FieldDescription, type FieldType } from "@/lib/schemas/fields.ts";

/** An object_def row. */
export interface ObjectDef {
  tenantId: string;
  id: string;
  apiName: string;
  label: string;
  pluralLabel: string;
  description: string;
  custom: boolean;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A field_def row. */
export interface FieldDef {
  tenantId: string;
  id: string;
  objectId: string;
  apiName: string;
  label: string;
  type: string;
  required: boolean;
  unique: boolean;
  custom: boolean;
  position: number;
  config: Prisma.JsonValue;
  slot: string | null;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A live field of an object as findObject gives it: no timestamps, which json_agg would turn into strings. */
export type LiveField = Omit<FieldDef, "archivedAt" | "createdAt" | "updatedAt">;

export type ObjectWithFields = ObjectDef & { fields: LiveField[] };

/** object_def columns as ObjectDef, of `o`. */
export const objectDefColumns = Prisma.sql`o.tenant_id::text AS "tenantId", o.id::text, o.api_name AS "apiName", o.label,
  o.plural_label AS "pluralLabel", o.description, o.custom, o.archived_at AS "archivedAt", o.created_at AS "createdAt", o.updated_at AS "updatedAt"`;

const liveFieldColumns = Prisma.sql`f.tenant_id::text AS "tenantId", f.id::text, f.object_id::text AS "objectId", f.api_name AS "apiName",
  f.label, f.type, f.required, f."unique", f.custom, f.position, f.config, f.slot`;

/** field_def columns as FieldDef, of `f`. */
export const fieldDefColumns = Prisma.sql`${liveFieldColumns}, f.archived_at AS "archivedAt", f.created_at AS "createdAt", f.updated_at AS "updatedAt"`;

/** What describeField reads of a field_def row. */
export type FieldRow = Pick<FieldDef, "apiName" | "label" | "type" | "required" | "unique" | "custom"> & { config: unknown };

export function describeField(f: FieldRow): FieldDescription {
  const type = f.type as FieldType;
  const config = fieldConfigSchema.parse(f.config ?? {});
  const out: FieldDescription = {
    apiName: f.apiName,
    label: f.label,
    type,
    required: f.required,
    unique: f.unique,
    readOnly: READ_ONLY_TYPES.has(type),
    custom: f.custom,
  };
  if (config.options) out.options = config.options;
  if (config.targetObject) out.targetObject = config.targetObject;
  if (config.formula) out.formula = config.formula;
  if (config.rollup) out.rollup = config.rollup;
  // Every currency field gets its scale when created (field-rules.ts; migration currency_scale for older ones).
  if (type === "currency") out.scale = config.scale ?? DEFAULT_CURRENCY_SCALE;
  return out;
}

/** A live object with its live fields, ordered by position, then apiName. */
export async function findObject(tx: SqlTx, tenantId: string, apiName: string): Promise<ObjectWithFields | null> {
  const rows = await tx.$queryRaw<ObjectWithFields[]>`
    SELECT ${objectDefColumns},
      COALESCE((SELECT json_agg(lf ORDER BY lf.position, lf."apiName")
                FROM (SELECT ${liveFieldColumns} FROM field_def f
                      WHERE f.tenant_id = o.tenant_id AND f.object_id = o.id AND f.archived_at IS NULL) lf), '[]'::json) AS fields
    FROM object_def o
    WHERE o.tenant_id = ${tenantId}::uuid AND o.api_name = ${apiName} AND o.archived_at IS NULL`;
  return rows[0] ?? null;
}

export async function getObjectOrThrow(tx: SqlTx, tenantId: string, apiName: string): Promise<ObjectWithFields> {
  const object = await findObject(tx, tenantId, apiName);
  if (!object) throw notFound(`Object '${apiName}'`);
  return object;
}
