import { assertObjectAccess } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import { preparedByText, type SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { DEFAULT_LIMIT } from "@/lib/schemas/paging.ts";
import { activityListSchema, type ActivityListParams, type ActivityPage } from "@/lib/schemas/activities.ts";
import { COLUMNS, toApi, type ActivityRow } from "./activities.ts";
import { mayRead, unreadableObjects } from "./linked-record.ts";

/**
 * Qualified with the table: the select list (COLUMNS) names its text casts like the columns, and an
 * unqualified `id` in ORDER BY would be the output's text, which no index orders — every activity
 * of a timeline was read and sorted for a page of 50.
 */
const ORDER_COLUMNS: Record<string, Prisma.Sql> = {
  created_at: Prisma.raw("activity.created_at"),
  updated_at: Prisma.raw("activity.updated_at"),
  due_at: Prisma.raw("activity.due_at"),
  completed_at: Prisma.raw("activity.completed_at"),
};

/**
 * Empty due and completion times come last in both directions. created_at and updated_at are never
 * empty, and say nothing of nulls so that a descending order is the index read backwards.
 */
const NULLABLE = new Set(["due_at", "completed_at"]);

/** The filters; `me` is the caller (unknown before authentication, when `userId` is undefined). */
function conditions(tenantId: string, userId: string | undefined, q: ActivityListParams, unreadable: string[]): Prisma.Sql {
  const where = [Prisma.sql`tenant_id = ${tenantId}::uuid`];
  if (q.recordId !== undefined) where.push(Prisma.sql`record_id = ${q.recordId}::uuid`);
  // Activities on records the caller may not read are left out (a timeline is checked as a whole).
  if (unreadable.length) where.push(Prisma.sql`object_api_name <> ALL(${unreadable}::text[])`);
  if (q.type !== undefined) where.push(Prisma.sql`type = ${q.type}`);
  if (q.assignee !== undefined) where.push(Prisma.sql`assignee_id = ${q.assignee === "me" ? userId : q.assignee}::uuid`);
  if (q.status === "open") where.push(Prisma.sql`completed_at IS NULL`);
  if (q.status === "completed") where.push(Prisma.sql`completed_at IS NOT NULL`);
  if (q.status === "overdue") where.push(Prisma.sql`completed_at IS NULL AND due_at < now()`);
  if (q.due_before !== undefined) where.push(Prisma.sql`due_at < ${q.due_before}::timestamptz`);
  if (q.due_after !== undefined) where.push(Prisma.sql`due_at > ${q.due_after}::timestamptz`);
  return Prisma.join(where, " AND ");
}

function pageQuery(where: Prisma.Sql, q: ActivityListParams): Prisma.Sql {
  const [field, direction] = q.order.split(":") as [string, "asc" | "desc"];
  const dir = Prisma.raw(direction === "asc" ? "ASC" : "DESC");
  return Prisma.sql`
    SELECT ${COLUMNS} FROM activity WHERE ${where}
    ORDER BY ${ORDER_COLUMNS[field]!} ${dir}${NULLABLE.has(field) ? Prisma.sql` NULLS LAST` : Prisma.empty}, activity.id ${dir}
    LIMIT ${q.limit} OFFSET ${q.offset}`;
}

/**
 * A record's timeline in one statement: the record (live, of the named object if one is named)
 * with its object, the page of its activities beside it and their total; no row when there is no
 * such record.
 * One statement so that it can ride with the credential lookup (Operation.prefetch).
 */
function timelineStatement(tenantId: string, userId: string | undefined, q: ActivityListParams & { recordId: string }): Prisma.Sql {
  const where = conditions(tenantId, userId, q, []);
  // The total is computed once (an uncorrelated subquery), from the timeline's index range.
  return preparedByText(Prisma.sql`
    SELECT o.api_name AS record_object, (SELECT count(*)::int FROM activity WHERE ${where}) AS total, a.*
    FROM record r JOIN object_def o ON o.tenant_id = r.tenant_id AND o.id = r.object_id
    LEFT JOIN LATERAL (${pageQuery(where, q)}) a ON true
    WHERE r.tenant_id = ${tenantId}::uuid AND r.id = ${q.recordId}::uuid AND o.archived_at IS NULL AND r.deleted_at IS NULL
      ${q.objectApiName !== undefined ? Prisma.sql`AND o.api_name = ${q.objectApiName}` : Prisma.empty}`);
}

/**
 * The timeline statement for a raw input, guessed before the credential is checked (its answer is
 * used only after). Only the plain first page of a timeline, newest first, at most 50: the page and
 * the count of one record's activities, both in that record's index range, which a caller with a
 * wrong key cannot make more expensive (no offsets, no filters, no other order).
 */
export function timelinePrefetch(tenantId: string, raw: Record<string, unknown>): Prisma.Sql | undefined {
  const parsed = activityListSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const q = parsed.data;
  const plain = q.offset === 0 && q.limit <= DEFAULT_LIMIT && q.order === "created_at:desc";
  const filtered = [q.type, q.assignee, q.status, q.due_before, q.due_after].some((v) => v !== undefined);
  if (q.recordId === undefined || !plain || filtered) return undefined;
  return timelineStatement(tenantId, undefined, { ...q, recordId: q.recordId });
}

async function countOf(tx: SqlTx, where: Prisma.Sql): Promise<number> {
  return (await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM activity WHERE ${where}`)[0]!.n;
}

/**
 * A record's timeline (recordId) or the tenant's latest activities, filtered, ordered, paged, with
 * the exact total. The timeline walks (tenant, record, created_at, id), the tenant's list (tenant,
 * created_at, id). A timeline names its object or not: named, its scope is checked first (403, as
 * for records); either way a record of an object the caller may not read is as unknown as a
 * missing one (404), so the answer never tells which ids exist there.
 */
export async function listActivities(tx: SqlTx, p: Principal, q: ActivityListParams): Promise<ActivityPage> {
  const endShown = (rows: unknown[]) => rows.length < q.limit && (q.offset === 0 || rows.length > 0);
  if (q.recordId === undefined) {
    if (q.objectApiName !== undefined) throw invalid("objectApiName: give recordId too (objectApiName names the record's object)");
    const where = conditions(p.tenantId, p.userId, q, await unreadableObjects(tx, p));
    const rows = await tx.$queryRaw<ActivityRow[]>(pageQuery(where, q));
    return {
      data: rows.map(toApi),
      total: endShown(rows) ? q.offset + rows.length : await countOf(tx, where),
      limit: q.limit,
      offset: q.offset,
    };
  }
  if (q.objectApiName !== undefined) assertObjectAccess(p, q.objectApiName, "read");
  const found = await tx.$queryRaw<(ActivityRow & { record_object: string; total: number })[]>(
    timelineStatement(p.tenantId, p.userId, { ...q, recordId: q.recordId }),
  );
  if (!found.length || !mayRead(p, found[0]!.record_object)) throw notFound(`Record '${q.recordId}'`);
  // A record without activities comes back as one row of nulls beside it.
  const data = found.filter((r) => r.id !== null).map(toApi);
  return { data, total: found[0]!.total, limit: q.limit, offset: q.offset };
}
