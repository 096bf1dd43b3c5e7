import type { Tx } from "@/lib/db/tenant.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import { DEFAULT_CURRENCY_SCALE, fieldConfigSchema, READ_ONLY_TYPES, type FieldDescription, type FieldType } from "@/lib/schemas/fields.ts";

type FieldRow = {
  apiName: string;
  label: string;
  type: string;
  required: boolean;
  unique: boolean;
  custom: boolean;
  config: unknown;
};

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

const activeFields = { where: { archivedAt: null }, orderBy: [{ position: "asc" as const }, { apiName: "asc" as const }] };

export async function findObject(tx: Tx, tenantId: string, apiName: string) {
  return tx.objectDef.findFirst({ where: { tenantId, apiName, archivedAt: null }, include: { fields: activeFields } });
}

export async function getObjectOrThrow(tx: Tx, tenantId: string, apiName: string) {
  const object = await findObject(tx, tenantId, apiName);
  if (!object) throw notFound(`Object '${apiName}'`);
  return object;
}
