import { Prisma } from "@/lib/db/generated/client.ts";
import type { ListQuery } from "./query/index.ts";
import { RECORD_COLUMNS } from "./record-store.ts";
import { direction, searchMatches, tokenPrefix } from "./list-sql.ts";

/**
 * A search with no filter, over live records: the common "find by name" list, and the one whose
 * matches can be a large part of an object (every name with a word starting "m"). Its total and
 * page are read without visiting each match (storage.md, "Search at scale"):
 * - the total counts the distinct records among the name tokens in the terms' ranges (index-only
 *   on record_token's primary key), less the trashed ones (the small partial `record_trashed_idx`);
 * - a page in a time order walks the object's records along that order's index and probes each
 *   one's tokens (`record_token (tenant_id, record_id, token)`), stopping once the page is full. A
 *   broad search fills a page after a few hundred records; a narrow one is left to the matches'
 *   lookup (list-sql.ts), which reads only its few matches.
 */
export type SearchOrder = "created_at" | "updated_at";

export function isPlainSearch(q: ListQuery): boolean {
  return q.searchTerms.length > 0 && q.filters.length === 0 && !q.trashed;
}

/** The time order a walk can follow, if the list has one (each has an index `(tenant_id, object_id, <order>, id)`). */
export function walkableOrder(q: ListQuery): SearchOrder | undefined {
  const t = q.order.target;
  return t.kind === "system" && (t.column === "created_at" || t.column === "updated_at") ? t.column : undefined;
}

/**
 * The total of a plain search. `NOT IN` over the object's trash is a hashed subplan: the trash
 * is read once from its partial index, and each match is checked against it in memory.
 */
export function searchCountQuery(tenantId: string, objectId: string, terms: string[]): Prisma.Sql {
  return Prisma.sql`WITH m AS MATERIALIZED (${searchMatches(tenantId, objectId, terms)})
    SELECT count(*)::int AS total FROM m WHERE m.record_id NOT IN (
      SELECT r.id FROM record r WHERE r.tenant_id = ${tenantId}::uuid AND r.object_id = ${objectId}::uuid AND r.deleted_at IS NOT NULL)`;
}

/**
 * A page of a plain search along a time order: the object's live records in that order, at most
 * `reach` of them, each kept if every term starts one of its name's words. The probe is a
 * correlated subquery per record (OFFSET 0 keeps the planner from turning it into a join that
 * reads every token in the range first). Fewer rows than the page asks for mean either the end
 * of the matches or a walk that stopped at `reach`: the caller tells them apart by the total.
 */
export function searchWalkQuery(tenantId: string, objectId: string, q: ListQuery, order: SearchOrder, reach: number): Prisma.Sql {
  const dir = direction(q);
  const key = Prisma.raw(`r.${order}`);
  const probes = q.searchTerms.map(
    (term) =>
      Prisma.sql`EXISTS (SELECT 1 FROM record_token t WHERE t.tenant_id = ${tenantId}::uuid AND t.record_id = r.id AND ${tokenPrefix(term)} OFFSET 0)`,
  );
  return Prisma.sql`SELECT ${RECORD_COLUMNS} FROM (
      SELECT * FROM record r WHERE r.tenant_id = ${tenantId}::uuid AND r.object_id = ${objectId}::uuid AND r.deleted_at IS NULL
      ORDER BY ${key} ${dir}, r.id ${dir} LIMIT ${reach}) r
    WHERE ${Prisma.join(probes, " AND ")}
    ORDER BY ${key} ${dir}, r.id ${dir} LIMIT ${q.limit} OFFSET ${q.offset}`;
}
