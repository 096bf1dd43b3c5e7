/**
 * REST hooks (DESIGN.md, spec 2.7, 5.5): /api/v1/webhooks for people allowed to manage settings,
 * the secret returned once, the destination rules at registration with the field's message, the
 * preselected events, the cap, pause and resume, and no way into another tenant's webhooks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { MAX_WEBHOOKS_PER_TENANT } from "@/lib/schemas/webhooks.ts";
import { openSecret } from "@/lib/services/webhooks/secret-box.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: getDelivery } = restRoute("/webhooks/{id}/deliveries/{deliveryId}");
const { GET: listDeliveries } = restRoute("/webhooks/{id}/deliveries");
const { DELETE: deleteHook, GET: getHook, PATCH: patchHook } = restRoute("/webhooks/{id}");
const { GET: listHooks, POST: createHook } = restRoute("/webhooks");

const PUBLIC_URL = "https://203.0.113.10/hooks"; // a documentation address: never contacted here
const allowBefore = process.env.WEBHOOK_ALLOW_NETWORKS;

describe("REST hooks", () => {
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;

  beforeAll(async () => {
    a = await createTestTenant("hooks-a");
    b = await createTestTenant("hooks-b");
    keyA = (await createTestKey(a)).secret;
    keyB = (await createTestKey(b)).secret;
    // Documentation ranges are refused like any reserved range; admit this one as an operator would.
    process.env.WEBHOOK_ALLOW_NETWORKS = "203.0.113.0/24";
  });
  afterEach(() => {
    process.env.WEBHOOK_ALLOW_NETWORKS = "203.0.113.0/24";
  });
  afterAll(() => {
    if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_NETWORKS;
    else process.env.WEBHOOK_ALLOW_NETWORKS = allowBefore;
  });

  const create = (auth: string, body: unknown) => call(createHook, { auth, body, path: "/webhooks" });

  it("creates a webhook with the preselected events and returns its secret once, sealed at rest", async () => {
    const res = await create(keyA, { url: PUBLIC_URL });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const hook = res.json<{ id: string; secret: string; events: string[]; active: boolean; url: string; created_at: string }>();
    expect(hook).toMatchObject({ url: PUBLIC_URL, events: ["record.created", "record.updated"], active: true, last_delivery: null });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(hook.created_at).toMatch(/Z$/);

    const got = await call(getHook, { auth: keyA, params: { id: hook.id } });
    expect(got.status).toBe(200);
    expect(got.json()).not.toHaveProperty("secret");
    expect(JSON.stringify((await call(listHooks, { auth: keyA })).body)).not.toContain(hook.secret);

    const [row] = await withTenantSql(
      a.tenantId,
      async (tx) => tx.$queryRaw<{ secretSealed: string }[]>`
        SELECT secret_sealed AS "secretSealed" FROM webhook WHERE tenant_id = ${a.tenantId}::uuid AND id = ${hook.id}::uuid`,
    );
    expect(row!.secretSealed).not.toContain(hook.secret.slice(6, 20));
    expect(openSecret(row!.secretSealed, hook.id)).toBe(hook.secret);
  });

  it("takes any events of the catalog, each once, and refuses others", async () => {
    const res = await create(keyA, { url: PUBLIC_URL, events: ["approval.approved", "flow.completed", "approval.approved"] });
    expect(res.json()).toMatchObject({ events: ["approval.approved", "flow.completed"] });
    for (const events of [[], ["record.deleted"], "record.created"]) {
      const bad = await create(keyA, { url: PUBLIC_URL, events });
      expect(bad.status, JSON.stringify(events)).toBe(400);
    }
    expect((await create(keyA, { url: PUBLIC_URL, secret: "mine" })).status).toBe(400);
  });

  it("refuses destinations that are not public with a message naming the url field", async () => {
    delete process.env.WEBHOOK_ALLOW_NETWORKS;
    for (const url of [
      "http://127.0.0.1:8080/",
      "http://localhost/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://10.0.0.1/",
      "http://169.254.169.254/latest/meta-data",
      "http://metadata.google.internal/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "ftp://example.com/",
      "https://user:pass@example.com/",
      "not a url",
    ]) {
      const res = await create(keyA, { url });
      expect(res.status, url).toBe(400);
      const body = res.json<{ error: string; details?: { path: string }[] }>();
      expect(body.error, url).toMatch(/^url/);
    }
    // A public address with a port nothing can listen on: the field's message says why.
    const portZero = await create(keyA, { url: "https://93.184.216.34:0/hooks" });
    expect(portZero.status).toBe(400);
    expect(portZero.json<{ details?: { path: string; message: string }[] }>().details).toEqual([
      { path: "url", message: "The URL's port must be between 1 and 65535 (not 0)" },
    ]);
  });

  it("caps the webhooks of a tenant", async () => {
    const t = await createTestTenant("hooks-cap");
    const key = (await createTestKey(t)).secret;
    for (let i = 0; i < MAX_WEBHOOKS_PER_TENANT; i++) expect((await create(key, { url: `${PUBLIC_URL}/${i}` })).status).toBe(201);
    const over = await create(key, { url: PUBLIC_URL });
    expect(over.status).toBe(400);
    expect(over.json().error).toContain(`at most ${MAX_WEBHOOKS_PER_TENANT}`);
  });

  it("pauses, resumes, edits and deletes", async () => {
    const { id } = (await create(keyA, { url: PUBLIC_URL })).json<{ id: string }>();
    const paused = await call(patchHook, { auth: keyA, method: "PATCH", params: { id }, body: { active: false } });
    expect(paused.json()).toMatchObject({ active: false, url: PUBLIC_URL, events: ["record.created", "record.updated"] });
    const edited = await call(patchHook, {
      auth: keyA,
      method: "PATCH",
      params: { id },
      body: { active: true, url: `${PUBLIC_URL}/v2`, events: ["record.updated"] },
    });
    expect(edited.json()).toMatchObject({ active: true, url: `${PUBLIC_URL}/v2`, events: ["record.updated"] });
    expect((await call(patchHook, { auth: keyA, method: "PATCH", params: { id }, body: {} })).status).toBe(400);
    delete process.env.WEBHOOK_ALLOW_NETWORKS;
    expect((await call(patchHook, { auth: keyA, method: "PATCH", params: { id }, body: { url: "http://10.1.2.3/" } })).status).toBe(400);
    expect((await call(deleteHook, { auth: keyA, method: "DELETE", params: { id } })).status).toBe(204);
    expect((await call(getHook, { auth: keyA, params: { id } })).status).toBe(404);
    expect((await call(deleteHook, { auth: keyA, method: "DELETE", params: { id } })).status).toBe(404);
  });

  it("answers 404 to another tenant for every path, as for an id that does not exist", async () => {
    const { id } = (await create(keyA, { url: PUBLIC_URL })).json<{ id: string }>();
    const deliveryId = "0190b2a0-0000-7000-8000-000000000000";
    for (const res of [
      await call(getHook, { auth: keyB, params: { id } }),
      await call(patchHook, { auth: keyB, method: "PATCH", params: { id }, body: { active: false } }),
      await call(deleteHook, { auth: keyB, method: "DELETE", params: { id } }),
      await call(listDeliveries, { auth: keyB, params: { id } }),
      await call(getDelivery, { auth: keyB, params: { id, deliveryId } }),
    ])
      expect(res.status).toBe(404);
    expect((await call(listHooks, { auth: keyB })).json<{ data: { id: string }[] }>().data.map((h) => h.id)).not.toContain(id);
    expect((await call(getHook, { auth: keyA, params: { id } })).json()).toMatchObject({ active: true });
  });

  it("refuses members, read-only users and read-only keys with 403 before looking anything up", async () => {
    const { id } = (await create(keyA, { url: PUBLIC_URL })).json<{ id: string }>();
    const member = (await createTestKey(a, { role: "member" })).secret;
    const readOnlyUser = (await createTestKey(a, { role: "read_only" })).secret;
    const readOnlyKey = (await createTestKey(a, { readOnly: true })).secret;
    for (const [auth, error] of [
      [member, "errors.permissionDenied"],
      [readOnlyUser, "errors.permissionDenied"],
      [readOnlyKey, "errors.apiKeyReadOnly"],
    ] as const) {
      for (const res of [
        await call(listHooks, { auth }),
        await create(auth, { url: PUBLIC_URL }),
        await call(getHook, { auth, params: { id } }),
        await call(getHook, { auth, params: { id: "0190b2a0-0000-7000-8000-000000000000" } }),
        await call(listDeliveries, { auth, params: { id } }),
      ])
        expect({ status: res.status, error: res.json().error }).toEqual({ status: 403, error });
    }
  });
});
