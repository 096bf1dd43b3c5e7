import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { whereClause } from "../list-sql.ts";
import type { ObjectSchema } from "../object-schema.ts";
import { RECORD_COLUMNS, toStored, type RecordRow } from "../record-store.ts";
import { toApiRecords } from "../serialize.ts";
import type { ExportQuery } from "./export-query.ts";

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
 * Flattened rows for BI and sync, newest change first (updated_at DESC, id DESC: a total order,
 * so offset pages of one snapshot neither skip nor repeat). Trashed records are left out.
 */
export async function exportRecords(tx: SqlTx, tenantId: string, object: ObjectSchema, q: ExportQuery) {
  const conditions = [whereClause(tenantId, object, { filters: q.filters, searchTerms: [], trashed: false })];
  if (q.updatedSince) conditions.push(Prisma.sql`r.updated_at > ${q.updatedSince}::timestamptz`);
  if (q.createdSince) conditions.push(Prisma.sql`r.created_at > ${q.createdSince}::timestamptz`);
  const where = Prisma.join(conditions, " AND ");
  const rows = await tx.$queryRaw<RecordRow[]>`
    SELECT ${RECORD_COLUMNS} FROM record r
    WHERE ${where} ORDER BY r.updated_at DESC, r.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`;
  const [{ total }] = (await tx.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM record r WHERE ${where}`) as [{ total: number }];
  const records = await toApiRecords(tx, tenantId, object, rows.map(toStored));
  const columns = [...FIXED, ...object.fields.map((f) => ({ name: f.apiName, type: columnType(f) }))];
  return {
    object: object.apiName,
    columns,
    page: q.page,
    pageSize: q.pageSize,
    total,
    rows: records.map((r) => Object.fromEntries(columns.map((c) => [c.name, flat(r[c.name] ?? null)]))),
  };
}
