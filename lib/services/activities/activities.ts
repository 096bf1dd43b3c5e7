import { Prisma } from "@/lib/db/generated/client.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { prepared, type SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import type { ActivityChanges, ActivityCreate, ActivityType, ApiActivity } from "@/lib/schemas/activities.ts";
import { assertLinkableRecord, mayRead } from "./linked-record.ts";

export interface ActivityRow {
  id: string;
  type: ActivityType;
  subject: string;
  body: string | null;
  due_at: Date | null;
  completed_at: Date | null;
  outcome: string | null;
  assignee_id: string | null;
  record_id: string;
  object_api_name: string;
  owner_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export const COLUMNS = Prisma.sql`id::text, type, subject, body, due_at, completed_at, outcome, assignee_id::text, record_id::text,
  object_api_name, owner_id::text, created_at, updated_at`;

const iso = (d: Date | null): string | null => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function toApi(r: ActivityRow): ApiActivity {
  return {
    id: r.id,
    type: r.type,
    subject: r.subject,
    body: r.body,
    due_at: iso(r.due_at),
    completed_at: iso(r.completed_at),
    outcome: r.outcome,
    assignee_id: r.assignee_id,
    record_id: r.record_id,
    objectApiName: r.object_api_name,
    owner_id: r.owner_id,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

/** An assignee must be an active user of the tenant. */
async function assertAssignee(tx: SqlTx, tenantId: string, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  const rows = await tx.$queryRaw<{ found: number }[]>`
    SELECT 1 AS found FROM app_user WHERE tenant_id = ${tenantId}::uuid AND id = ${userId}::uuid AND active`;
  if (!rows.length)
    throw invalid(`assignee_id: no active user with id '${userId}'`, [
      { path: "assignee_id", message: "must be the id of an active user" },
    ]);
}

export async function createActivity(tx: SqlTx, p: Principal, input: ActivityCreate): Promise<ApiActivity> {
  await assertLinkableRecord(tx, p, input.objectApiName, input.record_id);
  await assertAssignee(tx, p.tenantId, input.assignee_id);
  return insertActivity(tx, p.tenantId, p.userId, input);
}

/** The row of a checked activity (createActivity's checks, or a flow's task step on its enrolled record). */
export async function insertActivity(tx: SqlTx, tenantId: string, ownerId: string | null, input: ActivityCreate): Promise<ApiActivity> {
  const [row] = await tx.$queryRaw<ActivityRow[]>`
    INSERT INTO activity (tenant_id, id, type, subject, body, due_at, completed_at, outcome, assignee_id, object_api_name, record_id,
      owner_id, created_at, updated_at)
    VALUES (${tenantId}::uuid, ${uuidV7()}::uuid, ${input.type}, ${input.subject}, ${input.body ?? null}, ${input.due_at ?? null}::timestamptz,
      ${input.completed_at ?? null}::timestamptz, ${input.outcome ?? null}, ${input.assignee_id ?? null}::uuid, ${input.objectApiName},
      ${input.record_id}::uuid, ${ownerId}::uuid, now(), now())
    RETURNING ${COLUMNS}`;
  return toApi(row!);
}

/** The read of one activity by id: prepared once per connection, and guessed ahead by getActivityOp's prefetch. */
export function activityStatement(tenantId: string, id: string, lock = false): Prisma.Sql {
  return prepared(
    lock ? "activity_for_update" : "activity_by_id",
    Prisma.sql`SELECT ${COLUMNS} FROM activity WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid
      ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`,
  );
}

/**
 * One activity, locked for a change when `lock` is set. An activity on a record the caller may
 * not read is not found: the answer is the same as for an id that does not exist.
 */
async function findActivityRow(tx: SqlTx, p: Principal, id: string, lock = false): Promise<ActivityRow> {
  const [row] = await tx.$queryRaw<ActivityRow[]>(activityStatement(p.tenantId, id, lock));
  if (!row || !mayRead(p, row.object_api_name)) throw notFound(`Activity '${id}'`);
  return row;
}

export async function getActivity(tx: SqlTx, p: Principal, id: string): Promise<ApiActivity> {
  return toApi(await findActivityRow(tx, p, id));
}

/** The SET list of a change: only the fields sent; null clears. */
function setList(c: ActivityChanges): Prisma.Sql[] {
  const sets: Prisma.Sql[] = [];
  if (c.type !== undefined) sets.push(Prisma.sql`type = ${c.type}`);
  if (c.subject !== undefined) sets.push(Prisma.sql`subject = ${c.subject}`);
  if (c.body !== undefined) sets.push(Prisma.sql`body = ${c.body}`);
  if (c.due_at !== undefined) sets.push(Prisma.sql`due_at = ${c.due_at}::timestamptz`);
  if (c.outcome !== undefined) sets.push(Prisma.sql`outcome = ${c.outcome}`);
  if (c.assignee_id !== undefined) sets.push(Prisma.sql`assignee_id = ${c.assignee_id}::uuid`);
  if (c.completed_at !== undefined) sets.push(Prisma.sql`completed_at = ${c.completed_at}::timestamptz`);
  // Completing keeps the time it was first completed; reopening clears it.
  if (c.completed === true) sets.push(Prisma.sql`completed_at = coalesce(completed_at, now())`);
  if (c.completed === false) sets.push(Prisma.sql`completed_at = NULL`);
  return sets;
}

/** Complete, reopen, reschedule, reassign, record the outcome: only the fields sent change. */
export async function updateActivity(tx: SqlTx, p: Principal, id: string, changes: ActivityChanges): Promise<ApiActivity> {
  await findActivityRow(tx, p, id, true);
  await assertAssignee(tx, p.tenantId, changes.assignee_id);
  const [row] = await tx.$queryRaw<ActivityRow[]>`
    UPDATE activity SET ${Prisma.join(setList(changes))}, updated_at = now()
    WHERE tenant_id = ${p.tenantId}::uuid AND id = ${id}::uuid RETURNING ${COLUMNS}`;
  return toApi(row!);
}

/** Deleted for good: activities have no trash. */
export async function deleteActivity(tx: SqlTx, p: Principal, id: string): Promise<void> {
  await findActivityRow(tx, p, id, true);
  await tx.$executeRaw`DELETE FROM activity WHERE tenant_id = ${p.tenantId}::uuid AND id = ${id}::uuid`;
}
