import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { DEFAULT_CURRENCY_SCALE, type FieldConfig, type FieldDescription } from "@/lib/schemas/fields.ts";
import { evaluateFormula, parseFormula, type ParsedFormula } from "@/lib/services/objects/formula/index.ts";
import { slotColumn } from "@/lib/services/objects/slot-columns.ts";
import { withScale } from "./values/index.ts";

type FieldRow = Pick<FieldDescription, "apiName" | "type" | "formula" | "rollup">;

export interface RecordValues {
  id: string;
  data: Record<string, unknown>;
}

const parsedFormulas = new Map<string, ParsedFormula>();
function parsed(expression: string): ParsedFormula {
  let f = parsedFormulas.get(expression);
  if (!f) {
    f = parseFormula(expression);
    parsedFormulas.set(expression, f);
  }
  return f;
}

type Rollup = NonNullable<FieldConfig["rollup"]>;

interface ChildFields {
  objectId: string;
  link: { id: string; slot: string | null };
  valueType: string | undefined;
  /** Decimal places of a currency value field. */
  valueScale: number;
}

/** The child object and the fields a rollup reads, or undefined when they no longer exist. */
async function childFields(tx: SqlTx, tenantId: string, rollup: Rollup): Promise<ChildFields | undefined> {
  const rows = await tx.$queryRaw<
    { object_id: string; id: string; api_name: string; type: string; slot: string | null; scale: number | null }[]
  >`
    SELECT o.id::text AS object_id, f.id::text, f.api_name, f.type, f.slot, (f.config->>'scale')::int AS scale
    FROM field_def f JOIN object_def o ON o.tenant_id = f.tenant_id AND o.id = f.object_id
    WHERE f.tenant_id = ${tenantId}::uuid AND o.api_name = ${rollup.childObject} AND f.api_name = ANY(${[rollup.childField, rollup.valueField ?? ""]}::text[])
      AND f.archived_at IS NULL AND o.archived_at IS NULL`;
  const link = rows.find((r) => r.api_name === rollup.childField);
  if (!link) return undefined;
  const value = rows.find((r) => r.api_name === rollup.valueField);
  return {
    objectId: link.object_id,
    link: { id: link.id, slot: link.slot },
    valueType: value?.type,
    valueScale: value?.scale ?? DEFAULT_CURRENCY_SCALE,
  };
}

/**
 * The children pointing at these parents, found through the lookup's index (its slot column or
 * its record_value rows) — never by reading the JSON of every child record.
 */
function childCondition(tenantId: string, link: ChildFields["link"], parentIds: string[]): Prisma.Sql {
  if (link.slot !== null) return Prisma.sql`${slotColumn({ slot: link.slot })} = ANY(${parentIds}::text[])`;
  return Prisma.sql`r.id IN (SELECT v.record_id FROM record_value v WHERE v.tenant_id = ${tenantId}::uuid AND v.field_id = ${link.id}::uuid AND v.value_text = ANY(${parentIds}::text[]))`;
}

/**
 * One aggregate query per rollup field for all the given parents. Sums of currency stay exact:
 * PostgreSQL adds them as numeric and returns text, written with the currency field's scale (an
 * average is rounded to it). Values that are not numbers are skipped.
 */
async function rollupValues(tx: SqlTx, tenantId: string, rollup: Rollup, parentIds: string[]): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const child = await childFields(tx, tenantId, rollup);
  if (!child) return out;
  const valueField = rollup.valueField ?? "";
  const exact = child.valueType === "currency";
  const rows = await tx.$queryRaw<
    { parent: string; n: number; total: string | null; low: string | null; high: string | null; mean: string | null }[]
  >`
    WITH v AS (
      SELECT lower(r.data->>${rollup.childField}) AS parent,
             CASE WHEN (r.data->>${valueField}) ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN (r.data->>${valueField})::numeric END AS value
      FROM record r
      WHERE r.tenant_id = ${tenantId}::uuid AND r.object_id = ${child.objectId}::uuid AND r.deleted_at IS NULL
        AND ${childCondition(
          tenantId,
          child.link,
          parentIds.map((id) => id.toLowerCase()),
        )})
    SELECT parent, count(*)::int AS n, sum(value)::text AS total, min(value)::text AS low, max(value)::text AS high,
           round(avg(value), ${exact ? child.valueScale : 2}::int)::text AS mean
    FROM v GROUP BY parent`;
  for (const row of rows) {
    const raw = { count: row.n, sum: row.total, min: row.low, max: row.high, avg: row.mean }[rollup.aggregate];
    out.set(row.parent, typeof raw !== "string" ? raw : exact ? withScale(raw, child.valueScale) : Number(raw));
  }
  return out;
}

/**
 * Fills in an object's read-only fields on the given records: formulas from the record's own
 * values, rollups by aggregating child records that point at it. Records created in this very
 * transaction (`fresh`) cannot have children yet, so their rollups are empty without asking.
 * Mutates `records`.
 */
export async function computeFields(
  tx: SqlTx,
  tenantId: string,
  fields: FieldRow[],
  records: RecordValues[],
  opts: { fresh?: boolean } = {},
): Promise<void> {
  if (!records.length) return;
  const types = Object.fromEntries(fields.map((f) => [f.apiName, f.type]));
  for (const field of fields) {
    if (field.type === "formula" && field.formula) {
      const formula = parsed(field.formula.expression);
      for (const r of records) r.data[field.apiName] = evaluateFormula(formula, r.data, types);
    } else if (field.type === "rollup" && field.rollup) {
      const values = opts.fresh
        ? new Map<string, unknown>()
        : await rollupValues(
            tx,
            tenantId,
            field.rollup,
            records.map((r) => r.id),
          );
      const empty = field.rollup.aggregate === "count" ? 0 : null;
      for (const r of records) r.data[field.apiName] = values.get(r.id.toLowerCase()) ?? empty;
    }
  }
}
