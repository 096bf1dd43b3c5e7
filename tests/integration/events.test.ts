/**
 * The events home (lib/services/events): one writer for every event of the catalog (spec 6.1),
 * in the caller's transaction, with the payload of spec 6.4 that its published schema describes;
 * flow and approval events included, which have no producer yet. The outbox keeps each tenant's
 * events to itself under the application's role, whatever the query asks.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { withPlatformSql, withTenantSql } from "@/lib/db/tenant.ts";
import { EVENT_GROUPS, EVENT_NAMES, type EventName, type FlowEventName } from "@/lib/schemas/event-names.ts";
import { EVENT_PAYLOAD_SCHEMAS } from "@/lib/services/events/payloads.ts";
import { writeEvents, type NewEvent } from "@/lib/services/events/write-events.ts";
import { createTestTenant, type TestTenant } from "../helpers/fixtures.ts";

const record = (id: string) => ({
  id,
  name: "Acme",
  owner_id: null,
  created_at: "2026-01-02T03:04:05.006Z",
  updated_at: "2026-01-02T03:04:05.006Z",
});
const APPROVAL_STATUS = { "approval.requested": "pending", "approval.approved": "approved", "approval.rejected": "rejected" } as const;

/** One event of this name, as a producer would describe it. */
function sample(event: EventName): NewEvent {
  const recordId = randomUUID();
  if (event === "record.created") return { event, objectApiName: "company", recordId, data: record(recordId) };
  if (event === "record.updated")
    return { event, objectApiName: "company", recordId, data: record(recordId), changes: { name: { from: "Old", to: "Acme" } } };
  if (event === "approval.requested" || event === "approval.approved" || event === "approval.rejected") {
    const request = {
      id: randomUUID(),
      status: APPROVAL_STATUS[event],
      requestedBy: randomUUID(),
      approvers: [randomUUID()],
      decidedBy: event === "approval.requested" ? null : randomUUID(),
      comment: event === "approval.rejected" ? "Too large a discount" : null,
      created_at: AT,
      decided_at: event === "approval.requested" ? null : AT,
    };
    const subject = { objectApiName: "opportunity", recordId, data: record(recordId) };
    return { event, objectApiName: "opportunity", recordId, status: APPROVAL_STATUS[event], request, subject };
  }
  return {
    event,
    flowId: randomUUID(),
    flowName: "Onboarding",
    enrollmentId: randomUUID(),
    objectApiName: "contact",
    recordId,
    data: record(recordId),
    meta: FLOW_META[event],
  } as unknown as NewEvent;
}

const AT = "2026-03-04T05:06:07.089Z";
/** A meta of each flow event, as lib/services/events/payloads.ts documents it. */
const FLOW_META: Record<FlowEventName, Record<string, unknown>> = {
  "flow.enrolled": { step: 1, dueAt: AT, enrolledById: null },
  "flow.message_sent": { step: 1, messageId: "<m@crm.test>", emailId: randomUUID(), to: "ada@example.com", subject: "Hi", state: "queued" },
  "flow.step_completed": { step: 1, type: "email", dueAt: AT, messageId: "<m@crm.test>" },
  "flow.replied": {
    step: 1,
    messageId: "<m@crm.test>",
    replyMessageId: "<r@mail.test>",
    from: "ada@example.com",
    subject: "Re: Hi",
    receivedAt: AT,
  },
  "flow.completed": { reason: "replied" },
};

interface OutboxRow {
  tenantId: string;
  id: string;
  event: string;
  objectApiName: string;
  recordId: string;
  payload: string;
  createdAt: Date;
  processedAt: Date | null;
}

const readEvents = (t: TestTenant) =>
  withTenantSql(t.tenantId, async (tx) =>
    (
      await tx.$queryRaw<OutboxRow[]>`
        SELECT tenant_id::text AS "tenantId", id::text, event, object_api_name AS "objectApiName", record_id::text AS "recordId",
               payload, created_at AS "createdAt", processed_at AS "processedAt"
        FROM outbox_event ORDER BY created_at, id`
    ).map((r) => ({ ...r, payload: JSON.parse(r.payload) as unknown })),
  );

describe("events home", () => {
  let a: TestTenant;
  let b: TestTenant;

  beforeAll(async () => {
    a = await createTestTenant("events-a");
    b = await createTestTenant("events-b");
  });

  it("writes every event of the catalog in one call and reads each back as its schema describes it", async () => {
    const stamp = new Date("2026-03-04T05:06:07.089Z");
    // Twice over, so that events sharing one stamp must still keep the order given.
    const events = [...EVENT_NAMES, ...EVENT_NAMES].map(sample);
    await withTenantSql(a.tenantId, async (tx) => writeEvents(tx, a.tenantId, events, stamp));
    const rows = (await readEvents(a)).filter((r) => r.createdAt.getTime() === stamp.getTime());
    expect(rows.map((r) => r.event)).toEqual(events.map((e) => e.event));
    rows.forEach((row, i) => {
      const { event, ...rest } = events[i]!;
      const expected = { event, tenantId: a.tenantId, ...rest, timestamp: "2026-03-04T05:06:07.089Z" };
      expect(row.payload).toEqual(expected);
      expect(EVENT_PAYLOAD_SCHEMAS[event].parse(row.payload)).toEqual(expected);
      expect({ objectApiName: row.objectApiName, recordId: row.recordId, processedAt: row.processedAt }).toEqual({
        objectApiName: rest.objectApiName,
        recordId: rest.recordId,
        processedAt: null,
      });
    });
  });

  it("gives flow events the spec's fields and approval events the request, its subject and its status", async () => {
    const stamp = new Date();
    await withTenantSql(a.tenantId, async (tx) =>
      writeEvents(tx, a.tenantId, [sample("flow.replied"), sample("approval.rejected")], stamp),
    );
    const [flow, approval] = (await readEvents(a))
      .filter((r) => r.createdAt.getTime() === stamp.getTime())
      .map((r) => r.payload as Record<string, unknown>);
    expect(Object.keys(flow!).sort()).toEqual([
      "data",
      "enrollmentId",
      "event",
      "flowId",
      "flowName",
      "meta",
      "objectApiName",
      "recordId",
      "tenantId",
      "timestamp",
    ]);
    expect(Object.keys(approval!).sort()).toEqual([
      "event",
      "objectApiName",
      "recordId",
      "request",
      "status",
      "subject",
      "tenantId",
      "timestamp",
    ]);
    expect(approval).toMatchObject({ event: "approval.rejected", status: "rejected", objectApiName: "opportunity" });
  });

  it("each schema accepts its own group's event names only, and is named for the OpenAPI webhooks", () => {
    expect(Object.keys(EVENT_PAYLOAD_SCHEMAS).sort()).toEqual([...EVENT_NAMES].sort());
    for (const [group, names] of Object.entries(EVENT_GROUPS)) {
      const other = EVENT_NAMES.find((n) => !(names as readonly string[]).includes(n))!;
      for (const name of names) {
        const payload = { ...sample(name), tenantId: a.tenantId, timestamp: new Date().toISOString() };
        expect(EVENT_PAYLOAD_SCHEMAS[name].safeParse(payload).success, `${group}: ${name}`).toBe(true);
        expect(EVENT_PAYLOAD_SCHEMAS[name].safeParse({ ...payload, event: other }).success, `${group}: ${name} as ${other}`).toBe(false);
        expect(z.globalRegistry.get(EVENT_PAYLOAD_SCHEMAS[name]), name).toMatchObject({
          id: expect.any(String),
          description: expect.any(String),
        });
      }
    }
  });

  it("writes nothing when the transaction rolls back", async () => {
    const before = (await readEvents(a)).length;
    const rollback = new Error("the change failed after its events were written");
    await expect(
      withTenantSql(a.tenantId, async (tx) => {
        await writeEvents(tx, a.tenantId, [sample("flow.enrolled"), sample("approval.requested")], new Date());
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await readEvents(a)).toHaveLength(before);
  });

  it("keeps each tenant's events to itself under the application's role", async () => {
    const mine = sample("approval.approved");
    await withTenantSql(b.tenantId, async (tx) => writeEvents(tx, b.tenantId, [mine], new Date()));
    // No tenant filter in these queries: only the row-level security policy keeps A's rows out.
    const seenByB = await withTenantSql(
      b.tenantId,
      async (tx) => tx.$queryRaw<{ tenant_id: string; record_id: string }[]>`SELECT tenant_id::text, record_id::text FROM outbox_event`,
    );
    expect(seenByB).toEqual([{ tenant_id: b.tenantId, record_id: mine.recordId }]);
    const countOfA = await withTenantSql(
      b.tenantId,
      async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_event WHERE tenant_id = ${a.tenantId}::uuid`,
    );
    expect(countOfA).toEqual([{ n: 0 }]);
    expect((await readEvents(a)).some((r) => r.recordId === mine.recordId)).toBe(false);
    // Nor can B write an event into A's outbox, or anyone reach A's outside a tenant (the platform's transaction).
    await expect(
      withTenantSql(b.tenantId, async (tx) => writeEvents(tx, a.tenantId, [sample("record.created")], new Date())),
    ).rejects.toThrow(/row-level security/i);
    expect(await withPlatformSql(async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_event`)).toEqual([
      { n: 0 },
    ]);
  });
});
