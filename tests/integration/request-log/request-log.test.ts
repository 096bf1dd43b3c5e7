/**
 * The request log (GET /api/v1/request-log): every authenticated REST, MCP and event-stream request
 * gets a line (credential, method, path or tool, status, duration, request id, address, error
 * code), written in batches off the request path; an error body's requestId finds its line; the
 * filters; who may read it (admins' unrestricted credentials, each tenant its own lines); what a
 * 401 leaves (nothing); REQUEST_LOG=off; the writer's bound and its retries that never repeat a
 * line; retention and the per-tenant cap.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { withJobSql } from "@/lib/db/job-transaction.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { newRequestId } from "@/lib/ids/uuid-v7.ts";
import { serveEventStream } from "@/lib/adapters/events-stream.ts";
import { purgeExpiredRows } from "@/lib/jobs/purge-expired.ts";
import { REQUEST_LOG_SCAN_WINDOW, type RequestLogFilter, type RequestLogLineOut } from "@/lib/schemas/request-log.ts";
import { listRequestLog } from "@/lib/services/request-log/query.ts";
import { flushRequestLog, pendingRequestLogLines, recordRequest, REQUEST_LOG_MAX_PENDING } from "@/lib/services/request-log/writer.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { failed, mcpClient, ok } from "../../helpers/mcp.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { approvedCode, createPublishedApp, mustExchange } from "../oauth/helpers.ts";

// The purge tests trim every tenant's log: this file's database is its own.
privateDatabase();

const { GET: logRoute } = restRoute("/request-log");
const { GET: getRecord } = restRoute("/{object}/{id}");
const { POST: createRecord } = restRoute("/{object}");

type Line = Omit<RequestLogLineOut, "created_at"> & { created_at: string };

/** The lines a filter finds, once every line recorded so far is written. */
async function lines(
  auth: string,
  query: Record<string, string> = {},
): Promise<{ data: Line[]; has_more: boolean; next_starting_after: string | null }> {
  await flushRequestLog();
  const res = await call(logRoute, { auth, query, path: "/request-log" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.json();
}

async function createContact(auth: string, lastName: string): Promise<string> {
  const res = await call(createRecord, { auth, params: { object: "contact" }, path: "/contact", body: { last_name: lastName } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.json<{ id: string }>().id;
}

describe("the request log", () => {
  let t: TestTenant;
  let admin: { secret: string; id: string };
  let contactId: string;

  beforeAll(async () => {
    t = await createTestTenant("request-log");
    admin = await createTestKey(t, { rateLimit: 1000 });
    contactId = await createContact(admin.secret, "Logged");
  });

  afterEach(() => {
    delete process.env.REQUEST_LOG;
    delete process.env.REQUEST_LOG_MAX_PER_TENANT;
  });

  it("records a REST request with its credential, method, path, status, duration, request id and address", async () => {
    const key = await createTestKey(t);
    const res = await call(getRecord, {
      auth: key.secret,
      params: { object: "contact", id: contactId },
      path: `/contact/${contactId}?fields=last_name`,
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(res.status).toBe(200);
    const { data } = await lines(admin.secret, { keyId: key.id });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      request_id: res.headers.get("x-request-id"),
      method: "GET",
      path: `/api/v1/contact/${contactId}`,
      tool: null,
      status: 200,
      credential: { kind: "api_key", id: key.id, name: expect.stringMatching(/^key /) },
      app_id: null,
      user_id: t.users.admin,
      ip: "203.0.113.7",
      error_code: null,
    });
    expect(data[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(data[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("an error body's requestId finds its line, with the error code; a refused body and a 429 are logged too", async () => {
    const key = await createTestKey(t, { rateLimit: 3 });
    const missing = await call(getRecord, { auth: key.secret, params: { object: "contact", id: randomUUID() }, path: "/contact/x" });
    expect(missing.status).toBe(404);
    const bad = await call(createRecord, { auth: key.secret, params: { object: "contact" }, path: "/contact", body: "{not json" });
    expect(bad.status).toBe(400);
    await call(getRecord, { auth: key.secret, params: { object: "contact", id: contactId }, path: "/contact/y" });
    const limited = await call(getRecord, { auth: key.secret, params: { object: "contact", id: contactId }, path: "/contact/z" });
    expect(limited.status).toBe(429);

    for (const [res, status] of [
      [missing, 404],
      [bad, 400],
      [limited, 429],
    ] as const) {
      const body = res.json<{ requestId: string; code: string }>();
      const found = await lines(admin.secret, { requestId: body.requestId });
      expect(found.data.map((l) => [l.status, l.error_code, l.credential.id])).toEqual([[status, body.code, key.id]]);
    }
    const all = await lines(admin.secret, { keyId: key.id });
    expect(all.data.map((l) => l.status)).toEqual([429, 200, 400, 404]);
  });

  it("a request whose credential fails to authenticate leaves no line", async () => {
    const before = (await lines(admin.secret, { status: "401" })).data.length;
    const res = await call(getRecord, { auth: "crm_sk_nope", params: { object: "contact", id: contactId }, path: "/contact/x" });
    expect(res.status).toBe(401);
    expect((await lines(admin.secret, { status: "401" })).data.length).toBe(before);
  });

  it("filters by status class or status, path prefix and time, and pages newest first without a repeat", async () => {
    const key = await createTestKey(t);
    for (let i = 0; i < 3; i++) await createContact(key.secret, `Filter ${i}`);
    await call(getRecord, { auth: key.secret, params: { object: "company", id: randomUUID() }, path: "/company/none" });
    const mine = { keyId: key.id };

    expect((await lines(admin.secret, { ...mine, status: "2xx" })).data.map((l) => l.status)).toEqual([201, 201, 201]);
    expect((await lines(admin.secret, { ...mine, status: "4xx" })).data.map((l) => l.path)).toEqual(["/api/v1/company/none"]);
    expect((await lines(admin.secret, { ...mine, status: "201" })).data).toHaveLength(3);
    expect((await lines(admin.secret, { ...mine, status: "5xx" })).data).toHaveLength(0);
    expect((await lines(admin.secret, { ...mine, path: "/api/v1/contact" })).data).toHaveLength(3);
    expect((await lines(admin.secret, { ...mine, path: "/api/v1/company/" })).data).toHaveLength(1);
    expect((await lines(admin.secret, { ...mine, since: new Date(Date.now() + 60_000).toISOString() })).data).toHaveLength(0);

    const first = await lines(admin.secret, { ...mine, limit: "2" });
    expect(first.has_more).toBe(true);
    expect(first.next_starting_after).toBe(first.data[1]!.id);
    const second = await lines(admin.secret, { ...mine, limit: "2", starting_after: first.next_starting_after! });
    expect(second.has_more).toBe(false);
    const ids = [...first.data, ...second.data].map((l) => l.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toEqual([...ids].sort().reverse());

    for (const status of ["2x", "600", "abc", "99"]) {
      const res = await call(logRoute, { auth: admin.secret, query: { status }, path: "/request-log" });
      expect(res.status).toBe(400);
    }
    expect((await call(logRoute, { auth: admin.secret, query: { path: "contact" }, path: "/request-log" })).status).toBe(400);
    // A request id is a UUID: anything else is refused, an unknown one finds nothing.
    expect((await call(logRoute, { auth: admin.secret, query: { requestId: "undefined" }, path: "/request-log" })).status).toBe(400);
    expect((await lines(admin.secret, { requestId: randomUUID() })).data).toEqual([]);
  });

  it("records MCP messages: a tool call with its tool and REST's status, a failed one with its requestId and code", async () => {
    const key = await createTestKey(t);
    const client = await mcpClient("v2-modern", key.secret);
    let error: { requestId: string; code: string };
    try {
      ok(await client.callTool({ name: "get_record", arguments: { object: "contact", id: contactId } }));
      const refused = await client.callTool({ name: "get_record", arguments: { object: "contact", id: randomUUID() } });
      failed(refused);
      error = refused._meta!["crm/error"] as typeof error;
    } finally {
      await client.close();
    }
    const { data } = await lines(admin.secret, { keyId: key.id, path: "/api/mcp" });
    const calls = data.filter((l) => l.tool === "get_record");
    expect(calls.map((l) => [l.method, l.status, l.error_code])).toEqual([
      ["POST", 404, error.code],
      ["POST", 200, null],
    ]);
    // The failed call's line is the one its error's requestId names.
    const found = await lines(admin.secret, { requestId: error.requestId });
    expect(found.data.map((l) => l.id)).toEqual([calls[0]!.id]);
    // The other messages of the session are named by their JSON-RPC method.
    expect(data.some((l) => l.tool !== "get_record" && l.tool !== null)).toBe(true);
  });

  it("records the opening of an event stream", async () => {
    const key = await createTestKey(t);
    const res = await serveEventStream(
      new Request("http://localhost/api/v1/events/stream", { headers: { authorization: `Bearer ${key.secret}` } }),
    );
    expect(res.status).toBe(200);
    await res.body!.cancel();
    const { data } = await lines(admin.secret, { keyId: key.id });
    expect(data.map((l) => [l.method, l.path, l.status, l.request_id])).toEqual([
      ["GET", "/api/v1/events/stream", 200, res.headers.get("x-request-id")],
    ]);
  });

  it("records an OAuth token's requests under its app, with the app's name", async () => {
    const app = await createPublishedApp(["records:read"]);
    const token = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
    const res = await call(getRecord, { auth: token.access_token, params: { object: "contact", id: contactId }, path: "/contact/a" });
    expect(res.status).toBe(200);
    const { data } = await lines(admin.secret, { appId: app.id });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ credential: { kind: "oauth", name: expect.stringMatching(/^App /) }, app_id: app.id, status: 200 });
    expect(data[0]!.credential.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is for admins' unrestricted credentials: a member's key, an object-limited key and a token without audit:read are refused", async () => {
    const member = await createTestKey(t, { role: "member" });
    expect((await call(logRoute, { auth: member.secret, path: "/request-log" })).json().error).toBe("errors.permissionDenied");
    const limited = await createTestKey(t, { allowedObjects: ["contact"] });
    const refused = await call(logRoute, { auth: limited.secret, path: "/request-log" });
    expect(refused.status).toBe(403);
    const readOnly = await createTestKey(t, { readOnly: true });
    expect((await call(logRoute, { auth: readOnly.secret, path: "/request-log" })).status).toBe(200);
    const app = await createPublishedApp(["records:read", "audit:read"]);
    const without = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
    expect((await call(logRoute, { auth: without.access_token, path: "/request-log" })).status).toBe(403);
    const granted = await mustExchange(app, await approvedCode(t, app, ["audit:read"]));
    expect((await call(logRoute, { auth: granted.access_token, path: "/request-log" })).status).toBe(200);
  });

  it("shows another tenant's admin none of these lines, not even by request id or key id", async () => {
    const other = await createTestTenant("request-log-b");
    const otherAdmin = await createTestKey(other);
    const mine = await lines(admin.secret, { keyId: admin.id });
    expect(mine.data.length).toBeGreaterThan(0);
    expect((await lines(otherAdmin.secret, { keyId: admin.id })).data).toEqual([]);
    expect((await lines(otherAdmin.secret, { requestId: mine.data[0]!.request_id })).data).toEqual([]);
    const theirs = await lines(otherAdmin.secret);
    expect(theirs.data.every((l) => l.credential.id === otherAdmin.id)).toBe(true);
  });

  it("REQUEST_LOG=off records nothing", async () => {
    process.env.REQUEST_LOG = "off";
    const key = await createTestKey(t);
    expect((await call(getRecord, { auth: key.secret, params: { object: "contact", id: contactId }, path: "/c" })).status).toBe(200);
    delete process.env.REQUEST_LOG;
    expect((await lines(admin.secret, { keyId: key.id })).data).toEqual([]);
  });
});

describe("the request log's writer and purge", () => {
  let t: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    t = await createTestTenant("request-log-writer");
    other = await createTestTenant("request-log-writer-b");
  });

  const principal = (tenant: TestTenant, keyId: string) => ({
    tenantId: tenant.tenantId,
    userId: tenant.users.admin,
    schemaVersion: 0,
    role: { roleKey: "admin", defaults: { read: true, create: true, update: true, delete: true }, objects: new Map() },
    credential: { kind: "api_key" as const, id: keyId, readOnly: false, allowedObjects: null, allowDelete: false, rateLimit: 1 },
  });
  const count = (tenant: TestTenant, keyId?: string) =>
    withTenantSql(tenant.tenantId, async (tx) => {
      const [row] = await tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM api_request_log WHERE ${keyId ?? null}::text IS NULL OR credential_id = ${keyId ?? null}::text`;
      return row!.n;
    });
  const record = (tenant: TestTenant, keyId: string, n: number) => {
    for (let i = 0; i < n; i++) {
      recordRequest(principal(tenant, keyId), {
        method: "GET",
        path: `/api/v1/contact/${i}`,
        status: 200,
        startedAt: performance.now(),
        requestId: newRequestId(),
        ip: null,
      });
    }
  };

  it("keeps at most REQUEST_LOG_MAX_PENDING lines while they wait, and writes every one it kept", async () => {
    const keyId = randomUUID();
    await flushRequestLog(); // the last test's reading of the log is a request with a line of its own
    record(t, keyId, REQUEST_LOG_MAX_PENDING + 25);
    expect(pendingRequestLogLines()).toBe(REQUEST_LOG_MAX_PENDING);
    await flushRequestLog();
    expect(pendingRequestLogLines()).toBe(0);
    expect(await count(t, keyId)).toBe(REQUEST_LOG_MAX_PENDING);

    // A filter no index serves examines at most a window of lines per page, then says where to go on.
    expect(REQUEST_LOG_MAX_PENDING).toBe(REQUEST_LOG_SCAN_WINDOW);
    const read = (f: Partial<RequestLogFilter>) =>
      withTenantSql(t.tenantId, (tx) => listRequestLog(tx, t.tenantId, { limit: 25, keyId, ...f }));
    const newest = await read({});
    const none = await read({ status: "5xx" });
    expect(none.data).toEqual([]);
    expect(none.has_more).toBe(true);
    const windowEnd = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM api_request_log WHERE credential_id = ${keyId} ORDER BY id LIMIT 1`,
    );
    expect(none.next_starting_after).toBe(windowEnd[0]!.id);
    expect(await read({ status: "5xx", starting_after: none.next_starting_after! })).toEqual({
      data: [],
      has_more: false,
      next_starting_after: null,
    });
    // A full page continues from its last line.
    expect(newest.next_starting_after).toBe(newest.data[24]!.id);
    const ok = await read({ status: "200", path: "/api/v1/contact/1" });
    expect(ok.data.length).toBe(25);
    expect(ok.data.every((l) => l.status === 200 && l.path.startsWith("/api/v1/contact/1"))).toBe(true);
  });

  it("a client's NUL or lone surrogate (an MCP tool name is theirs to write) is dropped from its line, not its batch", async () => {
    const keyId = randomUUID();
    await flushRequestLog();
    record(t, keyId, 3);
    recordRequest(principal(t, keyId), {
      method: "POST",
      path: "/api/mcp",
      tool: "get\u0000_record\ud800",
      status: 400,
      startedAt: performance.now(),
      requestId: newRequestId(),
      ip: null,
    });
    await flushRequestLog();
    expect(await count(t, keyId)).toBe(4);
    const [line] = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ tool: string }[]>`SELECT tool FROM api_request_log WHERE credential_id = ${keyId} AND tool IS NOT NULL`,
    );
    expect(line!.tool).toBe("get_record\ufffd");
  });

  it("a batch the database refuses (not an outage) is dropped, so it cannot stop the lines after it", async () => {
    const keyId = randomUUID();
    await flushRequestLog();
    // A line no request makes (a status out of range), as a bug might: the table's check refuses it.
    recordRequest(principal(t, keyId), {
      method: "GET",
      path: "/x",
      status: 1000,
      startedAt: performance.now(),
      requestId: newRequestId(),
      ip: null,
    });
    await flushRequestLog();
    expect(pendingRequestLogLines()).toBe(0);
    record(t, keyId, 2);
    await flushRequestLog();
    expect(await count(t, keyId)).toBe(2);
  });

  it("a batch sent again (its commit unconfirmed) adds no line twice", async () => {
    const line = {
      tenant_id: t.tenantId,
      id: newRequestId(),
      created_at: new Date().toISOString(),
      credential_kind: "api_key",
      credential_id: "again",
      method: "GET",
      path: "/api/v1/x",
      status: 200,
      duration_ms: 1,
    };
    const append = () =>
      withJobSql(
        async (tx) => (await tx.$queryRaw<{ n: number }[]>`SELECT request_log_append(${JSON.stringify([line])}::jsonb) AS n`)[0]!.n,
        {
          timeoutMs: 10_000,
        },
      );
    expect(await append()).toBe(1);
    expect(await append()).toBe(0);
    expect(await count(t, "again")).toBe(1);
  });

  it("requests cannot write or erase lines themselves: only the writer's and the purge's functions can", async () => {
    await expect(
      withTenantSql(t.tenantId, async (tx) => tx.$executeRaw`DELETE FROM api_request_log WHERE tenant_id = ${t.tenantId}::uuid`),
    ).rejects.toThrow(/permission denied/);
    await expect(
      withTenantSql(
        t.tenantId,
        async (
          tx,
        ) => tx.$executeRaw`INSERT INTO api_request_log (tenant_id, id, created_at, credential_kind, method, path, status, duration_ms, error)
          VALUES (${t.tenantId}::uuid, ${randomUUID()}::uuid, now(), 'api_key', 'GET', '/', 200, 1, 'forged')`,
      ),
    ).rejects.toThrow(/permission denied/);
  });

  it("the purge keeps each tenant's newest REQUEST_LOG_MAX_PER_TENANT lines and leaves smaller tenants alone", async () => {
    const keyId = randomUUID();
    record(t, keyId, 1_500);
    record(other, keyId, 10);
    await flushRequestLog();
    const total = await count(t);
    const newest = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM api_request_log ORDER BY id DESC LIMIT 1000`,
    );
    process.env.REQUEST_LOG_MAX_PER_TENANT = "1000";
    const { deleted } = await purgeExpiredRows({ batchSize: 400 });
    expect(deleted.api_request_log).toBe(total - 1000);
    const kept = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM api_request_log ORDER BY id DESC`,
    );
    expect(kept).toEqual(newest);
    expect(await count(other)).toBe(10);
  });
});
