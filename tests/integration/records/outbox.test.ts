/**
 * Record events written to the outbox with the change (spec 6.1, 6.4): exactly one
 * record.created / record.updated per record written, none for failures, deletes or rolled back
 * transactions, the payload of spec 6.4 with data equal to the API's record (record.updated adds
 * the changed fields with their values before and after), and only the tenant's own events visible.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { serverActor } from "@/lib/auth/actor.ts";
import type { SqlTx } from "@/lib/db/sql-tx.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { EVENT_PAYLOAD_SCHEMAS } from "@/lib/services/events/payloads.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { untrashRecord, updateRecords } from "@/lib/services/records/write-records.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { bigKey, errorOf, ISO_MS_RE, RecordsApi, type ApiRecord, type BulkCreateResult, type BulkUpdateResult } from "./helpers.ts";

type Changes = Record<string, { from: unknown; to: unknown }>;

interface Payload {
  event: string;
  tenantId: string;
  objectApiName: string;
  recordId: string;
  data: ApiRecord;
  changes?: Changes;
  timestamp: string;
}

interface Event {
  id: string;
  event: string;
  objectApiName: string;
  recordId: string;
  createdAt: Date;
  payload: Payload;
}

async function events(t: TestTenant): Promise<Event[]> {
  // No tenant filter: row-level security alone decides which events the tenant sees.
  const rows = await withTenantSql(
    t.tenantId,
    async (tx) =>
      await tx.$queryRaw<(Omit<Event, "payload"> & { payload: string })[]>`
      SELECT id::text, event, object_api_name AS "objectApiName", record_id::text AS "recordId", created_at AS "createdAt", payload
      FROM outbox_event ORDER BY created_at, id`,
  );
  return rows.map((r) => ({
    id: r.id,
    event: r.event,
    objectApiName: r.objectApiName,
    recordId: r.recordId,
    createdAt: r.createdAt,
    payload: JSON.parse(r.payload) as Payload,
  }));
}

describe("outbox events", () => {
  let t: TestTenant;
  let api: RecordsApi;
  /** Events written since the previous call. */
  let seen = new Set<string>();
  const fresh = async (): Promise<Event[]> => {
    const all = await events(t);
    const out = all.filter((e) => !seen.has(e.id));
    seen = new Set(all.map((e) => e.id));
    return out;
  };

  /**
   * One event of this kind per record, each with the spec 6.4 payload describing `record` (and,
   * for record.updated, `changes[record.id]`), valid against its published schema.
   */
  function expectEvents(
    got: Event[],
    event: "record.created" | "record.updated",
    records: ApiRecord[],
    o: { objectApiName?: string; changes?: Record<string, Changes> } = {},
  ): void {
    const objectApiName = o.objectApiName ?? "contact";
    expect(got.map((e) => `${e.event} ${e.recordId}`).sort()).toEqual(records.map((r) => `${event} ${r.id}`).sort());
    for (const record of records) {
      const e = got.find((x) => x.recordId === record.id)!;
      const keys = ["data", "event", "objectApiName", "recordId", "tenantId", "timestamp"];
      expect(Object.keys(e.payload).sort()).toEqual(event === "record.updated" ? [...keys, "changes"].sort() : keys);
      const changes = event === "record.updated" ? { changes: o.changes?.[record.id] ?? {} } : {};
      expect(e.payload).toEqual({
        event,
        tenantId: t.tenantId,
        objectApiName,
        recordId: record.id,
        data: record,
        ...changes,
        timestamp: record.updated_at,
      });
      expect(EVENT_PAYLOAD_SCHEMAS[event].parse(e.payload)).toEqual(e.payload);
      expect(e.payload.timestamp).toMatch(ISO_MS_RE);
      expect(e.objectApiName).toBe(objectApiName);
      expect(e.createdAt.toISOString()).toBe(record.updated_at);
    }
  }

  beforeAll(async () => {
    t = await createTestTenant("outbox");
    api = new RecordsApi(await bigKey(t, { allowDelete: true }), "contact");
    await fresh();
  });

  it("writes one record.created per single create, with data equal to the API's record", async () => {
    const r = await api.mustCreate({ first_name: "Eve", last_name: "Event", email: "eve@example.com", birthday: "1990-02-03" });
    expectEvents(await fresh(), "record.created", [r]);
    expect(await api.mustGet(r.id)).toEqual(r);
    expect(r.full_name).toBe("Eve Event");
  });

  it("writes one record.created per created bulk item and none for failed items", async () => {
    const res = await api.bulkCreate([
      { last_name: "B1" },
      { first_name: "no last name" },
      { last_name: "B2", email: "b2@example.com" },
      { last_name: "B3", email: "eve@example.com" },
      { last_name: "B4", birthday: "not a date" },
      { last_name: "B5" },
    ]);
    const body = res.json<BulkCreateResult>();
    expect(body.results.map((r) => r.ok)).toEqual([true, false, true, false, false, true]);
    const created = await Promise.all(body.results.filter((r) => r.ok).map((r) => api.mustGet(r.id!)));
    const got = await fresh();
    expectEvents(got, "record.created", created);
    // A bulk request is one write: its records and events share one stamp.
    expect(new Set(got.map((e) => e.payload.timestamp)).size).toBe(1);
  });

  it("writes one record.updated per single update, with the updated record", async () => {
    const r = await api.mustCreate({ last_name: "Upd" });
    await fresh();
    const patched = await api.patch(r.id, { job_title: "CTO" });
    expect(patched.status).toBe(200);
    const after = patched.json<ApiRecord>();
    expect(after.updated_at > r.updated_at).toBe(true);
    expectEvents(await fresh(), "record.updated", [after], { changes: { [r.id]: { job_title: { from: null, to: "CTO" } } } });
    const again = (await api.patch(r.id, { job_title: "CEO", do_not_email: true })).json<ApiRecord>();
    expectEvents(await fresh(), "record.updated", [again], {
      changes: { [r.id]: { job_title: { from: "CTO", to: "CEO" }, do_not_email: { from: null, to: true } } },
    });
  });

  it("lists in changes only the fields whose value changed, computed fields never", async () => {
    const r = await api.mustCreate({ first_name: "Ada", last_name: "Same", job_title: "Eng", do_not_email: false, birthday: "1990-01-02" });
    await fresh();
    // Sent again as stored, or empty sent as empty ("" and null alike): no change, still an event.
    const same = (
      await api.patch(r.id, { first_name: "Ada", last_name: "Same", do_not_email: false, birthday: "1990-01-02", phone: null, email: "" })
    ).json<ApiRecord>();
    expectEvents(await fresh(), "record.updated", [same], { changes: { [r.id]: {} } });
    // full_name (a formula) changes with first_name; only the stored field is listed.
    const renamed = (
      await api.patch(r.id, { first_name: "Grace", job_title: null, do_not_email: true, birthday: "1991-01-02", lifecycle_stage: "lead" })
    ).json<ApiRecord>();
    expect([same.full_name, renamed.full_name]).toEqual(["Ada Same", "Grace Same"]);
    expectEvents(await fresh(), "record.updated", [renamed], {
      changes: {
        [r.id]: {
          first_name: { from: "Ada", to: "Grace" },
          job_title: { from: "Eng", to: null },
          do_not_email: { from: false, to: true },
          birthday: { from: "1990-01-02", to: "1991-01-02" },
          lifecycle_stage: { from: null, to: "lead" },
        },
      },
    });
  });

  it("gives lookup, currency and multiselect changes in the API's format", async () => {
    const companies = new RecordsApi(api.auth, "company");
    const deals = new RecordsApi(api.auth, "opportunity");
    const [acme, globex] = [await companies.mustCreate({ name: "Acme" }), await companies.mustCreate({ name: "Globex" })];
    const deal = await deals.mustCreate({
      name: "Deal",
      stage: "proposal",
      company: acme.id,
      amount: "100",
      probability: 50,
      tags: ["upsell"],
    });
    await fresh();
    // 100 and "100.0" are the stored "100.00"; the company id in capitals is the same id.
    const same = (await deals.patch(deal.id, { amount: 100, company: acme.id.toUpperCase(), tags: ["upsell"] })).json<ApiRecord>();
    expectEvents(await fresh(), "record.updated", [same], { objectApiName: "opportunity" });
    const moved = (await deals.patch(deal.id, { amount: "250.5", company: globex.id, tags: ["renewal", "upsell"] })).json<ApiRecord>();
    expect(moved.expected_revenue).not.toEqual(deal.expected_revenue);
    expectEvents(await fresh(), "record.updated", [moved], {
      objectApiName: "opportunity",
      changes: {
        [deal.id]: {
          amount: { from: "100.00", to: "250.50" },
          company: { from: acme.id, to: globex.id },
          tags: { from: ["upsell"], to: ["renewal", "upsell"] },
        },
      },
    });
    const cleared = (await deals.patch(deal.id, { amount: null, company: "", tags: [] })).json<ApiRecord>();
    expectEvents(await fresh(), "record.updated", [cleared], {
      objectApiName: "opportunity",
      changes: {
        [deal.id]: {
          amount: { from: "250.50", to: null },
          company: { from: globex.id, to: null },
          tags: { from: ["renewal", "upsell"], to: null },
        },
      },
    });
  });

  it("writes one record.updated per updated bulk item and none for failed items", async () => {
    const [a, b, c, d] = [
      await api.mustCreate({ last_name: "BA" }),
      await api.mustCreate({ last_name: "BB" }),
      await api.mustCreate({ last_name: "BC", email: "bc@example.com" }),
      await api.mustCreate({ last_name: "BD" }),
    ];
    await fresh();
    const res = await api.bulkUpdate([
      { id: a.id, job_title: "One" },
      { id: randomUUID(), job_title: "Ghost" },
      { id: b.id, birthday: "nope" },
      { id: c.id, job_title: "Three" },
      { id: a.id, job_title: "dup" },
      { id: d.id, email: "BC@example.com" },
    ]);
    const body = res.json<BulkUpdateResult>();
    expect(body.results[5]).toMatchObject({ ok: false, error: "email: another record already has this value" });
    expect({ updated: body.updated, failed: body.failed }).toEqual({ updated: 2, failed: 4 });
    expectEvents(await fresh(), "record.updated", [await api.mustGet(a.id), await api.mustGet(c.id)], {
      changes: { [a.id]: { job_title: { from: null, to: "One" } }, [c.id]: { job_title: { from: null, to: "Three" } } },
    });
  });

  it("gives each bulk-updated record its own changes", async () => {
    const [a, b, c] = [
      await api.mustCreate({ last_name: "CA", job_title: "Old" }),
      await api.mustCreate({ last_name: "CB", email: "cb@example.com" }),
      await api.mustCreate({ last_name: "CC", phone: "+1 555 0100" }),
    ];
    await fresh();
    const res = await api.bulkUpdate([
      { id: a.id, job_title: "New", last_name: "CA" },
      { id: b.id, email: "cb2@example.com", first_name: "Bea" },
      { id: c.id, phone: "+1 555 0100" },
    ]);
    expect(res.json<BulkUpdateResult>().updated).toBe(3);
    expectEvents(await fresh(), "record.updated", [await api.mustGet(a.id), await api.mustGet(b.id), await api.mustGet(c.id)], {
      changes: {
        [a.id]: { job_title: { from: "Old", to: "New" } },
        [b.id]: { email: { from: "cb@example.com", to: "cb2@example.com" }, first_name: { from: null, to: "Bea" } },
        [c.id]: {},
      },
    });
  });

  it("writes nothing when the transaction of the write rolls back", async () => {
    const r = await api.mustCreate({ last_name: "Undone" });
    await fresh();
    const contact = (tx: SqlTx) => loadObjectSchema(tx, t.tenantId, "contact");
    const rollback = new Error("rolled back after the write");
    await expect(
      withTenantSql(t.tenantId, async (tx) => {
        const [result] = await updateRecords(tx, {
          actor: serverActor(t.tenantId, null),
          object: await contact(tx),
          updates: [{ id: r.id, patch: { job_title: "Never" } }],
        });
        expect(result).toMatchObject({ ok: true });
        const [{ n }] = await tx.$queryRaw<[{ n: number }]>`
          SELECT count(*)::int AS n FROM outbox_event WHERE record_id = ${r.id}::uuid AND event = 'record.updated'`;
        expect(n).toBe(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await api.remove(r.id)).status).toBe(204);
    await expect(
      withTenantSql(t.tenantId, async (tx) => {
        await untrashRecord(tx, t.tenantId, await contact(tx), r.id);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await fresh()).toEqual([]);
    expect((await api.get(r.id)).status).toBe(404);
  });

  it("writes nothing for failed creates and updates, or for deletes", async () => {
    const r = await api.mustCreate({ last_name: "Quiet", email: "quiet@example.com" });
    await fresh();
    expect((await api.create({ first_name: "missing last" })).status).toBe(400);
    expect(errorOf(await api.create({ last_name: "Dup", email: "QUIET@example.com" }), 400)).toBe(
      "email: another record already has this value",
    );
    expect((await api.create({ last_name: "Bad", company: randomUUID() })).status).toBe(400);
    expect((await api.patch(r.id, { email: "not an email" })).status).toBe(400);
    expect(errorOf(await api.patch(r.id, { email: "eve@example.com" }), 400)).toBe("email: another record already has this value");
    expect((await api.patch(randomUUID(), { job_title: "x" })).status).toBe(404);
    expect((await api.bulkCreate([{ first_name: "x" }, 5])).json<BulkCreateResult>().created).toBe(0);
    expect((await api.bulkUpdate([{ id: r.id, last_name: null }])).json<BulkUpdateResult>().updated).toBe(0);
    expect((await api.remove(r.id)).status).toBe(204);
    expect((await api.remove(r.id)).status).toBe(404);
    expect(await fresh()).toEqual([]);
  });

  it("writes record.updated when a record is restored from the trash", async () => {
    const r = await api.mustCreate({ last_name: "Phoenix" });
    expect((await api.remove(r.id)).status).toBe(204);
    await fresh();
    const restored = await api.restore(r.id);
    expect(restored.status).toBe(200);
    // Restoring changes no field value: changes is empty.
    expectEvents(await fresh(), "record.updated", [restored.json<ApiRecord>()], { changes: { [r.id]: {} } });
  });

  it("names the record's object and computes its read-only fields in data", async () => {
    const companies = new RecordsApi(api.auth, "company");
    const company = await companies.mustCreate({ name: "Evented Co", annual_revenue: "10.50" });
    expectEvents(await fresh(), "record.created", [company], { objectApiName: "company" });
    expect(company).toMatchObject({ open_deals: 0, pipeline_amount: null });
  });

  it("shows a tenant only its own events", async () => {
    const b = await createTestTenant("outbox-b");
    expect(await events(b)).toEqual([]);
    const mine = await new RecordsApi(await bigKey(b), "contact").mustCreate({ last_name: "B's own" });
    const bEvents = await events(b);
    expect(bEvents.map((e) => [e.recordId, e.payload.tenantId])).toEqual([[mine.id, b.tenantId]]);
    const aEvents = await events(t);
    expect(aEvents.length).toBeGreaterThan(5);
    expect(aEvents.every((e) => e.payload.tenantId === t.tenantId)).toBe(true);
    expect(aEvents.some((e) => e.recordId === mine.id)).toBe(false);
  });
});
