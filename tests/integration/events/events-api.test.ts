/**
 * The events feed (GET /api/v1/events, /events/{id}): newest first or after a cursor oldest first,
 * filters, paging that neither skips nor repeats while writes go on (a transaction that commits
 * after a later one's cannot slip behind a reader's cursor), what each credential sees (key
 * objects, roles, OAuth scopes), another tenant's events, retention, and the tenant whose object
 * was already called `events`. Events are written by real record writes through the REST API.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { purgeExpiredRows } from "@/lib/jobs/purge-expired.ts";
import { createObjectOp } from "@/lib/operations/objects/manage-objects.ts";
import type { EventPage } from "@/lib/schemas/events.ts";
import { createTestKey, createTestTenant, denyRole, resetRole, type TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";
import { approvedCode, createPublishedApp, mustExchange } from "../oauth/helpers.ts";
import { runAs, session } from "../operation-helpers.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";

const { GET: listRoute } = restRoute("/events");
const { GET: getRoute } = restRoute("/events/{id}");

type Page = Omit<EventPage, "data"> & {
  data: { id: string; type: string; objectApiName: string; recordId: string; payload: Record<string, unknown> }[];
};

async function list(auth: string, query: Record<string, string | string[]> = {}): Promise<Page> {
  const res = await call(listRoute, { auth, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.json<Page>();
}

/**
 * The feed shows an event once every write transaction that began before its own has ended,
 * anywhere in the database cluster: on a shared test server another file's transaction may hold
 * it back for a moment, so a test waits until the event it wrote last (of `type`) is listed: the
 * events of earlier transactions show no later than it does.
 */
async function settled(auth: string, recordId: string, type = "record.created"): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await list(auth, { limit: "500" })).data.some((e) => e.recordId === recordId && e.type === type)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`record ${recordId}'s ${type} event never showed in the feed`);
}

describe("GET /api/v1/events", () => {
  let t: TestTenant;
  let key: string;
  let contacts: RecordsApi;
  let companies: RecordsApi;

  beforeAll(async () => {
    t = await createTestTenant("events");
    key = await bigKey(t);
    contacts = new RecordsApi(key, "contact");
    companies = new RecordsApi(key, "company");
  });

  it("lists the tenant's events newest first, each with its payload, and pages back without a gap or a repeat", async () => {
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await contacts.mustCreate({ last_name: `Newest ${i}` }));
    await contacts.patch(created[0]!.id, { first_name: "Changed" });
    await settled(key, created[0]!.id, "record.updated");

    const first = await list(key, { limit: "3" });
    expect(first.data.map((e) => e.type)).toEqual(["record.updated", "record.created", "record.created"]);
    expect(first.data[0]!.recordId).toBe(created[0]!.id);
    expect(first.data[1]!.recordId).toBe(created[4]!.id);
    expect(first.has_more).toBe(true);
    expect(first.next_cursor).toMatch(/^evc_/);
    const updated = first.data[0]!;
    expect(updated.payload).toMatchObject({
      event: "record.updated",
      tenantId: t.tenantId,
      objectApiName: "contact",
      recordId: created[0]!.id,
      changes: { first_name: { from: null, to: "Changed" } },
    });
    expect(Object.keys(updated.payload)).toEqual(["event", "tenantId", "objectApiName", "recordId", "data", "changes", "timestamp"]);

    const seen = [...first.data.map((e) => e.id)];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await list(key, { limit: "3", after: cursor });
      seen.push(...page.data.map((e) => e.id));
      cursor = page.next_cursor;
      expect(cursor === null).toBe(!page.has_more);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(6);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it("after an event's id: the events after it, oldest first; the cursor keeps returning what commits later", async () => {
    const a = await companies.mustCreate({ name: "After A" });
    await settled(key, a.id);
    const [eventA] = (await list(key, { objectApiName: "company", limit: "1" })).data;
    expect(eventA!.recordId).toBe(a.id);

    const empty = await list(key, { after: eventA!.id });
    expect(empty).toEqual({ data: [], next_cursor: expect.stringMatching(/^evc_/), has_more: false });

    const b = await companies.mustCreate({ name: "After B" });
    const c = await companies.mustCreate({ name: "After C" });
    await settled(key, c.id);
    const next = await list(key, { after: empty.next_cursor! });
    expect(next.data.map((e) => e.recordId)).toEqual([b.id, c.id]);
    expect(next.has_more).toBe(false);
    expect((await list(key, { after: next.next_cursor! })).data).toEqual([]);
    // `start`: every event kept, oldest first.
    const all = await list(key, { after: "start", limit: "500" });
    expect(all.data.map((e) => e.recordId).slice(-3)).toEqual([a.id, b.id, c.id]);
    // The first event's id says the same as the cursor that came after it.
    expect((await list(key, { after: eventA!.id })).data.map((e) => e.recordId)).toEqual([b.id, c.id]);
    const paged = await list(key, { after: eventA!.id, limit: "1" });
    expect(paged.data.map((e) => e.recordId)).toEqual([b.id]);
    expect(paged.has_more).toBe(true);
    expect((await list(key, { after: paged.next_cursor!, limit: "1" })).data.map((e) => e.recordId)).toEqual([c.id]);
  });

  it("filters by type (repeatable), object and time; refuses unknown types and cursors with 400", async () => {
    const co = await companies.mustCreate({ name: "Filter Co" });
    await companies.patch(co.id, { name: "Filter Co 2" });
    const person = await contacts.mustCreate({ last_name: "Filter" });
    await settled(key, person.id);
    const since = new Date(Date.now() - 60_000).toISOString();

    const updates = await list(key, { type: "record.updated", objectApiName: "company", created_since: since });
    expect(updates.data.map((e) => [e.type, e.recordId])).toContainEqual(["record.updated", co.id]);
    expect(updates.data.every((e) => e.type === "record.updated" && e.objectApiName === "company")).toBe(true);
    const both = await list(key, { type: ["record.created", "record.updated"], objectApiName: "company", limit: "500" });
    expect(both.data.filter((e) => e.recordId === co.id).map((e) => e.type)).toEqual(["record.updated", "record.created"]);
    expect((await list(key, { created_since: new Date(Date.now() + 3_600_000).toISOString() })).data).toEqual([]);

    const bad: Record<string, string>[] = [
      { type: "record.deleted" },
      { after: "evc_nonsense" },
      { after: randomUUID() },
      { limit: "501" },
      { created_since: "soon" },
    ];
    for (const query of bad) {
      const res = await call(listRoute, { auth: key, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json().error).toMatch(new RegExp(Object.keys(query)[0]!));
    }
  });

  it("GET /events/{id}: one event with its payload; 404 for an unknown id", async () => {
    const co = await companies.mustCreate({ name: "Single" });
    await settled(key, co.id);
    const [event] = (await list(key, { objectApiName: "company", limit: "1" })).data;
    const res = await call(getRoute, { auth: key, params: { id: event!.id } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual(event);
    expect((await call(getRoute, { auth: key, params: { id: randomUUID() } })).status).toBe(404);
  });

  it("shows a credential only the events of records it may read: absent, not redacted, and 404 by id", async () => {
    const co = await companies.mustCreate({ name: "Scoped Co" });
    const person = await contacts.mustCreate({ last_name: "Scoped" });
    await settled(key, person.id);
    const personEvent = (await list(key, { objectApiName: "contact", limit: "1" })).data[0]!;
    const companyEvent = (await list(key, { objectApiName: "company", limit: "1" })).data[0]!;
    expect([personEvent.recordId, companyEvent.recordId]).toEqual([person.id, co.id]);

    const companyOnly = (await createTestKey(t, { allowedObjects: ["company"], readOnly: true })).secret;
    const seen = await list(companyOnly, { limit: "500" });
    expect(seen.data.length).toBeGreaterThan(0);
    expect(seen.data.every((e) => e.objectApiName === "company")).toBe(true);
    expect((await list(companyOnly, { objectApiName: "contact" })).data).toEqual([]);
    expect((await call(getRoute, { auth: companyOnly, params: { id: personEvent.id } })).status).toBe(404);
    expect((await call(getRoute, { auth: companyOnly, params: { id: companyEvent.id } })).status).toBe(200);
    // A cursor naming an event the credential cannot see is refused like one that names nothing.
    expect((await call(listRoute, { auth: companyOnly, query: { after: personEvent.id } })).status).toBe(400);

    const member = (await createTestKey(t, { role: "member" })).secret;
    expect((await list(member, { objectApiName: "contact", limit: "1" })).data).toHaveLength(1);
    await denyRole(t, "member", "contact", { read: false, create: false, update: false, delete: false });
    try {
      expect((await list(member, { objectApiName: "contact" })).data).toEqual([]);
      expect((await call(getRoute, { auth: member, params: { id: personEvent.id } })).status).toBe(404);
    } finally {
      await resetRole(t, "member", "contact");
    }
  });

  it("OAuth tokens need events:read, and see the objects their read scopes reach", async () => {
    const app = await createPublishedApp(["records:read:company", "events:read", "records:read"]);
    const scoped = await mustExchange(app, await approvedCode(t, app, ["records:read:company", "events:read"]));
    const seen = await list(scoped.access_token, { limit: "500" });
    expect(seen.data.length).toBeGreaterThan(0);
    expect(seen.data.every((e) => e.objectApiName === "company")).toBe(true);
    const without = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
    const refused = await call(listRoute, { auth: without.access_token });
    expect(refused.status).toBe(403);
    expect(refused.json().error).toBe("errors.insufficientScope");
  });

  it("another tenant's key sees none of these events, and 404 for one by id", async () => {
    const co = await companies.mustCreate({ name: "Mine" });
    await settled(key, co.id);
    const [mine] = (await list(key, { objectApiName: "company", limit: "1" })).data;
    const other = await createTestTenant("events-other");
    const otherKey = (await createTestKey(other)).secret;
    expect((await list(otherKey, { limit: "500" })).data.some((e) => e.id === mine!.id)).toBe(false);
    expect((await call(getRoute, { auth: otherKey, params: { id: mine!.id } })).status).toBe(404);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "never lets an event slip behind a cursor: one whose transaction began first but commits last is listed after the cursor, not skipped",
    async () => {
      const before = await companies.mustCreate({ name: "Before" });
      await settled(key, before.id);
      const cursor = (await list(key, { after: (await list(key, { limit: "1" })).data[0]!.id })).next_cursor!;

      // The earlier transaction runs on a session of its own, beside the app's pool and its tenant
      // bulkhead (which could make the later write wait for it): it writes its event, then waits.
      const owner = new pg.Client({ connectionString: inject("pgOwnerUrl") });
      await owner.connect();
      const slowId = randomUUID();
      const stamp = new Date().toISOString();
      const payload = JSON.stringify({
        event: "record.created",
        tenantId: t.tenantId,
        objectApiName: "company",
        recordId: slowId,
        data: { id: slowId, name: "Slow", owner_id: null, created_at: stamp, updated_at: stamp },
        timestamp: stamp,
      });
      await owner.query("BEGIN");
      await owner.query(
        `INSERT INTO outbox_event (tenant_id, id, event, object_api_name, record_id, payload, created_at)
         VALUES ($1, $2, 'record.created', 'company', $3, $4, now())`,
        [t.tenantId, randomUUID(), slowId, payload],
      );
      const fast = await companies.mustCreate({ name: "Fast" });
      try {
        // The later transaction has committed, but the earlier one is still open: neither is listed yet.
        const during = await list(key, { after: cursor });
        expect(during.data.map((e) => e.recordId)).not.toContain(fast.id);
        expect(during.data.map((e) => e.recordId)).not.toContain(slowId);
      } finally {
        await owner.query("COMMIT");
        await owner.end();
      }
      await settled(key, fast.id);
      const after = await list(key, { after: cursor });
      expect(after.data.map((e) => e.recordId)).toEqual([slowId, fast.id]);
    },
  );
});

describe("events retention (EVENTS_RETENTION_DAYS)", () => {
  const before = process.env.EVENTS_RETENTION_DAYS;
  afterEach(() => {
    if (before === undefined) delete process.env.EVENTS_RETENTION_DAYS;
    else process.env.EVENTS_RETENTION_DAYS = before;
  });

  it("keeps events 30 days by default, and as many days as set", async () => {
    const t = await createTestTenant("retention");
    const key = await bigKey(t);
    const contacts = new RecordsApi(key, "contact");
    const ids = [];
    for (const daysAgo of [2, 31]) {
      const c = await contacts.mustCreate({ last_name: `Aged ${daysAgo}` });
      await withTenantSql(
        t.tenantId,
        async (tx) => tx.$executeRaw`UPDATE outbox_event SET created_at = now() - make_interval(days => ${daysAgo}::int)
          WHERE tenant_id = ${t.tenantId}::uuid AND record_id = ${c.id}::uuid`,
      );
      ids.push(c.id);
    }
    const kept = async () =>
      (
        await withTenantSql(
          t.tenantId,
          async (tx) =>
            tx.$queryRaw<{ record_id: string }[]>`SELECT record_id::text FROM outbox_event WHERE tenant_id = ${t.tenantId}::uuid`,
        )
      ).map((r) => r.record_id);

    await purgeExpiredRows();
    expect(await kept()).toEqual([ids[0]]);
    process.env.EVENTS_RETENTION_DAYS = "1";
    await purgeExpiredRows();
    expect(await kept()).toEqual([]);
  });
});

describe("a tenant whose object was already called `events`", () => {
  it("keeps the object; the events paths answer 409 naming it until it is archived; no new object may take the name", async () => {
    const t = await createTestTenant("legacy-events");
    const key = await bigKey(t);
    // Written as an older version allowed it, before `events` was reserved.
    await withTenantSql(
      t.tenantId,
      async (tx) => tx.$executeRaw`INSERT INTO object_def (tenant_id, id, api_name, label, plural_label, custom)
        VALUES (${t.tenantId}::uuid, ${randomUUID()}::uuid, 'events', 'Event', 'Events', true)`,
    );
    const refused = await call(listRoute, { auth: key });
    expect(refused.status).toBe(409);
    expect(refused.json().message).toMatch(/object named 'events'.*\/api\/v1\/data\/events/);
    expect((await call(getRoute, { auth: key, params: { id: randomUUID() } })).status).toBe(409);
    // Its describe still answers: it is still an object.
    const { GET: describeObject } = restRoute("/objects/{apiName}");
    expect((await call(describeObject, { auth: key, params: { apiName: "events" } })).status).toBe(200);
    const { GET: dataRoute } = restRoute("/data/{object}");
    const data = await call(dataRoute, { auth: key, params: { object: "events" } });
    expect(data.status, JSON.stringify(data.body)).toBe(200);

    await withTenantSql(t.tenantId, async (tx) => tx.$executeRaw`UPDATE object_def SET archived_at = now() WHERE api_name = 'events'`);
    expect((await call(listRoute, { auth: key })).status).toBe(200);

    const created = await runAs(createObjectOp, session(t), { object: { apiName: "events", label: "Event", pluralLabel: "Events" } });
    expect(created).toMatchObject({ ok: false, status: 400 });
    expect(JSON.stringify(created)).toMatch(/reserved/);
  });
});
