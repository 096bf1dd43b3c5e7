import { beforeAll, describe, expect, it } from "vitest";
import { PATCH as patchRoute } from "@/app/api/v1/[object]/[id]/route.ts";
import { POST as bulkRoute } from "@/app/api/v1/[object]/bulk/route.ts";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/[object]/route.ts";
import { withTenant } from "@/lib/db/tenant.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { call } from "../helpers/rest.ts";

const create = (key: string, idem: string | undefined, body: unknown, object = "product") =>
  call(createRoute, { auth: key, params: { object }, body, headers: idem ? { "idempotency-key": idem } : {} });

async function count(t: TestTenant, key: string, name: string): Promise<number> {
  return (await call(listRoute, { auth: key, params: { object: "product" }, query: { filter: `name:${name}` } })).json<{ total: number }>().total;
}

const events = (t: TestTenant) => withTenant(t.tenantId, (tx) => tx.outboxEvent.count());

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
    const patch = () => call(patchRoute, { auth: key, method: "PATCH", params: { object: "product", id }, body: { price: "5.00" }, headers: { "idempotency-key": "p-1" } });
    const a = await patch();
    const b = await patch();
    expect(b.body).toEqual(a.body);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(await events(t)).toBe(before + 1);

    const bulk = () => call(bulkRoute, { auth: key, params: { object: "product" }, body: { records: [{ name: "Bulk idem" }] }, headers: { "idempotency-key": "b-1" } });
    expect((await bulk()).body).toEqual((await bulk()).body);
    expect(await count(t, key, "Bulk idem")).toBe(1);
  });

  it("keys expire after 24 hours", async () => {
    await create(key, "k-old", { name: "Old" });
    await withTenant(t.tenantId, (tx) => tx.$executeRaw`UPDATE idempotency_key SET created_at = now() - interval '25 hours' WHERE key = 'k-old'`);
    const res = await create(key, "k-old", { name: "Old" });
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(await count(t, key, "Old")).toBe(2);
  });
});
