/**
 * Record events written to the outbox with the change (spec 6.1, 6.4): exactly one
 * record.created / record.updated per record written, none for failures or deletes, the payload
 * of spec 6.4 with data equal to the API's record, and only the tenant's own events visible.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "@/lib/db/tenant.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { bigKey, errorOf, ISO_MS_RE, RecordsApi, type ApiRecord, type BulkCreateResult, type BulkUpdateResult } from "./helpers.ts";

interface Payload {
  event: string;
  tenantId: string;
  objectApiName: string;
  recordId: string;
  data: ApiRecord;
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
  const rows = await withTenant(t.tenantId, (tx) => tx.outboxEvent.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] }));
  return rows.map((r) => ({ id: r.id, event: r.event, objectApiName: r.objectApiName, recordId: r.recordId, createdAt: r.createdAt, payload: r.payload as unknown as Payload }));
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

  /** One event of this kind per record, each with the spec 6.4 payload describing `record`. */
  function expectEvents(got: Event[], event: "record.created" | "record.updated", records: ApiRecord[], objectApiName = "contact"): void {
    expect(got.map((e) => `${e.event} ${e.recordId}`).sort()).toEqual(records.map((r) => `${event} ${r.id}`).sort());
    for (const record of records) {
      const e = got.find((x) => x.recordId === record.id)!;
      expect(Object.keys(e.payload).sort()).toEqual(["data", "event", "objectApiName", "recordId", "tenantId", "timestamp"]);
      expect(e.payload).toEqual({ event, tenantId: t.tenantId, objectApiName, recordId: record.id, data: record, timestamp: record.updated_at });
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
    expectEvents(await fresh(), "record.updated", [after]);
    const again = (await api.patch(r.id, { job_title: "CEO", do_not_email: true })).json<ApiRecord>();
    expectEvents(await fresh(), "record.updated", [again]);
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
    expectEvents(await fresh(), "record.updated", [await api.mustGet(a.id), await api.mustGet(c.id)]);
  });

  it("writes nothing for failed creates and updates, or for deletes", async () => {
    const r = await api.mustCreate({ last_name: "Quiet", email: "quiet@example.com" });
    await fresh();
    expect((await api.create({ first_name: "missing last" })).status).toBe(400);
    expect(errorOf(await api.create({ last_name: "Dup", email: "QUIET@example.com" }), 400)).toBe("email: another record already has this value");
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
    expectEvents(await fresh(), "record.updated", [restored.json<ApiRecord>()]);
  });

  it("names the record's object and computes its read-only fields in data", async () => {
    const companies = new RecordsApi(api.auth, "company");
    const company = await companies.mustCreate({ name: "Evented Co", annual_revenue: "10.50" });
    expectEvents(await fresh(), "record.created", [company], "company");
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
