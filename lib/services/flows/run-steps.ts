import { Prisma } from "@/lib/db/generated/client.ts";
import { withJobSql } from "@/lib/db/job-transaction.ts";
import { withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { flowStepsSchema, type FlowStep } from "@/lib/schemas/flows.ts";
import { insertActivity } from "@/lib/services/activities/activities.ts";
import { fillLine, queuePersonEmail, recipientOf } from "@/lib/services/email/person-email.ts";
import type { FlowEventMeta } from "@/lib/services/events/payloads.ts";
import { writeEvents, type NewEvent } from "@/lib/services/events/write-events.ts";
import { loadObjectSchema, type ObjectSchema } from "@/lib/services/records/object-schema.ts";
import { ENROLLMENT_COLUMNS, endEnrollment, scheduleFor, type EnrollmentRow } from "./enrollments.ts";
import { flowEvent, goneRecord, loadEnrolledRecords, type EnrolledRecord, type FlowEventSubject } from "./flow-events.ts";

/**
 * Tenants per run, and due steps per claim (one transaction). A claim's steps each take a
 * savepoint, a subtransaction: PostgreSQL keeps 64 per transaction in its snapshots before they
 * overflow and every snapshot of the server slows down, so a claim stays below that.
 */
const TENANTS_PER_RUN = 20;
export const STEPS_PER_CLAIM = 50;
/** A step that fails unexpectedly is tried again later, this many times in all, then the enrollment stops (reason failed). */
const MAX_ATTEMPTS = 5;

export interface StepOptions {
  signal?: AbortSignal;
  perClaim?: number;
  /** Called after each step, inside its claim's transaction, before the commit: tests stop a process there. */
  afterStep?: (enrollmentId: string, step: number) => Promise<void> | void;
}

interface Flow {
  id: string;
  name: string;
  steps: FlowStep[];
}

type StepDone = FlowEventMeta<"flow.step_completed">;

interface StepContext {
  tx: SqlTx;
  tenantId: string;
  e: EnrollmentRow;
  flow: Flow;
  object: ObjectSchema;
  record: EnrolledRecord;
  subject: FlowEventSubject;
  now: Date;
}

/**
 * Runs the flows' due steps, tenant by tenant. Each claim takes a tenant's oldest due enrollments
 * (FOR UPDATE SKIP LOCKED: instances never take the same one) and runs one step of each in the
 * same transaction as its effects (the email put in the outbox, the task created) and its events,
 * so a step happens exactly once: a process killed half-way commits nothing and the step is due
 * again for whoever claims next. Returns "more" when it ran any step (the next may be due already).
 */
export async function runDueSteps(o: StepOptions = {}): Promise<"done" | "more"> {
  const tenants = await withJobSql(
    async (tx) => tx.$queryRaw<{ t: string }[]>`SELECT t::text FROM jobs_flow_tenants(${TENANTS_PER_RUN}::int) AS t`,
    { timeoutMs: 15_000 },
  );
  let ran = 0;
  let failed: unknown;
  for (const { t: tenantId } of tenants) {
    o.signal?.throwIfAborted();
    // One tenant's failure (its database answer, a record that cannot be read) holds up no other tenant.
    try {
      ran += await runTenantSteps(tenantId, o);
    } catch (err) {
      failed ??= err;
      console.error(`flows: the steps of tenant ${tenantId} failed (${err instanceof Error ? err.message : String(err)}); retrying`);
    }
  }
  // A step often makes the next one due at once: look again right away until a run finds nothing.
  if (ran > 0) return "more";
  if (failed) throw failed;
  return "done";
}

/** A claim's limits: a stuck statement or lock ends it (it is then simply claimed again). */
const CLAIM_TIMEOUT_MS = 15_000;

/**
 * One claim of one tenant's due steps; how many it took. The active flows are read FOR SHARE, so
 * a pause or a change of steps waits for the claims under way, and only their enrollments are
 * looked at (a paused flow's due enrollments are never walked through).
 */
export async function runTenantSteps(tenantId: string, o: StepOptions = {}): Promise<number> {
  return withTenantSql(tenantId, async (tx) => {
    await tx.$executeRaw`SELECT set_config('statement_timeout', ${String(CLAIM_TIMEOUT_MS)}, true),
                                set_config('lock_timeout', ${String(CLAIM_TIMEOUT_MS)}, true)`;
    const flowRows = await tx.$queryRaw<{ id: string; name: string; steps: unknown }[]>`
      SELECT id::text, name, steps FROM flow WHERE tenant_id = ${tenantId}::uuid AND status = 'active' FOR SHARE`;
    if (!flowRows.length) return 0;
    const due = await tx.$queryRaw<EnrollmentRow[]>`
      SELECT ${ENROLLMENT_COLUMNS} FROM flow_enrollment e
      WHERE e.tenant_id = ${tenantId}::uuid AND e.flow_id = ANY(${flowRows.map((f) => f.id)}::uuid[])
        AND e.status = 'active' AND e.due_at <= now()
      ORDER BY e.due_at, e.id LIMIT ${Math.min(o.perClaim ?? STEPS_PER_CLAIM, STEPS_PER_CLAIM)} FOR UPDATE OF e SKIP LOCKED`;
    if (!due.length) return 0;
    // Steps stored under rules they no longer meet end their enrollments (reason failed) rather than stop the queue.
    const flows = new Map(
      flowRows.map((f) => {
        const steps = flowStepsSchema.safeParse(f.steps);
        return [f.id, { id: f.id, name: f.name, steps: steps.success ? steps.data : null }];
      }),
    );
    const objects = new Map<string, ObjectSchema>();
    const records = new Map<string, EnrolledRecord>();
    for (const apiName of new Set(due.map((e) => e.object_api_name))) {
      const object = await loadObjectSchema(tx, tenantId, apiName);
      objects.set(apiName, object);
      const ids = due.filter((e) => e.object_api_name === apiName).map((e) => e.record_id);
      for (const [id, r] of await loadEnrolledRecords(tx, tenantId, object, ids)) records.set(id, r);
    }
    for (const e of due) {
      const flow = flows.get(e.flow_id)!;
      const record = records.get(e.record_id) ?? goneRecord(e.record_id);
      const subject = { flow, enrollmentId: e.id, objectApiName: e.object_api_name, recordId: e.record_id, data: record.data };
      const ctx = {
        tx,
        tenantId,
        e,
        flow: { ...flow, steps: flow.steps ?? [] },
        object: objects.get(e.object_api_name)!,
        record,
        subject,
        now: new Date(),
      };
      // A savepoint per step: one step's unexpected failure undoes that step alone, and is recorded in its place.
      await tx.$executeRaw`SAVEPOINT flow_step`;
      try {
        if (!flow.steps) throw new Error("the flow's steps are not valid any more; edit them in Settings → Flows");
        await runStep(ctx);
      } catch (err) {
        await tx.$executeRaw`ROLLBACK TO SAVEPOINT flow_step`;
        await recordFailure(ctx, err, flow.steps ? MAX_ATTEMPTS : 1);
      }
      await tx.$executeRaw`RELEASE SAVEPOINT flow_step`;
      await o.afterStep?.(e.id, e.step_index + 1);
    }
    return due.length;
  });
}

/** Runs step e.step_index of the enrollment and moves it on (or ends it). */
async function runStep(c: StepContext): Promise<void> {
  const { e, flow, record } = c;
  const step = flow.steps[e.step_index];
  if (record.trashed)
    return void (await endEnrollment(c.tx, { tenantId: c.tenantId, e, subject: c.subject, reason: "record_deleted", now: c.now }));
  // The flow's steps were shortened (while paused) below where this enrollment was.
  if (!step) return void (await endEnrollment(c.tx, { tenantId: c.tenantId, e, subject: c.subject, reason: "finished", now: c.now }));
  const number = e.step_index + 1;
  const done: StepDone = { step: number, type: step.type, dueAt: e.due_at.toISOString() };
  switch (step.type) {
    case "wait": {
      if (!e.wait_started_at) return startWait(c, step.minutes);
      return advance(c, [flowEvent("flow.step_completed", c.subject, { ...done, minutes: step.minutes })]);
    }
    case "task": {
      const enroller = await activeUser(c);
      const activity = await insertActivity(c.tx, c.tenantId, enroller, {
        type: "task",
        subject: fillLine(step.subject, c.record.data, "subject", 255) || "Task",
        body: step.body ?? null,
        due_at: new Date(c.now.getTime() + step.dueInDays * 86_400_000).toISOString(),
        assignee_id: enroller,
        objectApiName: e.object_api_name,
        record_id: e.record_id,
      });
      return advance(c, [flowEvent("flow.step_completed", c.subject, { ...done, activityId: activity.id })]);
    }
    case "email":
      return emailStep(c, step, number, done);
  }
}

async function emailStep(c: StepContext, step: Extract<FlowStep, { type: "email" }>, number: number, done: StepDone): Promise<void> {
  const recipient = await recipientOf(c.tx, c.tenantId, c.record.data);
  if ("problem" in recipient) {
    const reason = recipient.problem === "unsubscribed" ? "unsubscribed" : "no_email_address";
    return void (await endEnrollment(c.tx, {
      tenantId: c.tenantId,
      e: c.e,
      subject: c.subject,
      reason,
      now: c.now,
      meta: { step: number },
    }));
  }
  let sent;
  try {
    sent = await queuePersonEmail(c.tx, c.tenantId, {
      kind: "flow",
      object: c.object,
      recordId: c.e.record_id,
      record: c.record.data,
      address: recipient.address,
      subject: step.subject,
      body: step.body,
      createdById: c.e.enrolled_by_id,
      flow: { enrollmentId: c.e.id, step: number },
    });
  } catch (err) {
    // Past the daily cap the step waits for the next day; a template the record cannot fill ends the enrollment.
    if (isAppError(err) && err.code === "email_cap_reached") return postpone(c, err.retryAfter ?? 3600);
    if (isAppError(err) && err.code === "invalid_request")
      return void (await endEnrollment(c.tx, {
        tenantId: c.tenantId,
        e: c.e,
        subject: c.subject,
        reason: "failed",
        now: c.now,
        meta: { step: number, error: err.message },
      }));
    throw err;
  }
  await advance(c, [
    flowEvent("flow.message_sent", c.subject, {
      step: number,
      messageId: sent.messageId,
      emailId: sent.id,
      to: sent.to,
      subject: sent.subject,
      state: sent.state,
    }),
    flowEvent("flow.step_completed", c.subject, { ...done, messageId: sent.messageId }),
  ]);
}

/** The enroller while still active: the owner and assignee of the tasks it creates. */
async function activeUser(c: StepContext): Promise<string | null> {
  if (!c.e.enrolled_by_id) return null;
  const rows = await c.tx.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM app_user WHERE tenant_id = ${c.tenantId}::uuid AND id = ${c.e.enrolled_by_id}::uuid AND active`;
  return rows[0]?.id ?? null;
}

/** The step is done: on to the next one (a wait starts at once), or the enrollment completes. */
async function advance(c: StepContext, events: NewEvent[]): Promise<void> {
  const next = c.e.step_index + 1;
  if (next >= c.flow.steps.length)
    return void (await endEnrollment(c.tx, {
      tenantId: c.tenantId,
      e: c.e,
      subject: c.subject,
      reason: "finished",
      events,
      now: c.now,
      stepIndex: next,
    }));
  const { dueAt, waitStartedAt } = scheduleFor(c.flow.steps, next, c.now);
  await update(c, Prisma.sql`step_index = ${next}, due_at = ${dueAt}, wait_started_at = ${waitStartedAt}, attempts = 0`);
  await writeEvents(c.tx, c.tenantId, events, c.now);
}

const startWait = (c: StepContext, minutes: number) =>
  update(c, Prisma.sql`due_at = ${new Date(c.now.getTime() + minutes * 60_000)}, wait_started_at = ${c.now}`);

const postpone = (c: StepContext, seconds: number) => update(c, Prisma.sql`due_at = ${new Date(c.now.getTime() + seconds * 1000)}`);

async function update(c: StepContext, set: Prisma.Sql): Promise<void> {
  await c.tx
    .$executeRaw`UPDATE flow_enrollment SET ${set}, updated_at = ${c.now} WHERE tenant_id = ${c.tenantId}::uuid AND id = ${c.e.id}::uuid`;
}

/**
 * An unexpected failure (its savepoint rolled back): the step is tried again after a growing
 * pause, and after MAX_ATTEMPTS the enrollment stops with reason failed, so one broken
 * enrollment never holds up the others.
 */
async function recordFailure(c: StepContext, err: unknown, maxAttempts: number): Promise<void> {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`flows: step ${c.e.step_index + 1} of enrollment ${c.e.id} failed (attempt ${c.e.attempts + 1}): ${message}`);
  if (c.e.attempts + 1 >= maxAttempts) {
    await endEnrollment(c.tx, {
      tenantId: c.tenantId,
      e: c.e,
      subject: c.subject,
      reason: "failed",
      now: c.now,
      meta: { step: c.e.step_index + 1, error: message.slice(0, 500) },
    });
    return;
  }
  await update(c, Prisma.sql`attempts = attempts + 1, due_at = ${new Date(c.now.getTime() + 60_000 * 2 ** c.e.attempts)}`);
}
