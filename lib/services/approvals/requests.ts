import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError, invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7AtDatabaseTime } from "@/lib/ids/uuid-v7.ts";
import type { ApiApproval, ApprovalListParams } from "@/lib/schemas/approvals.ts";
import type { ApprovalEventName } from "@/lib/services/events/catalog.ts";
import { writeEvents, type NewEvent } from "@/lib/services/events/write-events.ts";
import { loadObjectSchema, type ObjectSchema } from "@/lib/services/records/object-schema.ts";
import { recordMatches } from "@/lib/services/records/query/match.ts";
import { findRecords } from "@/lib/services/records/record-store.ts";
import { toApiRecords, type ApiRecord } from "@/lib/services/records/serialize.ts";
import { conditionFields, processFilters } from "./processes.ts";
import { ownValue } from "@/lib/schemas/names.ts";

interface RequestRow {
  id: string;
  object_api_name: string;
  record_id: string;
  status: ApiApproval["status"];
  requested_by_id: string | null;
  approver_ids: string[];
  locked_fields: string[];
  lock_whole: boolean;
  requested: Record<string, unknown>;
  decided_by_id: string | null;
  comment: string | null;
  created_at: Date;
  decided_at: Date | null;
  process_name: string | null;
}

const COLUMNS = Prisma.sql`a.id::text, a.object_api_name, a.record_id::text, a.status, a.requested_by_id::text, a.approver_ids::text[],
  a.locked_fields, a.lock_whole, a.requested, a.decided_by_id::text, a.comment, a.created_at, a.decided_at,
  (SELECT p.name FROM approval_process p WHERE p.tenant_id = a.tenant_id AND p.id = a.process_id) AS process_name`;

const requestOf = (r: RequestRow) => ({
  id: r.id,
  status: r.status,
  requestedBy: r.requested_by_id,
  approvers: r.approver_ids,
  decidedBy: r.decided_by_id,
  comment: r.comment,
  created_at: r.created_at.toISOString(),
  decided_at: r.decided_at?.toISOString() ?? null,
});

export const toApiApproval = (r: RequestRow): ApiApproval => ({
  ...requestOf(r),
  objectApiName: r.object_api_name,
  recordId: r.record_id,
  processName: r.process_name,
  lockedFields: r.lock_whole ? null : r.locked_fields,
  requested: r.requested,
});

const approvalEvent = (event: ApprovalEventName, r: RequestRow, data: ApiRecord): NewEvent => ({
  event,
  objectApiName: r.object_api_name,
  recordId: r.record_id,
  status: r.status,
  request: requestOf(r),
  subject: { objectApiName: r.object_api_name, recordId: r.record_id, data },
});

/** A pending request's lock on a record. */
export interface PendingLock {
  id: string;
  lockWhole: boolean;
  lockedFields: string[];
}

/** The pending requests of these records (one each at most), for the write path's lock check. */
export async function pendingLocks(tx: SqlTx, tenantId: string, recordIds: string[]): Promise<Map<string, PendingLock>> {
  if (!recordIds.length) return new Map();
  const rows = await tx.$queryRaw<{ id: string; record_id: string; lock_whole: boolean; locked_fields: string[] }[]>`
    SELECT id::text, record_id::text, lock_whole, locked_fields FROM approval_request
    WHERE tenant_id = ${tenantId}::uuid AND record_id = ANY(${recordIds}::uuid[]) AND status = 'pending'`;
  return new Map(rows.map((r) => [r.record_id, { id: r.id, lockWhole: r.lock_whole, lockedFields: r.locked_fields }]));
}

/** The 400 that refuses a change to a record under a pending request's lock, naming the request; undefined when the change is free. */
export function lockRefusal(lock: PendingLock | undefined, changed: Iterable<string>): AppError | undefined {
  if (!lock) return undefined;
  const why = `is locked while approval request ${lock.id} is pending`;
  if (lock.lockWhole) return invalid(`The record ${why}`, [{ path: "id", message: why }]);
  const locked = [...changed].filter((f) => lock.lockedFields.includes(f));
  if (!locked.length) return undefined;
  return invalid(
    `${locked.join(", ")}: ${why}`,
    locked.map((path) => ({ path, message: why })),
  );
}

/**
 * Who may decide: the process's user, or everyone active with its role, now (at most 1,000). When
 * that is nobody (the user was deactivated, the role emptied), the tenant's admins, so that no
 * request is left that nobody can decide. The requester does not approve their own request,
 * unless nobody else could.
 */
async function approversOf(tx: SqlTx, tenantId: string, object: ObjectSchema, requestedBy: string | null): Promise<string[]> {
  const p = object.approval!;
  const byRole = (role: string | null) => tx.$queryRaw<{ id: string }[]>`
    SELECT u.id::text FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
    WHERE u.tenant_id = ${tenantId}::uuid AND r.key = ${role} AND u.active ORDER BY u.id LIMIT 1000`;
  let rows = p.approverUserId
    ? await tx.$queryRaw<{ id: string }[]>`
        SELECT id::text FROM app_user WHERE tenant_id = ${tenantId}::uuid AND id = ${p.approverUserId}::uuid AND active`
    : await byRole(p.approverRole);
  if (!rows.length) rows = await byRole("admin");
  const ids = rows.map((r) => r.id);
  const others = ids.filter((id) => id !== requestedBy);
  return others.length ? others : ids;
}

/**
 * Opens a pending request for each record given (those that entered the condition, or one
 * submitted by hand), with approval.requested, in the caller's transaction. A record with a
 * pending request already gets no second one (the partial unique index decides a race).
 */
export async function openRequests(
  tx: SqlTx,
  tenantId: string,
  object: ObjectSchema,
  records: ApiRecord[],
  requestedBy: string | null,
  stamp: Date,
): Promise<RequestRow[]> {
  const process = object.approval;
  if (!process || !records.length) return [];
  const filters = processFilters(object, process) ?? [];
  const fields = conditionFields(filters);
  const approvers = await approversOf(tx, tenantId, object, requestedBy);
  const opened: RequestRow[] = [];
  for (const record of records) {
    const requested = Object.fromEntries(fields.map((f) => [f, ownValue(record, f) ?? null]));
    const [row] = await tx.$queryRaw<RequestRow[]>`
      INSERT INTO approval_request AS a (tenant_id, id, process_id, object_api_name, record_id, status, requested_by_id, approver_ids,
                                         locked_fields, lock_whole, requested, created_at)
      VALUES (${tenantId}::uuid, ${uuidV7AtDatabaseTime(stamp.getTime())}::uuid, ${process.id}::uuid, ${object.apiName}, ${record.id}::uuid, 'pending',
              ${requestedBy}::uuid, ${approvers}::uuid[], ${fields}::text[], ${process.lockMode === "record"}, ${JSON.stringify(requested)}::jsonb, ${stamp})
      ON CONFLICT (tenant_id, record_id) WHERE status = 'pending' DO NOTHING
      RETURNING ${COLUMNS}`;
    if (row) opened.push(row);
  }
  await writeEvents(
    tx,
    tenantId,
    opened.map((r) =>
      approvalEvent(
        "approval.requested",
        r,
        records.find((x) => x.id === r.record_id)!,
      ),
    ),
    stamp,
  );
  return opened;
}

/**
 * After a write: the records that entered the object's condition (meet it now, did not before,
 * `before` null for a create) get a request. Objects without a process, or whose conditions no
 * longer parse, open none.
 */
export async function openEntering(
  tx: SqlTx,
  tenantId: string,
  object: ObjectSchema,
  written: { before: Record<string, unknown> | null; record: ApiRecord }[],
  requestedBy: string | null,
  stamp: Date,
): Promise<void> {
  if (!object.approval) return;
  const filters = processFilters(object, object.approval);
  if (!filters) return;
  const entering = written.filter((w) => recordMatches(filters, w.record) && !(w.before && recordMatches(filters, w.before)));
  await openRequests(
    tx,
    tenantId,
    object,
    entering.map((w) => w.record),
    requestedBy,
    stamp,
  );
}

async function recordData(tx: SqlTx, tenantId: string, object: ObjectSchema, id: string): Promise<ApiRecord | undefined> {
  const rows = [
    ...(await findRecords(tx, tenantId, object.id, [id])),
    ...(await findRecords(tx, tenantId, object.id, [id], { trashed: true })),
  ];
  return (await toApiRecords(tx, tenantId, object, rows.slice(0, 1)))[0];
}

/** "Submit for approval": a request for the record whatever its values, when its object has a process and none is pending. */
export async function submitForApproval(
  tx: SqlTx,
  tenantId: string,
  userId: string,
  object: ObjectSchema,
  recordId: string,
): Promise<ApiApproval> {
  if (!object.approval) throw invalid(`${object.apiName} records have no approval process (Settings → Approvals)`);
  const [live] = await findRecords(tx, tenantId, object.id, [recordId], { lock: true });
  if (!live) throw notFound(`Record '${recordId}'`);
  const [record] = await toApiRecords(tx, tenantId, object, [live]);
  const [opened] = await openRequests(tx, tenantId, object, [record!], userId, new Date());
  if (!opened)
    throw invalid("recordId: an approval request for this record is already pending", [
      { path: "recordId", message: "has a pending approval request" },
    ]);
  return toApiApproval(opened);
}

async function findRequest(tx: SqlTx, tenantId: string, id: string, lock: boolean): Promise<RequestRow> {
  const [row] = await tx.$queryRaw<RequestRow[]>`
    SELECT ${COLUMNS} FROM approval_request a WHERE a.tenant_id = ${tenantId}::uuid AND a.id = ${id}::uuid
    ${lock ? Prisma.sql`FOR UPDATE OF a` : Prisma.empty}`;
  if (!row) throw notFound(`Approval request '${id}'`);
  return row;
}

/** One request; `assertReadable` refuses one whose record's object the caller may not read (before anything else is said of it). */
export async function getApproval(
  tx: SqlTx,
  tenantId: string,
  id: string,
  assertReadable: (objectApiName: string) => void,
): Promise<ApiApproval> {
  const row = await findRequest(tx, tenantId, id, false);
  assertReadable(row.object_api_name);
  return toApiApproval(row);
}

/**
 * Approves or rejects a pending request, as `userId`: only its approvers may (403), once (a
 * request already decided answers 409: decisions are final, and of two at once exactly one wins,
 * the other waiting on the row's lock and then finding it decided). approval.approved or
 * approval.rejected is written in the same transaction.
 */
export async function decide(
  tx: SqlTx,
  tenantId: string,
  userId: string,
  id: string,
  decision: "approved" | "rejected",
  comment: string | undefined,
  assertReadable: (objectApiName: string) => void,
): Promise<ApiApproval> {
  const row = await findRequest(tx, tenantId, id, true);
  assertReadable(row.object_api_name);
  // Only its approvers decide: anyone else is refused as any role-denied action is.
  if (!row.approver_ids.includes(userId)) throw new AppError("permission_denied");
  if (row.status !== "pending") throw new AppError("conflict", `Approval request ${id} was already ${row.status}: decisions are final`);
  const now = new Date();
  const [decided] = await tx.$queryRaw<RequestRow[]>`
    UPDATE approval_request a SET status = ${decision}, decided_by_id = ${userId}::uuid, comment = ${comment || null}, decided_at = ${now}
    WHERE a.tenant_id = ${tenantId}::uuid AND a.id = ${id}::uuid AND a.status = 'pending'
    RETURNING ${COLUMNS}`;
  const object = await loadObjectSchema(tx, tenantId, row.object_api_name);
  const data = (await recordData(tx, tenantId, object, row.record_id)) ?? {
    id: row.record_id,
    owner_id: null,
    created_at: "",
    updated_at: "",
  };
  await writeEvents(
    tx,
    tenantId,
    [approvalEvent(decision === "approved" ? "approval.approved" : "approval.rejected", decided!, data)],
    now,
  );
  return toApiApproval(decided!);
}

/** Requests newest first, with the exact total: of the objects `objects` lists (those the caller may read), filtered. */
export async function listApprovals(
  tx: SqlTx,
  tenantId: string,
  userId: string,
  objects: string[],
  q: ApprovalListParams,
): Promise<{ data: ApiApproval[]; total: number; limit: number; offset: number }> {
  const where = Prisma.sql`a.tenant_id = ${tenantId}::uuid AND a.object_api_name = ANY(${objects}::text[])
    ${q.status ? Prisma.sql`AND a.status = ${q.status}` : Prisma.empty}
    ${q.object ? Prisma.sql`AND a.object_api_name = ${q.object}` : Prisma.empty}
    ${q.record ? Prisma.sql`AND a.record_id = ${q.record}::uuid` : Prisma.empty}
    ${q.mine ? Prisma.sql`AND ${userId}::uuid = ANY(a.approver_ids)` : Prisma.empty}`;
  const rows = await tx.$queryRaw<RequestRow[]>`
    SELECT ${COLUMNS} FROM approval_request a WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`;
  const [{ total }] = await tx.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM approval_request a WHERE ${where}`;
  return { data: rows.map(toApiApproval), total, limit: q.limit, offset: q.offset };
}
