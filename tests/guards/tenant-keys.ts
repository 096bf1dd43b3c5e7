/**
 * The rules a table must follow to be distributed by tenant (Citus `create_distributed_table(t,
 * 'tenant_id')`, or one database per group of tenants): a node can enforce a primary key or unique
 * index only if tenant_id is among its key columns, and a foreign key only if both rows live on the
 * same node, i.e. the key maps tenant_id to tenant_id. A table without tenant_id becomes a
 * reference table (copied to every node): tenant tables may point at it, it may not point at them.
 */

/** What the rules read from the database catalog. */
export interface TenantCatalog {
  /** Base tables of the schema, each with whether it has a tenant_id column. */
  tables: { name: string; tenant: boolean }[];
  /** Primary keys and unique indexes, by their key columns (INCLUDE columns left out). */
  uniques: { table: string; name: string; primary: boolean; columns: string[] }[];
  /** Foreign keys, columns paired by position. */
  foreignKeys: { table: string; name: string; columns: string[]; refTable: string; refColumns: string[] }[];
}

/** One rule broken, named as `table.constraint` so that exceptions can be listed by that name. */
export interface TenantKeyViolation {
  object: string;
  problem: string;
}

export const TENANT_COLUMN = "tenant_id";

export function tenantKeyViolations(catalog: TenantCatalog): TenantKeyViolation[] {
  const tenantTables = new Set(catalog.tables.filter((t) => t.tenant).map((t) => t.name));
  const violations: TenantKeyViolation[] = [];
  for (const key of catalog.uniques) {
    if (!tenantTables.has(key.table) || key.columns.includes(TENANT_COLUMN)) continue;
    const kind = key.primary ? "primary key" : "unique index";
    violations.push({ object: `${key.table}.${key.name}`, problem: `${kind} (${key.columns.join(", ")}) lacks ${TENANT_COLUMN}` });
  }
  for (const fk of catalog.foreignKeys) {
    const from = tenantTables.has(fk.table);
    const to = tenantTables.has(fk.refTable);
    const object = `${fk.table}.${fk.name}`;
    if (!from && to) {
      violations.push({ object, problem: `a table without ${TENANT_COLUMN} references tenant table ${fk.refTable}` });
    } else if (from && to && !fk.columns.some((c, i) => c === TENANT_COLUMN && fk.refColumns[i] === TENANT_COLUMN)) {
      const pairs = fk.columns.map((c, i) => `${c} → ${fk.refTable}.${fk.refColumns[i]}`).join(", ");
      violations.push({ object, problem: `foreign key (${pairs}) does not map ${TENANT_COLUMN} to ${TENANT_COLUMN}` });
    }
  }
  return violations;
}

type Query = <T>(sql: string) => Promise<T[]>;

/** Reads the catalog of the current schema (pg_catalog: the same on PostgreSQL and PGlite). */
export async function readTenantCatalog(query: Query): Promise<TenantCatalog> {
  const tables = await query<{ name: string; tenant: boolean }>(`
    SELECT c.relname AS name,
           EXISTS (SELECT 1 FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attname = '${TENANT_COLUMN}' AND a.attnum > 0 AND NOT a.attisdropped) AS tenant
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`);
  // Only the first indnkeyatts columns take part in uniqueness; an expression column (0) has no name.
  const uniques = await query<{ table: string; name: string; primary: boolean; columns: string[] }>(`
    SELECT t.relname AS table, i.relname AS name, x.indisprimary AS primary,
           ARRAY(SELECT coalesce(a.attname::text, '(expression)')
                 FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, pos)
                 LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                 WHERE k.pos <= x.indnkeyatts ORDER BY k.pos) AS columns
    FROM pg_index x
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema() AND x.indisunique`);
  const foreignKeys = await query<TenantCatalog["foreignKeys"][number]>(`
    SELECT t.relname AS table, con.conname AS name, r.relname AS "refTable",
           ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, pos)
                 JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.pos) AS columns,
           ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, pos)
                 JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.pos) AS "refColumns"
    FROM pg_constraint con
    JOIN pg_class t ON t.oid = con.conrelid
    JOIN pg_class r ON r.oid = con.confrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema() AND con.contype = 'f'`);
  return { tables, uniques, foreignKeys };
}
