import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { requestFingerprint, reserveIdempotencyKey } from "@/lib/operations/idempotency.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { call } from "../helpers/rest.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { PATCH: patchRoute } = restRoute("/{object}/{id}");
const { PATCH: bulkUpdateRoute, POST: bulkRoute } = restRoute("/{object}/bulk");
const { GET: listRoute, POST: createRoute } = restRoute("/{object}");

const create = (key: string, idem: string | undefined, body: unknown, object = "product") =>
  call(createRoute, { auth: key, params: { object }, body, headers: idem ? { "idempotency-key": idem } : {} });

async function count(t: TestTenant, key: string, name: string): Promise<number> {
  return (await call(listRoute, { auth: key, params: { object: "product" }, query: { filter: `name:${name}` } })).json<{ total: number }>()
    .total;
}

const events = async (t: TestTenant) =>
  (
    await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_event WHERE tenant_id = ${t.tenantId}::uuid`,
    )
  )[0]!.n;

describe("Idempotency-Key", () => {
  let t: TestTenant;
  let key: string;
  beforeAll(async () => {
    t = await createTestTenant("idem");
    key = (await createTestKey(t, { rateLimit: 10_000 })).secret;
  });

  it("replays the first response for the same key and body, and creates once", async () => {
    const before = await events(t);
    const first = await create(key, "k-1", { name: "Once" });
    const again = await create(key, "k-1", { name: "Once" });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await count(t, key, "Once")).toBe(1);
    expect(await events(t)).toBe(before + 1);
  });

  it("refuses the same key with a different body (409)", async () => {
    await create(key, "k-2", { name: "First body" });
    const res = await create(key, "k-2", { name: "Second body" });
    expect(res.status).toBe(409);
    expect(res.json().error).toContain("different request");
    expect(await count(t, key, "Second body")).toBe(0);
  });

  it("keys belong to one credential", async () => {
    const other = (await createTestKey(t, { rateLimit: 10_000 })).secret;
    await create(key, "shared", { name: "Per key" });
    const res = await create(other, "shared", { name: "Per key" });
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(await count(t, key, "Per key")).toBe(2);
  });

  it("a failed request stores nothing, so a corrected retry with the key runs", async () => {
    expect((await create(key, "k-3", { sku: "no name" })).status).toBe(400);
    const fixed = await create(key, "k-3", { name: "Fixed" });
    expect(fixed.status).toBe(201);
  });

  it("concurrent repeats run the operation once", async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => create(key, "k-race", { name: "Race" })));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(responses.map((r) => r.json<{ id: string }>().id)).size).toBe(1);
    expect(await count(t, key, "Race")).toBe(1);
  });

  it("works for PATCH and bulk requests", async () => {
    const id = (await create(key, undefined, { name: "Patched" })).json<{ id: string }>().id;
    const before = await events(t);
    const patch = () =>
      call(patchRoute, {
        auth: key,
        method: "PATCH",
        params: { object: "product", id },
        body: { price: "5.00" },
        headers: { "idempotency-key": "p-1" },
      });
    const a = await patch();
    const b = await patch();
    expect(b.body).toEqual(a.body);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(await events(t)).toBe(before + 1);

    const bulk = () =>
      call(bulkRoute, {
        auth: key,
        params: { object: "product" },
        body: { records: [{ name: "Bulk idem" }] },
        headers: { "idempotency-key": "b-1" },
      });
    expect((await bulk()).body).toEqual((await bulk()).body);
    expect(await count(t, key, "Bulk idem")).toBe(1);
  });

  it("replays the first answer exactly, key order included", async () => {
    const first = await create(key, "k-order", { name: "Ordered", sku: "ORD-1", price: "5", active: true });
    const again = await create(key, "k-order", { name: "Ordered", sku: "ORD-1", price: "5", active: true });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
  });

  it("a bulk create with a NUL in a field name creates the valid items and reports the bad one, with or without a key; the replay is the same", async () => {
    const records = [{ name: "Nul one" }, { name: "Nul bad", "bad\u0000name": "x" }, { name: "Nul two" }];
    const bulk = (idem?: string) =>
      call(bulkRoute, { auth: key, params: { object: "product" }, body: { records }, headers: idem ? { "idempotency-key": idem } : {} });
    const first = await bulk("nul-name");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.json()).toEqual({
      results: [
        { index: 0, ok: true, id: expect.any(String) },
        {
          index: 1,
          ok: false,
          error: "bad\u0000name: is not a field of this object: the name contains a NUL character or invalid Unicode",
          message: "bad\u0000name: is not a field of this object: the name contains a NUL character or invalid Unicode",
          code: "invalid_request",
          details: [{ path: "bad\u0000name", message: expect.any(String) }],
        },
        { index: 2, ok: true, id: expect.any(String) },
      ],
      created: 2,
      failed: 1,
    });
    const again = await bulk("nul-name");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
    expect(await count(t, key, "Nul one")).toBe(1);
    const unkeyed = await bulk();
    expect(unkeyed.status).toBe(200);
    expect(unkeyed.json()).toMatchObject({ created: 2, failed: 1 });
    expect(await count(t, key, "Nul one")).toBe(2);
  });

  it("item errors that quote a NUL from a value or an id are stored and replayed too", async () => {
    const opportunities = (idem: string) =>
      call(bulkRoute, {
        auth: key,
        params: { object: "opportunity" },
        body: {
          records: [
            { name: "Deal", stage: "proposal", tags: ["vip\u0000"] },
            { name: "Deal ok", stage: "proposal" },
          ],
        },
        headers: { "idempotency-key": idem },
      });
    const created = await opportunities("nul-value");
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.json()).toMatchObject({
      results: [{ ok: false, error: expect.stringContaining("'vip\u0000'") }, { ok: true }],
      created: 1,
      failed: 1,
    });
    expect(JSON.stringify((await opportunities("nul-value")).body)).toBe(JSON.stringify(created.body));

    const ghost = `${randomUUID()}\u0000`;
    const updates = () =>
      call(bulkUpdateRoute, {
        auth: key,
        method: "PATCH",
        params: { object: "product" },
        body: { updates: [{ id: ghost, name: "x" }] },
        headers: { "idempotency-key": "nul-id" },
      });
    const updated = await updates();
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.json()).toEqual({
      results: [{ index: 0, ok: false, error: `Record '${ghost}' not found`, message: `Record '${ghost}' not found`, code: "not_found" }],
      updated: 0,
      failed: 1,
    });
    expect((await updates()).headers.get("idempotent-replayed")).toBe("true");
  });

  it("refuses a key with control characters (a NUL cannot even cross HTTP) with 400, not a database error", async () => {
    const credentialId = randomUUID();
    for (const bad of ["k\u0000", "k\u0001x", "k\u007f"]) {
      await expect(
        withTenantSql(t.tenantId, (tx) => reserveIdempotencyKey(tx, t.tenantId, credentialId, bad, requestFingerprint({}))),
      ).rejects.toSatisfy(
        (e: unknown) =>
          isAppError(e) &&
          e.code === "invalid_request" &&
          e.message === "Idempotency-Key: must be 1 to 255 characters, none of them a control character",
      );
    }
  });

  it("keys expire after 24 hours", async () => {
    await create(key, "k-old", { name: "Old" });
    await withTenantSql(
      t.tenantId,
      async (tx) => tx.$executeRaw`UPDATE idempotency_key SET created_at = now() - interval '25 hours' WHERE key = 'k-old'`,
    );
    const res = await create(key, "k-old", { name: "Old" });
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(await count(t, key, "Old")).toBe(2);
  });
});
