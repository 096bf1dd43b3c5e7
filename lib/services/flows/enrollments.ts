import { assertActsForPeopleBy, type Actor } from "@/lib/auth/actor.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import type { ApiEnrollment, EndReason, EnrollmentListParams, FlowStep } from "@/lib/schemas/flows.ts";
import { recipientOf } from "@/lib/services/email/person-email.ts";
import { writeEvents, type NewEvent } from "@/lib/services/events/write-events.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { flowEvent, goneRecord, loadEnrolledRecords, type FlowEventSubject } from "./flow-events.ts";
import { FLOW_CHANNEL, findFlowRow, parseSteps } from "./flows.ts";

export interface EnrollmentRow {
  id: string;
  flow_id: string;
  object_api_name: string;
  record_id: string;
  status: ApiEnrollment["status"];
  step_index: number;
  due_at: Date;
  wait_started_at: Date | null;
  attempts: number;
  end_reason: EndReason | null;
  enrolled_by_id: string | null;
  created_at: Date;
  ended_at: Date | null;
}

export const ENROLLMENT_COLUMNS = Prisma.sql`e.id::text, e.flow_id::text, e.object_api_name, e.record_id::text, e.status, e.step_index,
  e.due_at, e.wait_started_at, e.attempts, e.end_reason, e.enrolled_by_id::text, e.created_at, e.ended_at`;

export function toApiEnrollment(r: EnrollmentRow): ApiEnrollment {
  return {
    id: r.id,
    flowId: r.flow_id,
    objectApiName: r.object_api_name,
    recordId: r.record_id,
    status: r.status,
    step: r.step_index + 1,
    dueAt: r.status === "active" ? r.due_at.toISOString() : null,
    endReason: r.end_reason,
    enrolledById: r.enrolled_by_id,
    created_at: r.created_at.toISOString(),
    ended_at: r.ended_at?.toISOString() ?? null,
  };
}

/** Where an enrollment goes when it reaches step `index`: a wait starts at once, anything else is due now. */
export function scheduleFor(steps: FlowStep[], index: number, now: Date): { dueAt: Date; waitStartedAt: Date | null } {
  const step = steps[index];
  if (step?.type === "wait") return { dueAt: new Date(now.getTime() + step.minutes * 60_000), waitStartedAt: now };
  return { dueAt: now, waitStartedAt: null };
}

/**
 * Enrolls a contact or lead in an active flow, as the actor's user: its first step is due at once
 * (or its wait starts), and flow.enrolled is written in the same transaction. Refused (400) when
 * the flow is paused, when the record is already going through it, or when the flow sends email
 * and the person has no valid address or unsubscribed. The actor is checked against the flow's
 * object (assertActsForPeople) before anything about the record is read.
 */
export async function enroll(
  tx: SqlTx,
  { actor, flowId, recordId }: { actor: Actor; flowId: string; recordId: string },
): Promise<ApiEnrollment> {
  const { tenantId, userId } = actor;
  const flow = await findFlowRow(tx, tenantId, flowId, false, false);
  assertActsForPeopleBy(actor, flow.object_api_name);
  const object = await loadObjectSchema(tx, tenantId, flow.object_api_name);
  const record = (await loadEnrolledRecords(tx, tenantId, object, [recordId])).get(recordId);
  if (!record || record.trashed) throw notFound(`Record '${recordId}'`);
  if (flow.status !== "active")
    throw invalid(`The flow '${flow.name}' is paused: activate it in Settings → Flows before enrolling records`);
  const steps = parseSteps(flow.steps);
  if (!steps.length) throw invalid(`The flow '${flow.name}' has no valid steps: edit them in Settings → Flows`);
  if (steps.some((s) => s.type === "email")) {
    const recipient = await recipientOf(tx, tenantId, record.data);
    if ("problem" in recipient)
      throw invalid(
        recipient.problem === "unsubscribed"
          ? `recordId: the ${object.apiName} unsubscribed from this company's email, and the flow sends email`
          : `recordId: the ${object.apiName} has no valid email address, and the flow sends email`,
        [{ path: "recordId", message: recipient.problem === "unsubscribed" ? "unsubscribed from email" : "has no valid email address" }],
      );
  }
  const now = new Date();
  const { dueAt, waitStartedAt } = scheduleFor(steps, 0, now);
  const id = uuidV7(now.getTime());
  const [row] = await tx.$queryRaw<EnrollmentRow[]>`
    INSERT INTO flow_enrollment AS e (tenant_id, id, flow_id, object_api_name, record_id, status, step_index, due_at, wait_started_at,
                                      enrolled_by_id, created_at, updated_at)
    VALUES (${tenantId}::uuid, ${id}::uuid, ${flowId}::uuid, ${object.apiName}, ${recordId}::uuid, 'active', 0, ${dueAt}, ${waitStartedAt},
            ${userId}::uuid, ${now}, ${now})
    ON CONFLICT (tenant_id, flow_id, record_id) WHERE status = 'active' DO NOTHING
    RETURNING ${ENROLLMENT_COLUMNS}`;
  if (!row)
    throw invalid(`recordId: the ${object.apiName} is already going through the flow '${flow.name}'`, [
      { path: "recordId", message: "is already enrolled in this flow" },
    ]);
  const subject: FlowEventSubject = { flow, enrollmentId: id, objectApiName: object.apiName, recordId, data: record.data };
  await writeEvents(
    tx,
    tenantId,
    [flowEvent("flow.enrolled", subject, { step: 1, dueAt: dueAt.toISOString(), enrolledById: userId })],
    now,
  );
  if (!waitStartedAt) await tx.$executeRaw`SELECT pg_notify(${FLOW_CHANNEL}, '')`;
  return toApiEnrollment(row);
}

export interface EndEnrollmentOptions {
  tenantId: string;
  e: EnrollmentRow;
  subject: FlowEventSubject;
  reason: EndReason;
  /** Written before flow.completed. */
  events?: NewEvent[];
  /** More of flow.completed's meta, beside the reason. */
  meta?: Record<string, unknown>;
  now?: Date;
  /** The step it ends at; the one it is at by default. */
  stepIndex?: number;
}

/**
 * Ends an active enrollment in the caller's transaction (it holds the row's lock): status,
 * reason, and the events that say so (those given, then flow.completed with meta.reason).
 */
export async function endEnrollment(
  tx: SqlTx,
  { tenantId, e, subject, reason, events = [], meta, now = new Date(), stepIndex = e.step_index }: EndEnrollmentOptions,
): Promise<EnrollmentRow> {
  const [row] = await tx.$queryRaw<EnrollmentRow[]>`
    UPDATE flow_enrollment e SET status = ${reason === "finished" ? "completed" : "stopped"}, end_reason = ${reason},
           step_index = ${stepIndex}, ended_at = ${now}, updated_at = ${now}, wait_started_at = NULL
    WHERE e.tenant_id = ${tenantId}::uuid AND e.id = ${e.id}::uuid RETURNING ${ENROLLMENT_COLUMNS}`;
  await writeEvents(tx, tenantId, [...events, flowEvent("flow.completed", subject, { reason, ...meta })], now);
  return row!;
}

async function findEnrollmentRow(tx: SqlTx, tenantId: string, flowId: string, id: string, lock: boolean): Promise<EnrollmentRow> {
  const [row] = await tx.$queryRaw<EnrollmentRow[]>`
    SELECT ${ENROLLMENT_COLUMNS} FROM flow_enrollment e
    WHERE e.tenant_id = ${tenantId}::uuid AND e.flow_id = ${flowId}::uuid AND e.id = ${id}::uuid ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
  if (!row) throw notFound(`Enrollment '${id}'`);
  return row;
}

/** Stops an enrollment as the actor's user (flow.completed, reason stopped); one already ended is returned as it is. */
export async function stopEnrollment(
  tx: SqlTx,
  { actor, flowId, id }: { actor: Actor; flowId: string; id: string },
): Promise<ApiEnrollment> {
  const { tenantId, userId } = actor;
  const flow = await findFlowRow(tx, tenantId, flowId, false, false);
  assertActsForPeopleBy(actor, flow.object_api_name);
  const e = await findEnrollmentRow(tx, tenantId, flowId, id, true);
  if (e.status !== "active") return toApiEnrollment(e);
  const object = await loadObjectSchema(tx, tenantId, e.object_api_name);
  const record = (await loadEnrolledRecords(tx, tenantId, object, [e.record_id])).get(e.record_id) ?? goneRecord(e.record_id);
  const subject = { flow, enrollmentId: e.id, objectApiName: e.object_api_name, recordId: e.record_id, data: record.data };
  return toApiEnrollment(await endEnrollment(tx, { tenantId, e, subject, reason: "stopped", meta: { stoppedById: userId } }));
}

/** A flow's enrollments, newest first, with the exact total. */
export async function listEnrollments(
  tx: SqlTx,
  tenantId: string,
  flowId: string,
  q: EnrollmentListParams,
): Promise<{ data: ApiEnrollment[]; total: number; limit: number; offset: number }> {
  const where = Prisma.sql`e.tenant_id = ${tenantId}::uuid AND e.flow_id = ${flowId}::uuid
    ${q.status ? Prisma.sql`AND e.status = ${q.status}` : Prisma.empty}
    ${q.recordId ? Prisma.sql`AND e.record_id = ${q.recordId}::uuid` : Prisma.empty}`;
  const rows = await tx.$queryRaw<EnrollmentRow[]>`
    SELECT ${ENROLLMENT_COLUMNS} FROM flow_enrollment e WHERE ${where} ORDER BY e.created_at DESC, e.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`;
  const [{ total }] = await tx.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM flow_enrollment e WHERE ${where}`;
  return { data: rows.map(toApiEnrollment), total, limit: q.limit, offset: q.offset };
}

/** One record's enrollments in every flow, newest first (the record page), each with its flow's name. */
export async function recordEnrollments(
  tx: SqlTx,
  tenantId: string,
  objectApiName: string,
  recordId: string,
): Promise<(ApiEnrollment & { flowName: string; steps: number })[]> {
  const rows = await tx.$queryRaw<(EnrollmentRow & { flow_name: string; steps: number })[]>`
    SELECT ${ENROLLMENT_COLUMNS}, f.name AS flow_name, jsonb_array_length(f.steps) AS steps
    FROM flow_enrollment e JOIN flow f ON f.tenant_id = e.tenant_id AND f.id = e.flow_id
    WHERE e.tenant_id = ${tenantId}::uuid AND e.object_api_name = ${objectApiName} AND e.record_id = ${recordId}::uuid
    ORDER BY e.created_at DESC, e.id DESC LIMIT 50`;
  return rows.map((r) => ({ ...toApiEnrollment(r), flowName: r.flow_name, steps: r.steps }));
}

/**
 * Ends a record's active enrollments at once, in the caller's transaction (a person who
 * unsubscribes gets no further task or email from any flow): flow.completed with `reason` each.
 */
export async function endRecordEnrollments(
  tx: SqlTx,
  tenantId: string,
  objectApiName: string,
  recordId: string,
  reason: EndReason,
): Promise<number> {
  const active = await tx.$queryRaw<EnrollmentRow[]>`
    SELECT ${ENROLLMENT_COLUMNS} FROM flow_enrollment e
    WHERE e.tenant_id = ${tenantId}::uuid AND e.object_api_name = ${objectApiName} AND e.record_id = ${recordId}::uuid AND e.status = 'active'
    ORDER BY e.id FOR UPDATE`;
  if (!active.length) return 0;
  const object = await loadObjectSchema(tx, tenantId, objectApiName);
  const record = (await loadEnrolledRecords(tx, tenantId, object, [recordId])).get(recordId) ?? goneRecord(recordId);
  for (const e of active) {
    const flow = await findFlowRow(tx, tenantId, e.flow_id, false, false);
    const subject = { flow, enrollmentId: e.id, objectApiName, recordId, data: record.data };
    await endEnrollment(tx, { tenantId, e, subject, reason, meta: { step: e.step_index + 1 } });
  }
  return active.length;
}
