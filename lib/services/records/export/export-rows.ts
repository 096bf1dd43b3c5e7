import type { SqlTx } from "@/lib/db/tenant.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import type { ObjectSchema } from "../object-schema.ts";
import { readRecordPage } from "../read-records.ts";
import { readChangeHorizon } from "../change-stamp.ts";
import { finalChangesOnly, type ExportQuery } from "./export-query.ts";
import { ownValue } from "@/lib/schemas/names.ts";

export interface Column {
  name: string;
  type: string;
}

const FIXED: Column[] = [
  { name: "id", type: "uuid" },
  { name: "created_at", type: "datetime" },
  { name: "updated_at", type: "datetime" },
  { name: "owner_id", type: "uuid" },
];

/** What a BI tool should read the column as: computed fields by their result. */
function columnType(f: FieldDescription): string {
  if (f.formula) return f.formula.resultType;
  if (f.rollup) return f.rollup.aggregate === "count" ? "number" : "decimal";
  return f.type;
}

/** Flat cells: multiselect values joined with ";" like a spreadsheet cell. */
const flat = (v: unknown): unknown => (Array.isArray(v) ? v.join(";") : v);

/**
 * Flattened rows for BI and sync, newest change first; trashed records are left out, and so are
 * changes not yet final (finalChangesOnly), which a later call returns.
 */
export async function readExportRows(tx: SqlTx, tenantId: string, object: ObjectSchema, q: ExportQuery) {
  const horizon = await readChangeHorizon(tx, tenantId);
  const { data, total } = await readRecordPage(tx, tenantId, object, finalChangesOnly(q, horizon));
  const columns = [...FIXED, ...object.fields.map((f) => ({ name: f.apiName, type: columnType(f) }))];
  return {
    object: object.apiName,
    columns,
    page: q.page,
    pageSize: q.pageSize,
    total,
    rows: data.map((r) => Object.fromEntries(columns.map((c) => [c.name, flat(ownValue(r, c.name) ?? null)]))),
  };
}
