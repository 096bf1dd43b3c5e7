import { assertReadableBy, type Actor } from "@/lib/auth/actor.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError, invalid, notFound } from "@/lib/errors/app-error.ts";
import type { ApiApproval, ApprovalListParams } from "@/lib/schemas/approvals.ts";
import { writeEvents } from "@/lib/services/events/write-events.ts";
import { approvalEvent, openRequests, REQUEST_COLUMNS, toApiApproval, type RequestRow } from "@/lib/services/records/approval-gate.ts";
import { loadObjectSchema, type ObjectSchema } from "@/lib/services/records/object-schema.ts";
import { findRecords } from "@/lib/services/records/record-store.ts";
import { toApiRecords, type ApiRecord } from "@/lib/services/records/serialize.ts";

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
  const [opened] = await openRequests(tx, { tenantId, object, records: [record!], requestedBy: userId, stamp: new Date() });
  if (!opened)
    throw invalid("recordId: an approval request for this record is already pending", [
      { path: "recordId", message: "has a pending approval request" },
    ]);
  return toApiApproval(opened);
}

async function findRequest(tx: SqlTx, tenantId: string, id: string, lock: boolean): Promise<RequestRow> {
  const [row] = await tx.$queryRaw<RequestRow[]>`
    SELECT ${REQUEST_COLUMNS} FROM approval_request a WHERE a.tenant_id = ${tenantId}::uuid AND a.id = ${id}::uuid
    ${lock ? Prisma.sql`FOR UPDATE OF a` : Prisma.empty}`;
  if (!row) throw notFound(`Approval request '${id}'`);
  return row;
}

/** One request; refused when the actor may not read its record's object (before anything else is said of it). */
export async function getApproval(tx: SqlTx, { actor, id }: { actor: Actor; id: string }): Promise<ApiApproval> {
  const row = await findRequest(tx, actor.tenantId, id, false);
  assertReadableBy(actor, row.object_api_name);
  return toApiApproval(row);
}

export interface DecideOptions {
  /** Who decides: refused unless it may read the record's object and is one of the request's approvers. */
  actor: Actor;
  id: string;
  decision: "approved" | "rejected";
  comment: string | undefined;
}

/**
 * Approves or rejects a pending request, as the actor's user: only its approvers may (403), once
 * (a request already decided answers 409: decisions are final, and of two at once exactly one
 * wins, the other waiting on the row's lock and then finding it decided). approval.approved or
 * approval.rejected is written in the same transaction.
 */
export async function decide(tx: SqlTx, { actor, id, decision, comment }: DecideOptions): Promise<ApiApproval> {
  const { tenantId, userId } = actor;
  const row = await findRequest(tx, tenantId, id, true);
  assertReadableBy(actor, row.object_api_name);
  // Only its approvers decide: anyone else is refused as any role-denied action is.
  if (!userId || !row.approver_ids.includes(userId)) throw new AppError("permission_denied");
  if (row.status !== "pending") throw new AppError("conflict", `Approval request ${id} was already ${row.status}: decisions are final`);
  const now = new Date();
  const [decided] = await tx.$queryRaw<RequestRow[]>`
    UPDATE approval_request a SET status = ${decision}, decided_by_id = ${userId}::uuid, comment = ${comment || null}, decided_at = ${now}
    WHERE a.tenant_id = ${tenantId}::uuid AND a.id = ${id}::uuid AND a.status = 'pending'
    RETURNING ${REQUEST_COLUMNS}`;
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
    SELECT ${REQUEST_COLUMNS} FROM approval_request a WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`;
  const [{ total }] = await tx.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM approval_request a WHERE ${where}`;
  return { data: rows.map(toApiApproval), total, limit: q.limit, offset: q.offset };
}
