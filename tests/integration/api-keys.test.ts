/**
 * Settings → API keys through the operation pipeline with browser session credentials, and the
 * keys it makes used on the REST route.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { assertObjectAccess } from "@/lib/auth/access.ts";
import type { Credential } from "@/lib/auth/credential.ts";
import { loadPrincipal } from "@/lib/auth/load-principal.ts";
import { parseApiKey } from "@/lib/auth/api-key-format.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { createApiKeyOp, listApiKeysOp, revokeApiKeyOp } from "@/lib/operations/api-keys/manage-api-keys.ts";
import type { ApiKeySummary } from "@/lib/schemas/api-keys.ts";
import { createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { call } from "../helpers/rest.ts";
import { expectOk, failure, runAs, session, type Role } from "./operation-helpers.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { GET: listObjectsRoute } = restRoute("/objects");

const SECRET_FORMAT = /^crm_[A-Za-z0-9_-]{86}$/;

interface CreatedKey {
  key: ApiKeySummary;
  secret: string;
}

async function createKey(t: TestTenant, role: Role, input: Record<string, unknown> = {}): Promise<CreatedKey> {
  return expectOk(await runAs(createApiKeyOp, session(t, role), { name: `${role} key`, ...input }));
}

async function listKeys(t: TestTenant, role: Role): Promise<ApiKeySummary[]> {
  return expectOk(await runAs(listApiKeysOp, session(t, role), {})).data;
}

function apiKeyCredential(t: TestTenant, secret: string): Credential {
  const ids = parseApiKey(secret);
  if (!ids) throw new Error("not an API key");
  return { kind: "api_key", secret, keyId: ids.keyId, tenantId: t.tenantId };
}

async function principalFor(t: TestTenant, secret: string): Promise<Principal> {
  return withTenantSql(t.tenantId, async (tx) => loadPrincipal(tx, apiKeyCredential(t, secret)));
}

/** The AppError code assertObjectAccess throws, or "allowed". */
function access(p: Principal, object: string, action: "read" | "create" | "update" | "delete"): string {
  try {
    assertObjectAccess(p, object, action);
    return "allowed";
  } catch (err) {
    if (isAppError(err)) return err.code;
    throw err;
  }
}

describe("API key management", () => {
  let t: TestTenant;

  beforeAll(async () => {
    t = await createTestTenant("keys");
  });

  describe("create", () => {
    it("returns the secret once, in the documented format, with the default scopes", async () => {
      const { key, secret } = await createKey(t, "admin");
      expect(secret).toMatch(SECRET_FORMAT);
      expect(key).toMatchObject({
        name: "admin key",
        prefix: secret.slice(0, 12),
        createdBy: { id: t.users.admin, email: t.emails.admin },
        readOnly: false,
        allowedObjects: null,
        allowDelete: false,
        rateLimit: 120,
        lastUsedAt: null,
        revokedAt: null,
      });
      expect(key).not.toHaveProperty("secret");
      expect(JSON.stringify(key)).not.toContain(secret.slice(12));
      // Two keys never share a secret.
      expect((await createKey(t, "admin")).secret).not.toBe(secret);
    });

    it("stores only the sha256 of the secret; no column holds the secret or its random part", async () => {
      const { key, secret } = await createKey(t, "admin", { allowedObjects: ["contact"], readOnly: true });
      const stored = await withTenantSql(t.tenantId, async (tx) => ({
        row: (
          await tx.$queryRaw<{ id: string; prefix: string; secretHash: string }[]>`
            SELECT id::text, prefix, secret_hash AS "secretHash" FROM api_key WHERE tenant_id = ${t.tenantId}::uuid AND id = ${key.id}::uuid`
        )[0]!,
        json: (await tx.$queryRaw<{ j: string }[]>`SELECT row_to_json(k)::text AS j FROM api_key k WHERE k.id = ${key.id}::uuid`)[0]!.j,
      }));
      expect(stored.row.secretHash).toBe(createHash("sha256").update(secret).digest("hex"));
      expect(stored.row.secretHash).not.toBe(secret);
      expect(stored.row.prefix).toBe(secret.slice(0, 12));
      expect(stored.row.id).toBe(key.id);
      // The row, every column as text, contains neither the whole secret nor its random tail.
      expect(stored.json).not.toContain(secret);
      expect(stored.json).not.toContain(secret.slice(-43));
      expect(stored.json).not.toContain(secret.slice(12, 40));
    });

    it("the secret encodes the new key's id and the creator's tenant", async () => {
      const { secret, key } = await createKey(t, "member");
      expect(parseApiKey(secret)).toEqual({ keyId: key.id, tenantId: t.tenantId });
    });

    it("allowedObjects naming an unknown object is refused with 400", async () => {
      const r = await runAs(createApiKeyOp, session(t), { name: "bad", allowedObjects: ["contact", "spaceship"] });
      expect(failure(r)).toEqual({ status: 400, error: "allowedObjects: unknown object 'spaceship'" });
      const empty = await runAs(createApiKeyOp, session(t), { name: "bad", allowedObjects: [] });
      expect(empty.status).toBe(400);
      expect((await listKeys(t, "admin")).map((k) => k.name)).not.toContain("bad");
    });

    it.each([0, 10_001, -1, 1.5])("rateLimit %s is out of bounds (400)", async (rateLimit) => {
      const r = await runAs(createApiKeyOp, session(t), { name: "bad rate", rateLimit });
      expect(r.status).toBe(400);
      expect(failure(r).error).toMatch(/^rateLimit: /);
    });

    it.each([1, 10_000])("rateLimit %s is accepted", async (rateLimit) => {
      const { key } = await createKey(t, "admin", { rateLimit });
      expect(key.rateLimit).toBe(rateLimit);
    });
  });

  describe("list and use", () => {
    it("shows the last-used time once the key is used on GET /objects, and never the secret", async () => {
      const { key, secret } = await createKey(t, "member", { name: "used key" });
      const before = (await listKeys(t, "member")).find((k) => k.id === key.id);
      expect(before?.lastUsedAt).toBeNull();

      const start = Date.now();
      const res = await call(listObjectsRoute, { auth: secret });
      expect(res.status).toBe(200);

      const listed = await listKeys(t, "member");
      const after = listed.find((k) => k.id === key.id);
      expect(after?.lastUsedAt).not.toBeNull();
      const usedAt = Date.parse(after!.lastUsedAt!);
      expect(usedAt).toBeGreaterThanOrEqual(start - 1_000);
      expect(usedAt).toBeLessThanOrEqual(Date.now() + 1_000);
      expect(JSON.stringify(listed)).not.toContain(secret);
      expect(JSON.stringify(await listKeys(t, "admin"))).not.toContain(secret);
      for (const k of listed) expect(Object.keys(k)).not.toContain("secret");
    });

    it("members and read-only users see only their own keys; admins see every key", async () => {
      const u = await createTestTenant("keys-list");
      const adminKey = await createKey(u, "admin");
      const memberKey = await createKey(u, "member");
      const viewerKey = await createKey(u, "read_only");
      expect((await listKeys(u, "member")).map((k) => k.id)).toEqual([memberKey.key.id]);
      expect((await listKeys(u, "read_only")).map((k) => k.id)).toEqual([viewerKey.key.id]);
      expect((await listKeys(u, "admin")).map((k) => k.id).sort()).toEqual([adminKey.key.id, memberKey.key.id, viewerKey.key.id].sort());
      // Another tenant's admin sees none of them.
      expect(await listKeys(await createTestTenant("keys-other"), "admin")).toEqual([]);
    });
  });

  describe("revoke", () => {
    it("a revoked key gets 401 on the REST route at once", async () => {
      const { key, secret } = await createKey(t, "admin", { name: "to revoke" });
      expect((await call(listObjectsRoute, { auth: secret })).status).toBe(200);
      const revoked = expectOk(await runAs(revokeApiKeyOp, session(t), { id: key.id }));
      expect(revoked.revokedAt).not.toBeNull();
      const res = await call(listObjectsRoute, { auth: secret });
      expect({ status: res.status, error: res.json().error }).toEqual({ status: 401, error: "Invalid API key" });
      expect((await listKeys(t, "admin")).find((k) => k.id === key.id)?.revokedAt).toBe(revoked.revokedAt);
    });

    it("a member may revoke their own key", async () => {
      const { key, secret } = await createKey(t, "member");
      expect(expectOk(await runAs(revokeApiKeyOp, session(t, "member"), { id: key.id })).revokedAt).not.toBeNull();
      expect((await call(listObjectsRoute, { auth: secret })).status).toBe(401);
    });

    it("a member cannot revoke an admin's key (404) and the key keeps working", async () => {
      const { key, secret } = await createKey(t, "admin");
      expect(failure(await runAs(revokeApiKeyOp, session(t, "member"), { id: key.id }))).toEqual({
        status: 404,
        error: "API key not found",
      });
      expect(failure(await runAs(revokeApiKeyOp, session(t, "read_only"), { id: key.id })).status).toBe(404);
      expect((await call(listObjectsRoute, { auth: secret })).status).toBe(200);
      expect((await listKeys(t, "admin")).find((k) => k.id === key.id)?.revokedAt).toBeNull();
    });

    it("an admin may revoke a member's key", async () => {
      const { key, secret } = await createKey(t, "member");
      expectOk(await runAs(revokeApiKeyOp, session(t), { id: key.id }));
      expect((await call(listObjectsRoute, { auth: secret })).status).toBe(401);
    });

    it("another tenant's admin cannot revoke the key (404)", async () => {
      const { key, secret } = await createKey(t, "admin");
      const other = await createTestTenant("keys-revoke");
      expect(failure(await runAs(revokeApiKeyOp, session(other), { id: key.id })).status).toBe(404);
      expect((await call(listObjectsRoute, { auth: secret })).status).toBe(200);
    });
  });

  describe("keys cannot manage keys", () => {
    it("every key operation with an api_key credential is 403, even for an admin's key", async () => {
      const { key, secret } = await createKey(t, "admin", { allowDelete: true });
      const credential = apiKeyCredential(t, secret);
      expect(failure(await runAs(listApiKeysOp, credential, {}))).toEqual({ status: 403, error: "errors.permissionDenied" });
      expect(failure(await runAs(createApiKeyOp, credential, { name: "child" }))).toEqual({
        status: 403,
        error: "errors.permissionDenied",
      });
      expect(failure(await runAs(revokeApiKeyOp, credential, { id: key.id }))).toEqual({ status: 403, error: "errors.permissionDenied" });
      const keys = await listKeys(t, "admin");
      expect(keys.map((k) => k.name)).not.toContain("child");
      expect(keys.find((k) => k.id === key.id)?.revokedAt).toBeNull();
    });
  });

  describe("a key acts as its creator's role intersected with its scopes", () => {
    it("a read-only user's unrestricted key can read but not write", async () => {
      const { secret } = await createKey(t, "read_only", { allowDelete: true });
      const p = await principalFor(t, secret);
      expect(p.role.roleKey).toBe("read_only");
      expect(p.credential).toMatchObject({ kind: "api_key", readOnly: false, allowDelete: true, allowedObjects: null });
      expect(access(p, "contact", "read")).toBe("allowed");
      for (const action of ["create", "update", "delete"] as const) expect(access(p, "contact", action), action).toBe("permission_denied");
    });

    it("an admin's key is limited by its own scopes", async () => {
      const readOnly = await principalFor(t, (await createKey(t, "admin", { readOnly: true })).secret);
      expect(access(readOnly, "contact", "read")).toBe("allowed");
      expect(access(readOnly, "contact", "create")).toBe("api_key_read_only");

      const noDelete = await principalFor(t, (await createKey(t, "admin")).secret);
      expect(access(noDelete, "contact", "update")).toBe("allowed");
      expect(access(noDelete, "contact", "delete")).toBe("api_key_delete_denied");

      const limited = await principalFor(t, (await createKey(t, "admin", { allowedObjects: ["lead"], allowDelete: true })).secret);
      expect(access(limited, "lead", "delete")).toBe("allowed");
      expect(access(limited, "contact", "read")).toBe("api_key_object_denied");
    });

    it("a member's key follows the member role's per-object overrides", async () => {
      const u = await createTestTenant("keys-role");
      await withTenantSql(
        u.tenantId,
        async (tx) =>
          await tx.$executeRaw`
          INSERT INTO role_permission (tenant_id, role_id, object_api_name, can_read, can_create, can_update, can_delete)
          VALUES (${u.tenantId}::uuid, ${u.roles.member!}::uuid, 'lead', true, false, true, false)`,
      );
      const p = await principalFor(u, (await createKey(u, "member", { allowDelete: true })).secret);
      expect(access(p, "lead", "read")).toBe("allowed");
      expect(access(p, "lead", "update")).toBe("allowed");
      expect(access(p, "lead", "create")).toBe("permission_denied");
      expect(access(p, "lead", "delete")).toBe("permission_denied");
      expect(access(p, "contact", "delete")).toBe("allowed");
    });
  });
});
