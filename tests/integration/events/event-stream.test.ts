/**
 * GET /api/v1/events/stream (Server-Sent Events): replay from Last-Event-ID then live, live from the
 * open without it, the exact payload bytes as `data:`, filters and per-credential access, the
 * per-credential cap, OAuth's events:read, heartbeats, and a revoked key's stream ending. Events
 * are written by real record writes; the stream is woken by the outbox's commit notification.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_STREAMS_PER_CREDENTIAL } from "@/lib/schemas/events.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestKey, createTestTenant, revokeTestKey, type TestTenant } from "../../helpers/fixtures.ts";
import { openEventStream, type OpenStream } from "../../helpers/event-stream.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";
import { approvedCode, createPublishedApp, mustExchange } from "../oauth/helpers.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";

const { GET: listRoute } = restRoute("/events");

describe("GET /api/v1/events/stream", () => {
  let t: TestTenant;
  let key: string;
  let companies: RecordsApi;
  let contacts: RecordsApi;
  const open: OpenStream[] = [];
  const stream = async (...args: Parameters<typeof openEventStream>) => {
    const s = await openEventStream(...args);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestTenant("stream");
    key = await bigKey(t);
    companies = new RecordsApi(key, "company");
    contacts = new RecordsApi(key, "contact");
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
    delete process.env.EVENTS_STREAM_HEARTBEAT_MS;
  });

  /** The event of a record, as GET /events lists it (waiting until the feed shows it). */
  async function eventOf(recordId: string): Promise<{ id: string; payload: unknown }> {
    for (let i = 0; i < 200; i++) {
      const res = await call(listRoute, { auth: key, query: { limit: "50" } });
      const found = res.json<{ data: { id: string; recordId: string; payload: unknown }[] }>().data.find((e) => e.recordId === recordId);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no event of ${recordId}`);
  }

  it("replays what came after Last-Event-ID, then sends new events live, each with the exact payload", async () => {
    const first = await companies.mustCreate({ name: "Stream 1" });
    const second = await companies.mustCreate({ name: "Stream 2" });
    const third = await companies.mustCreate({ name: "Stream 3" });
    const from = await eventOf(first.id);
    await eventOf(third.id);

    const s = await stream(key, { lastEventId: from.id });
    expect(s.status).toBe(200);
    expect(s.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(s.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    const replayed = await s.events(2);
    const [e2, e3] = [await eventOf(second.id), await eventOf(third.id)];
    expect(replayed.map((f) => f.id)).toEqual([e2.id, e3.id]);
    expect(replayed.map((f) => f.event)).toEqual(["record.created", "record.created"]);
    expect(replayed[0]!.data).toBe(JSON.stringify(e2.payload));

    const live = await contacts.mustCreate({ last_name: "Live" });
    const [arrived] = await s.events(1, 5_000);
    expect(arrived!.id).toBe((await eventOf(live.id)).id);
    expect(JSON.parse(arrived!.data!)).toMatchObject({ event: "record.created", objectApiName: "contact", recordId: live.id });
  });

  it("without Last-Event-ID starts live: nothing from before the open", async () => {
    const before = await companies.mustCreate({ name: "Before the open" });
    await eventOf(before.id);
    const s = await stream(key);
    const after = await companies.mustCreate({ name: "After the open" });
    const [arrived] = await s.events(1, 5_000);
    expect(JSON.parse(arrived!.data!)).toMatchObject({ recordId: after.id });
  });

  it("tells a live start's position first, so that a client reconnecting with it before any event misses none", async () => {
    const before = await companies.mustCreate({ name: "Tail" });
    const tail = await eventOf(before.id);
    const s = await stream(key);
    const first = await s.next(5_000);
    expect(first).toMatchObject({ id: tail.id });
    await s.close();
    const missed = await companies.mustCreate({ name: "Missed while away" });
    const again = await stream(key, { lastEventId: first!.id });
    const [arrived] = await again.events(1, 5_000);
    expect(JSON.parse(arrived!.data!)).toMatchObject({ recordId: missed.id });

    // A credential that sees no event yet is told `start`: resuming from it replays all it can see.
    const fresh = await createTestTenant("stream-fresh");
    const freshKey = await bigKey(fresh);
    const empty = await stream(freshKey);
    expect(await empty.next(5_000)).toMatchObject({ id: "start" });
    await empty.close();
    const firstEver = await new RecordsApi(freshKey, "company").mustCreate({ name: "First ever" });
    const resumed = await stream(freshKey, { lastEventId: "start" });
    const [replayed] = await resumed.events(1, 5_000);
    expect(JSON.parse(replayed!.data!)).toMatchObject({ recordId: firstEver.id });
  });

  it("sends only the events a credential may read, of the types asked for, and none of another tenant", async () => {
    const companyOnly = (await createTestKey(t, { allowedObjects: ["company"], readOnly: true, rateLimit: 10_000 })).secret;
    const s = await stream(companyOnly, { query: { type: "record.updated" } });
    const other = await createTestTenant("stream-other");
    await new RecordsApi(await bigKey(other), "company").mustCreate({ name: "Theirs" });
    await contacts.mustCreate({ last_name: "Hidden" });
    const co = await companies.mustCreate({ name: "Created, not sent" });
    await companies.patch(co.id, { name: "Updated, sent" });
    const [arrived] = await s.events(1, 5_000);
    expect(JSON.parse(arrived!.data!)).toMatchObject({ event: "record.updated", tenantId: t.tenantId, recordId: co.id });
  });

  it(`allows ${MAX_STREAMS_PER_CREDENTIAL} streams per credential at once; the next gets 429 until one closes`, async () => {
    const capped = (await createTestKey(t, { rateLimit: 10_000 })).secret;
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_CREDENTIAL; i++) streams.push(await stream(capped));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const refused = await stream(capped);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.body?.error).toMatch(/Too many event streams/);
    // Another credential of the same user is not held back.
    expect((await stream(key)).status).toBe(200);
    await streams[0]!.close();
    // The closed stream frees its slot as it ends.
    let reopened = 0;
    for (let i = 0; i < 100 && reopened !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const again = await stream(capped);
      reopened = again.status;
      if (reopened === 200) await again.close();
    }
    expect(reopened).toBe(200);
  });

  it("counts a credential's streams on every instance, and a killed instance's slots free themselves", async () => {
    const capped = await createTestKey(t, { rateLimit: 10_000 });
    // Streams another instance holds (their rows, as it wrote them); this instance holds none.
    await withTenantSql(t.tenantId, async (tx) => {
      for (let i = 0; i < MAX_STREAMS_PER_CREDENTIAL; i++)
        await tx.$executeRaw`INSERT INTO event_stream_slot (tenant_id, id, credential_key, expires_at)
          VALUES (${t.tenantId}::uuid, ${randomUUID()}::uuid, ${`key:${capped.id}`}, now() + interval '1 minute')`;
    });
    const refused = await stream(capped.secret);
    expect(refused.status).toBe(429);
    // That instance was killed: its slots were not refreshed, and expire.
    await withTenantSql(t.tenantId, async (tx) => {
      await tx.$executeRaw`UPDATE event_stream_slot SET expires_at = now() - interval '1 second' WHERE credential_key = ${`key:${capped.id}`}`;
    });
    const opened = await stream(capped.secret);
    expect(opened.status).toBe(200);
    await opened.close();
  });

  it("refuses no credential (401), a token without events:read (403) and a cursor that names nothing (400)", async () => {
    expect((await stream(undefined)).status).toBe(401);
    const app = await createPublishedApp(["records:read", "events:read"]);
    const without = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
    const refused = await stream(without.access_token);
    expect(refused.status).toBe(403);
    expect(refused.body?.error).toBe("errors.insufficientScope");
    const withScope = await mustExchange(app, await approvedCode(t, app, ["records:read", "events:read"]));
    expect((await stream(withScope.access_token)).status).toBe(200);
    expect((await stream(key, { lastEventId: randomUUID() })).status).toBe(400);
    expect((await stream(key, { query: { type: "record.deleted" } })).status).toBe(400);
  });

  it("sends heartbeats, and ends the stream of a key revoked meanwhile", async () => {
    process.env.EVENTS_STREAM_HEARTBEAT_MS = "200";
    const revocable = await createTestKey(t, { rateLimit: 10_000 });
    const s = await stream(revocable.secret);
    const comments = [];
    while (comments.length < 2) {
      const f = await s.next(5_000);
      if (f?.comment === "heartbeat") comments.push(f);
    }
    await revokeTestKey(t, revocable.id);
    let f: Awaited<ReturnType<OpenStream["next"]>>;
    do f = await s.next(5_000);
    while (f);
    expect(f).toBeNull();
  });

  it("registers the tenant while a stream is open, so its writes notify; unregisters when the last closes", async () => {
    const rows = async () =>
      (
        await withTenantSql(
          t.tenantId,
          async (tx) =>
            tx.$queryRaw<
              { n: number }[]
            >`SELECT count(*)::int AS n FROM event_stream_tenant WHERE tenant_id = ${t.tenantId}::uuid AND expires_at > now()`,
        )
      )[0]!.n;
    const s = await stream(key);
    await s.next(5_000);
    expect(await rows()).toBe(1);
    await s.close();
    for (let i = 0; i < 50 && (await rows()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await rows()).toBe(0);
  });
});
