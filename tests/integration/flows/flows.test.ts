/**
 * Cadence flows end to end (issue 17, items 7–10): enrollment by REST, the flow-steps job running
 * email, wait and task steps exactly once with their events written in the same transaction, a
 * real SMTP server receiving the flow's email, and a real MIME reply posted to the inbound endpoint
 * stopping the enrollment, with flow.replied delivered to a webhook receiver. Refusals, stop,
 * tenant isolation, and two job runs at once each taking a step once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { recordEnrollmentsOp } from "@/lib/operations/flows/manage-enrollments.ts";
import { createFlowOp, setFlowStatusOp, updateFlowOp } from "@/lib/operations/flows/manage-flows.ts";
import { EVENT_PAYLOAD_SCHEMAS } from "@/lib/services/events/payloads.ts";
import type { EventName } from "@/lib/schemas/event-names.ts";
import { inboundSecret } from "@/lib/services/email/mail-config.ts";
import { sendQueuedEmail } from "@/lib/services/email/send-queued.ts";
import { unsubscribe } from "@/lib/services/unsubscribe/unsubscribe.ts";
import { unsubscribeToken } from "@/lib/services/email/unsubscribe-token.ts";
import { closeSmtpTransport } from "@/lib/services/email/transport.ts";
import { runDueSteps } from "@/lib/services/flows/run-steps.ts";
import { deliverWebhooks } from "../../helpers/deliver-webhooks.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { call } from "../../helpers/rest.ts";
import { startSmtpServer, type TestSmtpServer } from "../../helpers/smtp-server.ts";
import { startReceiver, type Receiver } from "../../helpers/webhook-receiver.ts";
import { expectOk, failure, runAs, session } from "../operation-helpers.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";
import { enrollmentState, enrollVia, makeDue, makeFlow, postInbound, replyMime } from "./helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: getFlowRoute } = restRoute("/flows/{id}");
const { POST: stopRoute } = restRoute("/flows/{id}/enrollments/{enrollmentId}/stop");
const { GET: listEnrollmentsRoute } = restRoute("/flows/{id}/enrollments");
const { GET: listFlowsRoute } = restRoute("/flows");
const { POST: createHook } = restRoute("/webhooks");

// The flow-steps, email-send and webhook jobs claim every tenant's work: on PostgreSQL this file gets a database of its own.
privateDatabase();

const FLOW_EVENTS = ["flow.enrolled", "flow.message_sent", "flow.step_completed", "flow.replied", "flow.completed"];
const saved = { SMTP_URL: process.env.SMTP_URL, WEBHOOK_ALLOW_NETWORKS: process.env.WEBHOOK_ALLOW_NETWORKS };

/** Runs the flow-steps job until no step is due. */
async function runSteps(): Promise<void> {
  for (let i = 0; i < 50; i++) if ((await runDueSteps()) === "done") return;
}

interface FlowPayload {
  event: string;
  enrollmentId: string;
  flowId: string;
  flowName: string;
  recordId: string;
  objectApiName: string;
  data: Record<string, unknown>;
  meta: Record<string, unknown>;
}

/** The flow events a receiver got, each checked against its documented schema. */
function flowEventsOf(receiver: Receiver, enrollmentId: string): FlowPayload[] {
  return receiver.received
    .map((r) => JSON.parse(r.body.toString()) as FlowPayload)
    .filter((p) => p.enrollmentId === enrollmentId)
    .map((p) => {
      EVENT_PAYLOAD_SCHEMAS[p.event as EventName].parse(p);
      return p;
    });
}

describe("cadence flows", () => {
  let t: TestTenant;
  let b: TestTenant;
  let key: string;
  let contacts: RecordsApi;
  let smtp: TestSmtpServer;
  let receiver: Receiver;

  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_NETWORKS = "127.0.0.1/32";
    smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
    receiver = await startReceiver();
    t = await createTestTenant("flows");
    b = await createTestTenant("flows-b");
    key = await bigKey(t, { allowDelete: true });
    contacts = new RecordsApi(key, "contact");
    const hook = await call(createHook, { auth: key, body: { url: receiver.url, events: FLOW_EVENTS } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    closeSmtpTransport();
    await smtp.close();
    await receiver.close();
  });

  it("sends the flow's email over SMTP, and a real reply posted to the inbound endpoint stops the enrollment with flow.replied delivered", async () => {
    const flow = await makeFlow(t, {
      name: "Welcome",
      steps: [
        { type: "email", subject: "Welcome, {{first_name}}", body: "Hello {{first_name}},\n\nglad to have you." },
        { type: "wait", minutes: 60 },
        { type: "task", subject: "Call {{first_name}}", dueInDays: 1 },
      ],
    });
    const ada = await contacts.mustCreate({ first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" });
    const enrolled = await enrollVia(key, flow.id, ada.id);
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    const enrollment = enrolled.json<{ id: string; status: string; step: number }>();
    expect(enrollment).toMatchObject({ status: "active", step: 1, recordId: ada.id, flowId: flow.id, endReason: null });

    await runSteps();
    // The email step ran once and the wait started: step 2 is due in an hour.
    const afterEmail = await enrollmentState(t, enrollment.id);
    expect(afterEmail.step_index).toBe(1);
    expect(afterEmail.due_at.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    await runSteps();
    expect((await enrollmentState(t, enrollment.id)).step_index).toBe(1);

    while ((await sendQueuedEmail()) === "more");
    const mail = smtp.received.find((m) => m.to.includes("ada@example.com"))!;
    expect(mail.parsed.subject).toBe("Welcome, Ada");
    expect(mail.parsed.text).toContain("Hello Ada");
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const [stored] = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ message_id: string; state: string; flow_step: number }[]>`
        SELECT message_id, state, flow_step FROM email_message WHERE tenant_id = ${t.tenantId}::uuid AND enrollment_id = ${enrollment.id}::uuid`,
    );
    expect(stored).toMatchObject({ state: "sent", flow_step: 1 });
    expect(mail.parsed.messageId).toBe(stored!.message_id);

    // The reply, as the recipient's mail client wrote it, through a provider's inbound-parse webhook.
    const raw = replyMime(mail.parsed.messageId!, { references: `<older@mail.example> ${mail.parsed.messageId}` });
    const refused = await postInbound(raw, { "content-type": "message/rfc822", authorization: "Bearer wrong" });
    // The same error body as every other refusal: a sentence, a code and the request's id.
    expect(refused).toEqual({
      status: 401,
      json: {
        error: expect.stringMatching(/^Invalid inbound email secret/),
        message: expect.stringMatching(/^Invalid inbound email secret: send EMAIL_INBOUND_SECRET/),
        code: "invalid_credential",
        requestId: expect.any(String),
      },
    });
    expect((await postInbound(raw, { "content-type": "message/rfc822" })).status).toBe(401);
    const replied = await postInbound(raw, { "content-type": "message/rfc822", authorization: `Bearer ${inboundSecret()}` });
    expect(replied).toEqual({ status: 200, json: { matched: true, enrollmentId: enrollment.id, stopped: true } });
    expect(await enrollmentState(t, enrollment.id)).toMatchObject({ status: "stopped", end_reason: "replied" });
    // The provider delivering it again changes nothing.
    const again = await postInbound(raw, { "content-type": "message/rfc822", authorization: `Bearer ${inboundSecret()}` });
    expect(again.json).toEqual({ matched: true, enrollmentId: enrollment.id, stopped: false });

    await makeDue(t);
    await runSteps();
    const tasks = await withTenantSql(
      t.tenantId,
      async (tx) =>
        tx.$queryRaw<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM activity WHERE tenant_id = ${t.tenantId}::uuid AND record_id = ${ada.id}::uuid`,
    );
    expect(tasks[0]!.n).toBe(0);

    await deliverWebhooks();
    const events = flowEventsOf(receiver, enrollment.id);
    expect(events.map((e) => e.event)).toEqual([
      "flow.enrolled",
      "flow.message_sent",
      "flow.step_completed",
      "flow.replied",
      "flow.completed",
    ]);
    for (const e of events) expect(e).toMatchObject({ flowId: flow.id, flowName: "Welcome", recordId: ada.id, objectApiName: "contact" });
    expect(events[0]!.data).toMatchObject({ id: ada.id, first_name: "Ada" });
    expect(events[1]!.meta).toMatchObject({ step: 1, messageId: stored!.message_id, to: "ada@example.com", subject: "Welcome, Ada" });
    expect(events[2]!.meta).toMatchObject({ step: 1, type: "email", messageId: stored!.message_id });
    expect(events[3]!.meta).toMatchObject({ step: 1, messageId: stored!.message_id, from: "ada@example.com", subject: "Re: Welcome" });
    expect(events[4]!.meta).toEqual({ reason: "replied" });
  });

  it("matches replies sent as a provider's multipart form (SendGrid's email, Mailgun's body-mime), and ignores mail that answers nothing of ours", async () => {
    const flow = await makeFlow(t, {
      name: "Form replies",
      steps: [
        { type: "email", subject: "Hi", body: "Hi" },
        { type: "wait", minutes: 5 },
      ],
    });
    const auth = { authorization: `Basic ${Buffer.from(`inbound:${inboundSecret()}`).toString("base64")}` };
    for (const field of ["email", "body-mime"]) {
      const person = await contacts.mustCreate({ last_name: field, email: `${field.replace("-", "")}@example.com` });
      const { id } = (await enrollVia(key, flow.id, person.id)).json<{ id: string }>();
      await runSteps();
      const [{ message_id }] = await withTenantSql(
        t.tenantId,
        async (tx) => tx.$queryRaw<{ message_id: string }[]>`SELECT message_id FROM email_message WHERE enrollment_id = ${id}::uuid`,
      );
      const form = new FormData();
      form.set("to", "crm@inbound.example");
      form.set(field, replyMime(message_id!));
      const res = await postInbound(form, auth);
      expect(res).toEqual({ status: 200, json: { matched: true, enrollmentId: id, stopped: true } });
    }
    // An out-of-office answer names our message too, but stops nothing.
    const person = await contacts.mustCreate({ last_name: "Away", email: "away@example.com" });
    const { id: awayId } = (await enrollVia(key, flow.id, person.id)).json<{ id: string }>();
    await runSteps();
    const [{ message_id: awayMessage }] = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ message_id: string }[]>`SELECT message_id FROM email_message WHERE enrollment_id = ${awayId}::uuid`,
    );
    const outOfOffice = `Auto-Submitted: auto-replied\r\n${replyMime(awayMessage!)}`;
    expect((await postInbound(outOfOffice, { ...auth, "content-type": "message/rfc822" })).json).toEqual({
      matched: false,
      automatic: true,
    });
    expect((await enrollmentState(t, awayId)).status).toBe("active");
    const garbage = await postInbound(Buffer.from([0xff, 0xfe, 0x00, 0x01]), { ...auth, "content-type": "message/rfc822" });
    expect(garbage.status).toBeLessThan(500);
    const stranger = await postInbound(replyMime("<someone-else@mail.example>"), { ...auth, "content-type": "message/rfc822" });
    expect(stranger).toEqual({ status: 200, json: { matched: false } });
    const noReply = await postInbound("Subject: hello\r\n\r\nbody", { ...auth, "content-type": "message/rfc822" });
    expect(noReply.json).toEqual({ matched: false });
    const empty = await postInbound("", { ...auth, "content-type": "message/rfc822" });
    expect(empty.status).toBe(400);
    const huge = await postInbound("x", { ...auth, "content-type": "message/rfc822", "content-length": String(11 * 1024 * 1024) });
    expect(huge.status).toBe(413);
  });

  it("runs task and wait steps in order, each once, and completes with reason finished", async () => {
    const flow = await makeFlow(t, {
      name: "Tasks",
      steps: [
        { type: "task", subject: "Research the account", body: "Look them up", dueInDays: 2 },
        { type: "wait", minutes: 30 },
        { type: "task", subject: "Follow up with {{first_name}}", dueInDays: 0 },
      ],
    });
    const grace = await contacts.mustCreate({ first_name: "Grace", last_name: "Hopper" });
    const { id } = (await enrollVia(key, flow.id, grace.id)).json<{ id: string }>();
    await runSteps();
    await runSteps();
    expect(await enrollmentState(t, id)).toMatchObject({ status: "active", step_index: 1 });
    await makeDue(t);
    await runSteps();
    expect(await enrollmentState(t, id)).toMatchObject({ status: "completed", step_index: 3, end_reason: "finished" });
    const tasks = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ subject: string; type: string; assignee_id: string; due_at: Date }[]>`
        SELECT subject, type, assignee_id::text, due_at FROM activity WHERE tenant_id = ${t.tenantId}::uuid AND record_id = ${grace.id}::uuid ORDER BY created_at`,
    );
    expect(tasks.map((x) => [x.subject, x.type, x.assignee_id])).toEqual([
      ["Research the account", "task", t.users.admin],
      ["Follow up with Grace", "task", t.users.admin],
    ]);
    expect(tasks[0]!.due_at.getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);

    await deliverWebhooks();
    const events = flowEventsOf(receiver, id);
    expect(events.map((e) => [e.event, e.meta.step, e.meta.type])).toEqual([
      ["flow.enrolled", 1, undefined],
      ["flow.step_completed", 1, "task"],
      ["flow.step_completed", 2, "wait"],
      ["flow.step_completed", 3, "task"],
      ["flow.completed", undefined, undefined],
    ]);
    expect(events[4]!.meta).toEqual({ reason: "finished" });
  });

  it("refuses what cannot run (paused flow, enrolled twice, no address, unsubscribed) with 400s, and ends enrollments whose person goes away", async () => {
    const paused = await makeFlow(t, { name: "Paused", steps: [{ type: "email", subject: "Hi", body: "Hi" }] }, false);
    const flow = await makeFlow(t, {
      name: "Email twice",
      steps: [
        { type: "wait", minutes: 1 },
        { type: "email", subject: "Hi", body: "Hi" },
      ],
    });
    const linus = await contacts.mustCreate({ last_name: "Torvalds", email: "linus@example.com" });
    expect(failure(await runAs(updateFlowOp, session(t), { id: flow.id, changes: { steps: [{ type: "wait", minutes: 2 }] } }))).toEqual({
      status: 400,
      error: "steps: the flow is active; pause it before changing its steps",
    });
    const pausedRes = await enrollVia(key, paused.id, linus.id);
    expect([pausedRes.status, pausedRes.json().error]).toEqual([400, expect.stringContaining("is paused")]);
    expect((await enrollVia(key, flow.id, linus.id)).status).toBe(201);
    const twice = await enrollVia(key, flow.id, linus.id);
    expect([twice.status, twice.json().error]).toEqual([400, expect.stringContaining("already going through")]);
    const silent = await contacts.mustCreate({ last_name: "Silent" });
    expect((await enrollVia(key, flow.id, silent.id)).json().error).toContain("has no valid email address");
    const optedOut = await contacts.mustCreate({ last_name: "Gone", email: "gone@example.com", email_opt_out: true });
    expect((await enrollVia(key, flow.id, optedOut.id)).json().error).toContain("unsubscribed");
    expect((await enrollVia(key, flow.id, "01890000-0000-7000-8000-000000000000")).status).toBe(404);

    // Unsubscribing during the wait ends the enrollment at the email step; trashing the record ends another.
    const ida = await contacts.mustCreate({ last_name: "Noether", email: "ida@example.com" });
    const one = (await enrollVia(key, flow.id, ida.id)).json<{ id: string }>().id;
    const two = (await enrollVia(key, flow.id, (await contacts.mustCreate({ last_name: "Trash", email: "t@example.com" })).id)).json<{
      id: string;
      recordId: string;
    }>();
    expect((await contacts.patch(ida.id, { email_opt_out: true })).status).toBe(200);
    expect((await contacts.remove(two.recordId)).status).toBe(204);
    await makeDue(t);
    await runSteps();
    expect(await enrollmentState(t, one)).toMatchObject({ status: "stopped", end_reason: "unsubscribed" });
    expect(await enrollmentState(t, two.id)).toMatchObject({ status: "stopped", end_reason: "record_deleted" });
    const linusEnrollment = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM email_message WHERE to_address = 'linus@example.com'`,
    );
    expect(linusEnrollment[0]!.n).toBe(1);
  });

  it("pausing holds the steps, stopping ends an enrollment once, and the REST reads list flows and enrollments", async () => {
    const flow = await makeFlow(t, {
      name: "Pause me",
      steps: [
        { type: "task", subject: "One" },
        { type: "task", subject: "Two" },
      ],
    });
    const person = await contacts.mustCreate({ last_name: "Paused" });
    const { id } = (await enrollVia(key, flow.id, person.id)).json<{ id: string }>();
    await runAs(setFlowStatusOp, session(t), { id: flow.id, status: "paused" });
    await runSteps();
    expect((await enrollmentState(t, id)).step_index).toBe(0);
    await runAs(setFlowStatusOp, session(t), { id: flow.id, status: "active" });
    await runDueSteps();
    expect((await enrollmentState(t, id)).step_index).toBe(1);

    const stop = () => call(stopRoute, { auth: key, method: "POST", params: { id: flow.id, enrollmentId: id } });
    const stopped = await stop();
    expect(stopped.json()).toMatchObject({ status: "stopped", endReason: "stopped", dueAt: null, step: 2 });
    expect((await stop()).json()).toEqual(stopped.json());
    await runSteps();
    expect((await enrollmentState(t, id)).step_index).toBe(1);

    const list = await call(listEnrollmentsRoute, { auth: key, params: { id: flow.id }, query: { status: "stopped" } });
    expect(list.json()).toMatchObject({ total: 1, data: [{ id, endReason: "stopped" }] });
    const flows = await call(listFlowsRoute, { auth: key });
    expect(flows.json<{ data: { id: string }[] }>().data.map((f) => f.id)).toContain(flow.id);
    expect((await call(getFlowRoute, { auth: key, params: { id: flow.id } })).json()).toMatchObject({
      id: flow.id,
      steps: [
        { type: "task", subject: "One", dueInDays: 0 },
        { type: "task", subject: "Two", dueInDays: 0 },
      ],
    });

    await deliverWebhooks();
    expect(flowEventsOf(receiver, id).at(-1)!.meta).toEqual({ reason: "stopped", stoppedById: t.users.admin });
  });

  it("refuses a merge field that is no field when the flow is saved, naming the step", async () => {
    const typo = await runAs(createFlowOp, session(t), {
      flow: {
        name: "Typo",
        objectApiName: "contact",
        steps: [
          { type: "task", subject: "x" },
          { type: "email", subject: "Hi {{frist_name}}", body: "b" },
        ],
      },
    });
    expect(typo).toMatchObject({ status: 400, error: "steps.1.subject: {{frist_name}} is not a field of contact" });
    const lead = await runAs(createFlowOp, session(t), {
      flow: {
        name: "Lead",
        objectApiName: "lead",
        steps: [{ type: "email", subject: "Hi {{first_name}}", body: "About {{status}} ({{id}})" }],
      },
    });
    expect(lead.ok).toBe(true);
  });

  it("unsubscribing ends the person's flows at once; a flow whose stored steps no longer parse ends its enrollments without holding up others", async () => {
    const flow = await makeFlow(t, {
      name: "Long",
      steps: [
        { type: "wait", minutes: 600 },
        { type: "email", subject: "Hi", body: "Hi" },
      ],
    });
    const person = await contacts.mustCreate({ last_name: "Leaving", email: "leaving@example.com" });
    const { id } = (await enrollVia(key, flow.id, person.id)).json<{ id: string }>();
    const token = unsubscribeToken({ tenantId: t.tenantId, objectApiName: "contact", recordId: person.id, address: "leaving@example.com" });
    expect(await unsubscribe(token)).toMatchObject({ address: "leaving@example.com" });
    expect(await enrollmentState(t, id)).toMatchObject({ status: "stopped", end_reason: "unsubscribed" });

    const broken = await makeFlow(t, { name: "Broken", steps: [{ type: "task", subject: "a" }] });
    const fine = await makeFlow(t, { name: "Fine", steps: [{ type: "task", subject: "b" }] });
    const one = await contacts.mustCreate({ last_name: "Broken" });
    const two = await contacts.mustCreate({ last_name: "Fine" });
    const brokenId = (await enrollVia(key, broken.id, one.id)).json<{ id: string }>().id;
    const fineId = (await enrollVia(key, fine.id, two.id)).json<{ id: string }>().id;
    await withTenantSql(
      t.tenantId,
      async (tx) =>
        tx.$executeRaw`UPDATE flow SET steps = '[{"type":"sms","to":"x"}]'::jsonb WHERE tenant_id = ${t.tenantId}::uuid AND id = ${broken.id}::uuid`,
    );
    await runSteps();
    expect(await enrollmentState(t, brokenId)).toMatchObject({ status: "stopped", end_reason: "failed" });
    expect(await enrollmentState(t, fineId)).toMatchObject({ status: "completed", end_reason: "finished" });
    expect((await call(getFlowRoute, { auth: key, params: { id: broken.id } })).json()).toMatchObject({ steps: [] });
    expect((await enrollVia(key, broken.id, two.id)).json().error).toContain("has no valid steps");
  });

  it("keeps tenants apart: another tenant's flow, enrollment and records are not found", async () => {
    const flow = await makeFlow(t, { name: "Mine", steps: [{ type: "task", subject: "x" }] });
    const mine = await contacts.mustCreate({ last_name: "Mine" });
    const keyB = await bigKey(b);
    expect((await call(getFlowRoute, { auth: keyB, params: { id: flow.id } })).status).toBe(404);
    expect((await enrollVia(keyB, flow.id, mine.id)).status).toBe(404);
    expect((await call(listEnrollmentsRoute, { auth: keyB, params: { id: flow.id } })).status).toBe(404);
    expect((await call(listFlowsRoute, { auth: keyB })).json()).toEqual({ data: [] });
    const flowB = await makeFlow(b, { name: "Theirs", steps: [{ type: "task", subject: "x" }] });
    expect((await enrollVia(keyB, flowB.id, mine.id)).status).toBe(404);
    const { id } = (await enrollVia(key, flow.id, mine.id)).json<{ id: string }>();
    expect((await call(stopRoute, { auth: keyB, method: "POST", params: { id: flow.id, enrollmentId: id } })).status).toBe(404);
    expect((await call(stopRoute, { auth: keyB, method: "POST", params: { id: flowB.id, enrollmentId: id } })).status).toBe(404);
    // The record page's list: only the record's own object, only its tenant.
    expect(expectOk(await runAs(recordEnrollmentsOp, session(t), { objectApiName: "contact", recordId: mine.id })).data).toHaveLength(1);
    expect(expectOk(await runAs(recordEnrollmentsOp, session(t), { objectApiName: "lead", recordId: mine.id })).data).toEqual([]);
    expect(expectOk(await runAs(recordEnrollmentsOp, session(b), { objectApiName: "contact", recordId: mine.id })).data).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)("two job runs at once take each due step once between them", async () => {
    const flow = await makeFlow(t, {
      name: "Race",
      steps: [
        { type: "email", subject: "Hello {{last_name}}", body: "Hi" },
        { type: "task", subject: "Call {{last_name}}" },
      ],
    });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const person = await contacts.mustCreate({ last_name: `Race ${i}`, email: `race${i}@example.com` });
      ids.push((await enrollVia(key, flow.id, person.id)).json<{ id: string }>().id);
    }
    const loop = async () => {
      for (let i = 0; i < 50; i++) if ((await runDueSteps({ perClaim: 7 })) === "done") return;
    };
    await Promise.all([loop(), loop()]);
    const counts = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ emails: number; tasks: number; done: number }[]>`
        SELECT (SELECT count(*)::int FROM email_message WHERE enrollment_id = ANY(${ids}::uuid[])) AS emails,
               (SELECT count(*)::int FROM activity a JOIN flow_enrollment e ON e.record_id = a.record_id AND e.tenant_id = a.tenant_id
                 WHERE e.id = ANY(${ids}::uuid[])) AS tasks,
               (SELECT count(*)::int FROM flow_enrollment WHERE id = ANY(${ids}::uuid[]) AND end_reason = 'finished') AS done`,
    );
    expect(counts[0]).toEqual({ emails: 60, tasks: 60, done: 60 });
  });
});
