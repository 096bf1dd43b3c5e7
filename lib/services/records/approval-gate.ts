import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError, invalid } from "@/lib/errors/app-error.ts";
import { uuidV7AtDatabaseTime } from "@/lib/ids/uuid-v7.ts";
import type { ApiApproval } from "@/lib/schemas/approvals.ts";
import { ownValue } from "@/lib/schemas/names.ts";
import type { ApprovalEventName } from "@/lib/schemas/event-names.ts";
import { writeEvents, type NewEvent } from "@/lib/services/events/write-events.ts";
import type { ApprovalProcessRef, ObjectSchema } from "./object-schema.ts";
import { parseFilter } from "./query/filter.ts";
import { recordMatches } from "./query/match.ts";
import type { Filter } from "./query/types.ts";
import type { ApiRecord } from "./serialize.ts";

/*
 * The approval gate of the record write path: a record under a pending request is locked (whole,
 * or the fields its process's conditions name), and a write that brings a record into its object's
 * conditions opens a request, with approval.requested, in the write's transaction. The approvals
 * area (lib/services/approvals) builds on it: processes, submitting by hand, decisions, lists.
 */

export interface RequestRow {
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

export const REQUEST_COLUMNS = Prisma.sql`a.id::text, a.object_api_name, a.record_id::text, a.status, a.requested_by_id::text, a.approver_ids::text[],
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

export const approvalEvent = (event: ApprovalEventName, r: RequestRow, data: ApiRecord): NewEvent => ({
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

export interface OpenRequestsOptions {
  tenantId: string;
  object: ObjectSchema;
  records: ApiRecord[];
  /** The user whose write or submission opens them; null: a server write for no user (an unsubscribe). */
  requestedBy: string | null;
  stamp: Date;
}

/**
 * Opens a pending request for each record given (those that entered the condition, or one
 * submitted by hand), with approval.requested, in the caller's transaction. A record with a
 * pending request already gets no second one (the partial unique index decides a race).
 */
export async function openRequests(
  tx: SqlTx,
  { tenantId, object, records, requestedBy, stamp }: OpenRequestsOptions,
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
      RETURNING ${REQUEST_COLUMNS}`;
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

/** A record as a write left it, with its values before (null: the write created it). */
export interface WrittenRecord {
  before: Record<string, unknown> | null;
  record: ApiRecord;
}

/**
 * After a write: the records that entered the object's condition (meet it now, did not before,
 * `before` null for a create) get a request. Objects without a process, or whose conditions no
 * longer parse, open none.
 */
export async function openEntering(
  tx: SqlTx,
  { tenantId, object, written, requestedBy, stamp }: Omit<OpenRequestsOptions, "records"> & { written: WrittenRecord[] },
): Promise<void> {
  if (!object.approval) return;
  const filters = processFilters(object, object.approval);
  if (!filters) return;
  const entering = written.filter((w) => recordMatches(filters, w.record) && !(w.before && recordMatches(filters, w.before)));
  await openRequests(tx, { tenantId, object, records: entering.map((w) => w.record), requestedBy, stamp });
}

/**
 * The process's conditions as list filters against the object's fields as they are now; null when
 * one no longer parses (its field was removed since): the process then opens no request by itself,
 * while requests already pending keep their locks.
 */
export function processFilters(object: ObjectSchema, process: ApprovalProcessRef): Filter[] | null {
  try {
    return process.conditions.map((c) => parseFilter(object.fields, c));
  } catch {
    return null;
  }
}

/** The fields a request locks under `fields` mode: those its conditions name (system columns are never written). */
export function conditionFields(filters: Filter[]): string[] {
  return [...new Set(filters.flatMap((f) => (f.target.kind === "field" ? [f.target.field.apiName] : [])))];
}
