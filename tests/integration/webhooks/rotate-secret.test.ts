/**
 * Rotating a webhook's signing secret (POST /api/v1/webhooks/{id}/rotate-secret): the new secret
 * is shown once and sealed at rest beside the previous one; deliveries carry both signatures in
 * webhook-signature (x-service-signature: the new one's) until the previous secret expires, then
 * the new one's only; a second rotation keeps only the latest previous secret; it is audited, and
 * another tenant's webhook is a 404. On the real database with the real dispatcher and receiver.
 */
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { openSecret } from "@/lib/services/webhooks/secret-box.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { deliverWebhooks } from "../../helpers/deliver-webhooks.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { call } from "../../helpers/rest.ts";
import { startReceiver, type Received, type Receiver } from "../../helpers/webhook-receiver.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listAudit } = restRoute("/audit-log");
const { POST: rotateSecret } = restRoute("/webhooks/{id}/rotate-secret");
const { GET: getHook } = restRoute("/webhooks/{id}");
const { POST: createHook } = restRoute("/webhooks");

privateDatabase();

interface Rotated {
  secret: string;
  previous_secret_expires_at: string;
}

const specSignature = (secret: string, got: Received) => `sha256=${createHmac("sha256", secret).update(got.body).digest("hex")}`;

/** Whether the standardwebhooks library accepts the delivery with `secret`. */
function standardAccepts(secret: string, got: Received): boolean {
  try {
    new Webhook(secret).verify(got.body.toString("utf8"), {
      "webhook-id": got.headers["webhook-id"] as string,
      "webhook-timestamp": got.headers["webhook-timestamp"] as string,
      "webhook-signature": got.headers["webhook-signature"] as string,
    });
    return true;
  } catch {
    return false;
  }
}

describe("rotating a webhook's signing secret", () => {
  const allowBefore = process.env.WEBHOOK_ALLOW_NETWORKS;
  let t: TestTenant;
  let key: string;
  let contacts: RecordsApi;
  let receiver: Receiver;

  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_NETWORKS = "127.0.0.1/32";
    receiver = await startReceiver();
  });
  // A tenant per case, so each case's contact reaches only its own webhook.
  beforeEach(async () => {
    t = await createTestTenant("rotate");
    key = await bigKey(t);
    contacts = new RecordsApi(key, "contact");
  });
  afterAll(async () => {
    await receiver.close();
    if (allowBefore === undefined) delete process.env.WEBHOOK_ALLOW_NETWORKS;
    else process.env.WEBHOOK_ALLOW_NETWORKS = allowBefore;
  });

  async function hook(): Promise<{ id: string; secret: string }> {
    const res = await call(createHook, { auth: key, body: { url: receiver.url } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.json();
  }
  async function rotate(id: string, auth = key): Promise<Rotated> {
    const res = await call(rotateSecret, { auth, method: "POST", params: { id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json();
  }
  /** Creates a contact and returns its delivery as received. */
  async function delivered(): Promise<Received> {
    const before = receiver.received.length;
    await contacts.mustCreate({ last_name: "Rotation" });
    await deliverWebhooks();
    expect(receiver.received).toHaveLength(before + 1);
    return receiver.received.at(-1)!;
  }

  it("returns the new secret once, keeps the replaced one sealed for 24 hours, and audits the rotation", async () => {
    const h = await hook();
    const rotated = await rotate(h.id);
    expect(Object.keys(rotated).sort()).toEqual(["previous_secret_expires_at", "secret"]);
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.secret).not.toBe(h.secret);
    expect(Date.parse(rotated.previous_secret_expires_at) - Date.now()).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(Date.parse(rotated.previous_secret_expires_at) - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const [row] = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ secretSealed: string; previousSecretSealed: string | null; previousSecretExpiresAt: Date | null }[]>`
        SELECT secret_sealed AS "secretSealed", previous_secret_sealed AS "previousSecretSealed",
          previous_secret_expires_at AS "previousSecretExpiresAt"
        FROM webhook WHERE tenant_id = ${t.tenantId}::uuid AND id = ${h.id}::uuid`,
    );
    if (!row) throw new Error(`webhook ${h.id} not found`);
    expect(openSecret(row.secretSealed, h.id)).toBe(rotated.secret);
    expect(openSecret(row.previousSecretSealed!, h.id)).toBe(h.secret);
    for (const sealed of [row.secretSealed, row.previousSecretSealed!])
      for (const secret of [h.secret, rotated.secret]) expect(sealed).not.toContain(secret.slice(6, 20));
    expect(row.previousSecretExpiresAt!.toISOString()).toBe(rotated.previous_secret_expires_at);
    expect(JSON.stringify((await call(getHook, { auth: key, params: { id: h.id } })).body)).not.toContain(rotated.secret);

    const audit = await call(listAudit, { auth: key, query: { action: "webhook.secret_rotated" } });
    const entries = audit.json<{ data: { target: { type: string; id: string }; details: unknown }[] }>().data;
    expect(entries.map((e) => e.target)).toEqual([{ type: "webhook", id: h.id, label: null }]);
    expect(JSON.stringify(entries)).not.toContain(rotated.secret.slice(6));
  });

  it("signs deliveries with both secrets until the replaced one expires, then with the new one only", async () => {
    const h = await hook();
    const { secret } = await rotate(h.id);
    const both = await delivered();
    expect(both.headers["x-service-signature"]).toBe(specSignature(secret, both));
    expect((both.headers["webhook-signature"] as string).split(" ")).toHaveLength(2);
    expect(standardAccepts(secret, both)).toBe(true);
    expect(standardAccepts(h.secret, both)).toBe(true);

    await withTenantSql(
      t.tenantId,
      async (tx) => tx.$executeRaw`UPDATE webhook SET previous_secret_expires_at = now() - interval '1 second' WHERE id = ${h.id}::uuid`,
    );
    const after = await delivered();
    expect(after.headers["x-service-signature"]).toBe(specSignature(secret, after));
    expect(after.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(standardAccepts(secret, after)).toBe(true);
    expect(standardAccepts(h.secret, after)).toBe(false);
  });

  it("keeps only the latest replaced secret when rotated twice within 24 hours", async () => {
    const h = await hook();
    const second = await rotate(h.id);
    const third = await rotate(h.id);
    const got = await delivered();
    expect(got.headers["x-service-signature"]).toBe(specSignature(third.secret, got));
    expect(standardAccepts(third.secret, got)).toBe(true);
    expect(standardAccepts(second.secret, got)).toBe(true);
    expect(standardAccepts(h.secret, got)).toBe(false);
  });

  it("answers 404 for another tenant's webhook or none, and leaves the secret as it was", async () => {
    const h = await hook();
    const other = await bigKey(await createTestTenant("rotate-other"));
    for (const [id, auth] of [
      [h.id, other],
      ["0190b2a0-0000-7000-8000-000000000000", key],
    ])
      expect((await call(rotateSecret, { auth, method: "POST", params: { id } })).status).toBe(404);
    const got = await delivered();
    expect(got.headers["x-service-signature"]).toBe(specSignature(h.secret, got));
    expect(got.headers["webhook-signature"]).not.toContain(" ");
  });
});
