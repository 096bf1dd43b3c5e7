import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { countQuery, emptyTailQuery, pageQuery, presentCountQuery } from "./list-sql.ts";
import { cachedObjectId, type ObjectSchema } from "./object-schema.ts";
import type { ListQuery } from "./query/index.ts";
import { countedTotalQuery, isCountedPrefix, LIVE_RECORDS } from "./record-counts.ts";
import { findRecord, findRecordStatement, toStored, type RecordRow } from "./record-store.ts";
import { isPlainSearch, searchCountQuery, searchWalkQuery, walkableOrder } from "./search-sql.ts";
import { toApiRecords, type ApiRecord } from "./serialize.ts";

/**
 * The read getRecord will start with, for a raw object name and id, when the object's id is known
 * from earlier requests: prefetched with the credential check (Operation.prefetch).
 */
export function getRecordStatement(tenantId: string, apiName: unknown, id: unknown): Prisma.Sql | undefined {
  if (typeof apiName !== "string" || typeof id !== "string") return undefined;
  const objectId = cachedObjectId(tenantId, apiName);
  return objectId ? findRecordStatement(tenantId, objectId, id) : undefined;
}

export async function getRecordOrThrow(tx: SqlTx, tenantId: string, object: ObjectSchema, id: string): Promise<ApiRecord> {
  const [api] = await toApiRecords(tx, tenantId, object, [await findRecord(tx, { tenantId, objectId: object.id, id, what: "Record" })]);
  return api!;
}

export interface RecordPage {
  data: ApiRecord[];
  total: number;
  limit: number;
  offset: number;
}

const countOf = async (tx: SqlTx, sql: Prisma.Sql): Promise<number> => (await tx.$queryRaw<{ total: number }[]>(sql))[0]!.total;

/**
 * The page's rows. Ordered by a field, records with it empty follow the others (list-sql.ts pageQuery):
 * a page that reaches past the present values is completed from the empty ones, where as many of them
 * are skipped as the offset goes past the present values' end.
 */
async function pageRows(tx: SqlTx, tenantId: string, object: ObjectSchema, q: ListQuery): Promise<RecordRow[]> {
  const rows = await tx.$queryRaw<RecordRow[]>(pageQuery(tenantId, object, q));
  if (q.order.target.kind === "system" || rows.length === q.limit) return rows;
  // Fewer rows than asked: the present values end on this page (rows > 0, or offset 0), or before it.
  const present = rows.length > 0 || q.offset === 0 ? q.offset + rows.length : await countOf(tx, presentCountQuery(tenantId, object, q));
  const offset = Math.max(0, q.offset - present);
  return rows.concat(await tx.$queryRaw<RecordRow[]>(emptyTailQuery(tenantId, object, q, offset, q.limit - rows.length)));
}

/**
 * The statement reading the total of a list whose total the writes keep (record-counts.ts): every
 * live record of the object, or a search for one word of up to COUNTED_PREFIX_MAX letters; or every
 * live record stamped before an instant (keptTotalBefore).
 */
function keptTotal(tenantId: string, object: ObjectSchema, q: ListQuery): Prisma.Sql | undefined {
  if (q.trashed) return undefined;
  if (q.filters.length) return q.searchTerms.length ? undefined : keptTotalBefore(tenantId, object, q);
  const [term, ...more] = q.searchTerms;
  if (term === undefined) return countedTotalQuery(tenantId, object.id, LIVE_RECORDS);
  return !more.length && isCountedPrefix(term) ? countedTotalQuery(tenantId, object.id, term) : undefined;
}

/**
 * Every live record whose created_at or updated_at is before an instant — the data endpoint's
 * final changes (export-query.ts finalChangesOnly), where no other filter is sent — counted as the
 * object's kept total less the live records stamped at or past the instant: those written since,
 * a few, read along the column's index, rather than every record before it. Both stamps are never
 * empty, so the two parts make the whole; one statement, so both read one snapshot.
 */
function keptTotalBefore(tenantId: string, object: ObjectSchema, q: ListQuery): Prisma.Sql | undefined {
  const [bound, ...more] = q.filters;
  if (more.length || bound!.op !== "lt" || bound!.target.kind !== "system") return undefined;
  const { column } = bound!.target;
  if (column !== "created_at" && column !== "updated_at") return undefined;
  const since = countQuery(tenantId, object, { ...q, filters: [{ ...bound!, op: "gte" }] });
  return Prisma.sql`SELECT (k.total - s.total)::int AS total
    FROM (${countedTotalQuery(tenantId, object.id, LIVE_RECORDS)}) k, (${since}) s`;
}

/**
 * One page and the exact total of matches. A total the writes keep is read, not counted. Where
 * the engine has a second connection any other count runs on it alongside the page (the request
 * then takes the longer of the two, not their sum); otherwise it runs after the page, and not at
 * all when the page itself shows the end. A search with no filter has paths of its own
 * (plainSearchPage).
 */
export async function readRecordPage(
  tx: SqlTx,
  tenantId: string,
  object: ObjectSchema,
  q: ListQuery,
  search: SearchTuning = SEARCH_TUNING,
): Promise<RecordPage> {
  if (isPlainSearch(q)) return plainSearchPage(tx, tenantId, object, q, search);
  const kept = keptTotal(tenantId, object, q);
  if (kept) {
    const rows = await pageRows(tx, tenantId, object, q);
    const total = await countOf(tx, kept);
    return { data: await toApiRecords(tx, tenantId, object, rows.map(toStored)), total, limit: q.limit, offset: q.offset };
  }
  const count = countQuery(tenantId, object, q);
  const counted = tx.concurrently?.((other) => countOf(other, count));
  // A rejected count must not go unobserved while the page is read; it is awaited below.
  counted?.catch(() => undefined);
  const rows = await pageRows(tx, tenantId, object, q);
  const endShown = rows.length < q.limit && (q.offset === 0 || rows.length > 0);
  const total = counted ? await counted : endShown ? q.offset + rows.length : await countOf(tx, count);
  return { data: await toApiRecords(tx, tenantId, object, rows.map(toStored)), total, limit: q.limit, offset: q.offset };
}

/**
 * How a plain search reads its page. Below `walkFrom` matches it looks its matches up (a few
 * milliseconds); from there on, a page in a time order walks the object's records (search-sql.ts),
 * which fills a page sooner the broader the search, reading at most `walkReach` records before the
 * page is left to the lookup.
 */
export interface SearchTuning {
  walkFrom: number;
  walkReach: number;
}
export const SEARCH_TUNING: Readonly<SearchTuning> = Object.freeze({ walkFrom: 1_000, walkReach: 10_000 });

/**
 * A search with no filter (search-sql.ts): the total first, from the name tokens, which then
 * chooses how to read the page. A walk that ends short of a full page without accounting for
 * every match stopped at its reach, and the page is read by lookup instead.
 */
async function plainSearchPage(tx: SqlTx, tenantId: string, object: ObjectSchema, q: ListQuery, search: SearchTuning): Promise<RecordPage> {
  const total = await countOf(tx, keptTotal(tenantId, object, q) ?? searchCountQuery(tenantId, object.id, q.searchTerms));
  const order = walkableOrder(q);
  let rows: RecordRow[] | undefined = q.offset >= total ? [] : undefined;
  if (!rows && order && total >= search.walkFrom) {
    const walked = await tx.$queryRaw<RecordRow[]>(searchWalkQuery(tenantId, object.id, q, order, search.walkReach));
    if (walked.length === q.limit || q.offset + walked.length >= total) rows = walked;
  }
  rows ??= await pageRows(tx, tenantId, object, q);
  return { data: await toApiRecords(tx, tenantId, object, rows.map(toStored)), total, limit: q.limit, offset: q.offset };
}
