/**
 * Flows (cadences) on one instance (issue 17 item 11): the real flow-steps job (lib/jobs/flow-steps.ts,
 * started with startBackgroundJobs, so its 500 ms interval and its NOTIFY wake-up are included)
 * advancing enrollments of a flow [email with a merge field, task], in one run:
 *   1. throughput: BENCH_FLOW_ENROLLMENTS enrollments all due at once, from the job's start until
 *      every one completed: steps per second (two steps each);
 *   2. lag at BENCH_FLOW_RATE due steps/s: enrollments of a second flow falling due evenly over
 *      BENCH_FLOW_SECONDS (RATE/2 per second, two steps each) with the job running; each step's lag
 *      is its flow.step_completed event's timestamp (when the step ran) minus meta.dueAt (target:
 *      p95 at most 2 s);
 *   3. exactly once: one email_message per enrollment, one task (activity) per enrolled record.
 * Contacts are created through the records service and enrollments written as enroll() writes them
 * (the row and flow.enrolled), in bulk: neither is measured. SMTP_URL is unset, so the emails are
 * stored in the outbox, not sent; EMAIL_DAILY_CAP is raised past the run's emails.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:flows
 * Without DATABASE_URL it runs on an in-memory PGlite (one connection: slower, for a quick check).
 * Options: BENCH_FLOW_ENROLLMENTS (10000), BENCH_FLOW_RATE (100), BENCH_FLOW_SECONDS (60).
 */
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { serverActor } from "../lib/auth/actor.ts";
import { openDatabase, setDatabase } from "../lib/db/client.ts";
import { withTenantSql, type SqlTx } from "../lib/db/tenant.ts";
import { uuidV7 } from "../lib/ids/uuid-v7.ts";
import { startBackgroundJobs } from "../lib/jobs/background-jobs.ts";
import { flowSteps } from "../lib/jobs/flow-steps.ts";
import type { ApiFlow, FlowStep } from "../lib/schemas/flows.ts";
import { writeEvents } from "../lib/services/events/write-events.ts";
import { flowEvent, loadEnrolledRecords, type EnrolledRecord } from "../lib/services/flows/flow-events.ts";
import { createFlow, setFlowStatus } from "../lib/services/flows/flows.ts";
import { loadObjectSchema } from "../lib/services/records/object-schema.ts";
import { createRecords } from "../lib/services/records/write-records.ts";
import { provisionTenant } from "../lib/services/tenants/provision-tenant.ts";
import { runBench } from "./bench-kit.ts";
import { benchAdminKey, throwawayDatabase } from "./bench-server.ts";

const ENROLLMENTS = Number(process.env.BENCH_FLOW_ENROLLMENTS ?? 10_000);
const RATE = Number(process.env.BENCH_FLOW_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_FLOW_SECONDS ?? 60);
const STEPS: FlowStep[] = [
  { type: "email", subject: "Welcome, {{first_name}}", body: "Hello {{first_name}},\n\nglad to have you with us." },
  { type: "task", subject: "Follow up on the welcome email", dueInDays: 1 },
];
/** The lag phase's enrollments: RATE due steps a second, each enrollment bringing STEPS.length of them. */
const PACED = Math.round((RATE / STEPS.length) * SECONDS);
const PACE_MS = (1000 * STEPS.length) / RATE;
const TARGET_P95_MS = 2_000;

// Emails are stored, not sent, and the daily cap (500 by default) must not postpone any step.
delete process.env.SMTP_URL;
process.env.EMAIL_DAILY_CAP = "1000000";

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

/** `n` contacts with a first name and an address, through the records service, 1,000 per transaction. */
async function createContacts(tenantId: string, userId: string, n: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let done = 0; done < n; done += 1000) {
    const batch = Array.from({ length: Math.min(1000, n - done) }, (_, k) => ({
      first_name: `Ada${done + k}`,
      last_name: `${label} ${done + k}`,
      email: `${label.toLowerCase()}-${done + k}@example.com`,
    }));
    await withTenantSql(tenantId, async (tx) => {
      const object = await loadObjectSchema(tx, tenantId, "contact");
      for (const r of await createRecords(tx, { actor: serverActor(tenantId, userId), object, inputs: batch })) {
        if (!r.ok) throw r.error;
        ids.push(r.record.id);
      }
    });
  }
  return ids;
}

/** The records as flow events carry them (flow.enrolled's data), loaded ahead so that enrolling is a few statements. */
async function enrolledData(tenantId: string, ids: string[]): Promise<Map<string, EnrolledRecord>> {
  const all = new Map<string, EnrolledRecord>();
  for (let done = 0; done < ids.length; done += 1000) {
    await withTenantSql(tenantId, async (tx) => {
      const object = await loadObjectSchema(tx, tenantId, "contact");
      for (const [id, r] of await loadEnrolledRecords(tx, tenantId, object, ids.slice(done, done + 1000))) all.set(id, r);
    });
  }
  return all;
}

async function activeFlow(tenantId: string, userId: string, name: string): Promise<ApiFlow> {
  return withTenantSql(tenantId, async (tx) => {
    const flow = await createFlow(tx, tenantId, userId, { name, objectApiName: "contact", steps: STEPS });
    return setFlowStatus(tx, tenantId, flow.id, "active");
  });
}

/**
 * Enrolls every record in one transaction, writing what enroll() writes (the active row at step 0
 * and flow.enrolled), with the i-th record's first step due at dueAt(i).
 */
async function enrollAll(
  tenantId: string,
  userId: string,
  flow: ApiFlow,
  ids: string[],
  data: Map<string, EnrolledRecord>,
  dueAt: (i: number) => Date,
): Promise<void> {
  await withTenantSql(tenantId, async (tx: SqlTx) => {
    for (let done = 0; done < ids.length; done += 2000) {
      const now = new Date();
      const rows = ids.slice(done, done + 2000).map((recordId, k) => ({ id: uuidV7(now.getTime()), recordId, dueAt: dueAt(done + k) }));
      await tx.$executeRaw`
        INSERT INTO flow_enrollment (tenant_id, id, flow_id, object_api_name, record_id, status, step_index, due_at, enrolled_by_id,
                                     created_at, updated_at)
        SELECT ${tenantId}::uuid, u.id, ${flow.id}::uuid, 'contact', u.record_id, 'active', 0, u.due_at, ${userId}::uuid, ${now}, ${now}
        FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.recordId)}::uuid[],
                    ${rows.map((r) => r.dueAt.toISOString())}::timestamptz[]) AS u(id, record_id, due_at)`;
      const events = rows.map((r) =>
        flowEvent(
          "flow.enrolled",
          { flow, enrollmentId: r.id, objectApiName: "contact", recordId: r.recordId, data: data.get(r.recordId)!.data },
          { step: 1, dueAt: r.dueAt.toISOString(), enrolledById: userId },
        ),
      );
      await writeEvents(tx, tenantId, events, now);
    }
  });
}

async function activeCount(tenantId: string, flowId: string): Promise<number> {
  const [row] = await withTenantSql(
    tenantId,
    async (tx) => tx.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM flow_enrollment WHERE tenant_id = ${tenantId}::uuid AND flow_id = ${flowId}::uuid AND status = 'active'`,
  );
  return row!.n;
}

/** Polls (every 200 ms) until no enrollment of the flow is active; fails when none completed for `stallMs`. */
async function untilCompleted(tenantId: string, flowId: string, total: number, stallMs: number): Promise<void> {
  let last = -1;
  let progressAt = performance.now();
  let reportedAt = performance.now();
  for (;;) {
    const active = await activeCount(tenantId, flowId);
    if (active === 0) return;
    const now = performance.now();
    if (active !== last) {
      last = active;
      progressAt = now;
    } else if (now - progressAt > stallMs) throw new Error(`${active} enrollments still active, none completed for ${stallMs / 1000} s`);
    if (now - reportedAt >= 5_000) {
      reportedAt = now;
      log(`${total - active}/${total} enrollments completed`);
    }
    await sleep(200);
  }
}

interface LagSample {
  step: number;
  lag: number;
}

/** Each flow.step_completed of the flow: when it ran (the event's timestamp) minus when it was due (meta.dueAt), in ms. */
async function stepLags(tenantId: string, flowId: string): Promise<LagSample[]> {
  return withTenantSql(
    tenantId,
    async (tx) => tx.$queryRaw<LagSample[]>`
      SELECT (p.j->'meta'->>'step')::int AS step,
             (extract(epoch FROM (p.j->>'timestamp')::timestamptz - (p.j->'meta'->>'dueAt')::timestamptz) * 1000)::float8 AS lag
      FROM (SELECT payload::jsonb AS j FROM outbox_event WHERE tenant_id = ${tenantId}::uuid AND event = 'flow.step_completed') p
      WHERE p.j->>'flowId' = ${flowId}`,
  );
}

interface Spread {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function spread(samples: number[]): Spread {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(s.length * q))]!;
  return { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: s.at(-1)! };
}

/** The rows each step writes, over the tenant's enrollments: `bad_*` count enrollments (records) without exactly one. */
interface Tally {
  enrollments: number;
  finished: number;
  emails: number;
  bad_emails: number;
  tasks: number;
  bad_tasks: number;
  completed_events: number;
}

/** What must hold once every enrollment completed: each step ran exactly once. Returns the problems found. */
async function exactlyOnce(tenantId: string, expected: number): Promise<string[]> {
  const [c] = await withTenantSql(
    tenantId,
    async (tx) => tx.$queryRaw<Tally[]>`
      WITH e AS (SELECT id, record_id, status, end_reason FROM flow_enrollment WHERE tenant_id = ${tenantId}::uuid),
           m AS (SELECT enrollment_id, count(*)::int AS n FROM email_message WHERE tenant_id = ${tenantId}::uuid GROUP BY enrollment_id),
           a AS (SELECT record_id, count(*)::int AS n FROM activity WHERE tenant_id = ${tenantId}::uuid GROUP BY record_id)
      SELECT (SELECT count(*)::int FROM e) AS enrollments,
             (SELECT count(*)::int FROM e WHERE status = 'completed' AND end_reason = 'finished') AS finished,
             (SELECT coalesce(sum(n), 0)::int FROM m) AS emails,
             (SELECT count(*)::int FROM e LEFT JOIN m ON m.enrollment_id = e.id WHERE coalesce(m.n, 0) <> 1) AS bad_emails,
             (SELECT coalesce(sum(n), 0)::int FROM a) AS tasks,
             (SELECT count(*)::int FROM e LEFT JOIN a ON a.record_id = e.record_id WHERE coalesce(a.n, 0) <> 1) AS bad_tasks,
             (SELECT count(*)::int FROM outbox_event WHERE tenant_id = ${tenantId}::uuid AND event = 'flow.step_completed') AS completed_events`,
  );
  const problems: string[] = [];
  if (c!.enrollments !== expected) problems.push(`${c!.enrollments} enrollments, expected ${expected}`);
  if (c!.finished !== c!.enrollments) problems.push(`${c!.enrollments - c!.finished} enrollments not completed (finished)`);
  if (c!.emails !== c!.enrollments || c!.bad_emails > 0)
    problems.push(`${c!.emails} emails for ${c!.enrollments} enrollments; ${c!.bad_emails} enrollments without exactly one`);
  if (c!.tasks !== c!.enrollments || c!.bad_tasks > 0)
    problems.push(`${c!.tasks} tasks for ${c!.enrollments} records; ${c!.bad_tasks} records without exactly one`);
  if (c!.completed_events !== c!.enrollments * STEPS.length)
    problems.push(`${c!.completed_events} flow.step_completed events, expected ${c!.enrollments * STEPS.length}`);
  return problems;
}

async function main() {
  const database = process.env.DATABASE_URL ? await throwawayDatabase("crm_bench_flows") : undefined;
  const engine = database ? "PostgreSQL" : "PGlite";
  let stopJobs: (() => Promise<void>) | undefined;
  const db = openDatabase(database ? { engine: "postgres", ownerUrl: database.url } : { engine: "pglite", dataDir: "memory://" });
  setDatabase(db);
  try {
    const { tenantId, roles } = await provisionTenant({ name: "Bench", slug: `bench-${randomBytes(4).toString("hex")}` });
    await benchAdminKey(tenantId, roles.admin!); // creates the admin user, who enrolls and gets the tasks
    const userId = await withTenantSql(
      tenantId,
      async (tx) =>
        (await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM app_user WHERE tenant_id = ${tenantId}::uuid LIMIT 1`)[0]!.id,
    );

    let started = performance.now();
    const bulkIds = await createContacts(tenantId, userId, ENROLLMENTS, "Bulk");
    const pacedIds = await createContacts(tenantId, userId, PACED, "Paced");
    const bulkFlow = await activeFlow(tenantId, userId, "Throughput");
    const pacedFlow = await activeFlow(tenantId, userId, "Paced");
    const bulkData = await enrolledData(tenantId, bulkIds);
    const pacedData = await enrolledData(tenantId, pacedIds);
    log(`${ENROLLMENTS + PACED} contacts and 2 flows in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // 1. Throughput: every enrollment due at once, then the job started.
    started = performance.now();
    const dueNow = new Date();
    await enrollAll(tenantId, userId, bulkFlow, bulkIds, bulkData, () => dueNow);
    log(`${ENROLLMENTS} enrollments written in ${((performance.now() - started) / 1000).toFixed(1)} s; starting the flow-steps job`);
    const jobStarted = performance.now();
    // An empty env, so that JOBS=off in the shell cannot turn the measured job off.
    stopJobs = startBackgroundJobs([flowSteps], {});
    if (!stopJobs) throw new Error("the flow-steps job did not start");
    await untilCompleted(tenantId, bulkFlow.id, ENROLLMENTS, 60_000);
    const bulkSeconds = (performance.now() - jobStarted) / 1000;
    const bulkSteps = ENROLLMENTS * STEPS.length;
    log(`throughput: ${bulkSteps} steps in ${bulkSeconds.toFixed(1)} s = ${(bulkSteps / bulkSeconds).toFixed(0)} steps/s`);
    const bulkLag = spread((await stepLags(tenantId, bulkFlow.id)).map((s) => s.lag));

    // 2. Lag: enrollments falling due evenly from a second from now, the job still running.
    const firstDue = Date.now() + 1_000;
    await enrollAll(tenantId, userId, pacedFlow, pacedIds, pacedData, (i) => new Date(firstDue + i * PACE_MS));
    log(`${PACED} enrollments due from ${new Date(firstDue).toISOString().slice(11, 23)}, one every ${PACE_MS} ms, over ${SECONDS} s`);
    await untilCompleted(tenantId, pacedFlow.id, PACED, 60_000);
    const lags = await stepLags(tenantId, pacedFlow.id);
    const paced = spread(lags.map((s) => s.lag));
    const perStep = STEPS.map((step, k) => ({ type: step.type, ...spread(lags.filter((s) => s.step === k + 1).map((s) => s.lag)) }));

    await stopJobs?.();
    stopJobs = undefined;
    // 3. Exactly once, over both flows.
    const problems = await exactlyOnce(tenantId, ENROLLMENTS + PACED);

    const ms = (x: number) => `${x.toFixed(0)} ms`;
    const lagText = (s: Spread) => `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`;
    console.log(`\nFlows (${engine}, one instance, the flow-steps job in process; steps: email with a merge field, task)`);
    console.log("| case | result | target |\n|---|---|---|");
    console.log(
      `| throughput, ${ENROLLMENTS.toLocaleString("en")} enrollments due at once | ${bulkSteps.toLocaleString("en")} steps in ` +
        `${bulkSeconds.toFixed(1)} s = ${(bulkSteps / bulkSeconds).toFixed(0)} steps/s (lag then: ${lagText(bulkLag)}) | |`,
    );
    console.log(
      `| lag behind due time, ${RATE} due steps/s for ${SECONDS} s (${paced.n.toLocaleString("en")} steps) | ${lagText(paced)} | ` +
        `p95 <= ${TARGET_P95_MS} ms: ${paced.p95 <= TARGET_P95_MS ? "met" : "NOT MET"} |`,
    );
    for (const s of perStep) console.log(`| … ${s.type} steps (${s.n.toLocaleString("en")}) | ${lagText(s)} | |`);
    console.log(
      `| exactly once (${(ENROLLMENTS + PACED).toLocaleString("en")} enrollments) | ` +
        `${problems.length ? `FAILED: ${problems.join("; ")}` : "one email per enrollment, one task per record, every enrollment finished"} | exactly once |`,
    );
    if (problems.length) throw new Error(`exactly once failed: ${problems.join("; ")}`);
  } finally {
    await stopJobs?.();
    await (await db).close();
    // pg-pool's end() resolves before its connections have closed: DROP … WITH (FORCE) would cut them ("idle connection failed").
    if (database) await sleep(200);
    await database?.drop();
  }
}

runBench(main);
