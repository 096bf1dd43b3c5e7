import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/auth/api-key-format.ts";
import type { ObjectAction } from "@/lib/auth/principal.ts";
import type { Operation } from "@/lib/operations/define.ts";
import { getRateLimiter, setRateLimiter, type RateLimiter } from "@/lib/rate-limit/index.ts";
import { createTestKey, createTestTenant, denyRole, resetRole, revokeTestKey, setUserActive, type TestTenant } from "./fixtures.ts";
import type { CallResult } from "./rest.ts";

export interface MatrixEndpoint<Ctx> {
  /** Tells two matrices of one operation apart in the test names (e.g. "custom object"). */
  variant?: string;
  /** The object the call acts on (scopes and roles are checked against it); null when none. */
  object: string | null;
  action: ObjectAction;
  /** What `call` answers on success; defaults to the operation's success status. */
  okStatus?: number;
  /** Creates what the call needs in a tenant (e.g. a record to read). */
  prepare(t: TestTenant): Promise<Ctx>;
  call(ctx: Ctx, auth: string | undefined): Promise<CallResult>;
  /** How tenant B's credential reaching for tenant A's resource must fail (defaults to 404). */
  crossTenantStatus?: number;
  /**
   * Settings managed through the API (webhooks): only admins' credentials, never a read-only key;
   * the role cases then are a member's key (403) and a read-only key (403) rather than per object.
   */
  managersOnly?: boolean;
  /**
   * Read by admins' unrestricted credentials only (the audit log): members' and read-only users'
   * keys get 403, so does an admin's key limited to some objects; an admin's read-only key reads.
   */
  adminsOnly?: boolean;
}

/**
 * One area's matrices keyed by operation name: one endpoint, or several when an operation has
 * cases that fail differently. Build entries with `matrix()`, so each keeps its own Ctx.
 */
export type MatrixTable = Record<string, MatrixEndpoint<unknown> | MatrixEndpoint<unknown>[]>;

/** Infers an entry's Ctx from its `prepare`, then lets it sit in a MatrixTable beside others. */
export const matrix = <Ctx>(e: MatrixEndpoint<Ctx>): MatrixEndpoint<unknown> => e;

export function expectError(res: CallResult, status: number, error?: string): void {
  expect({ status: res.status, error: res.json().error }).toEqual({ status, error: error ?? expect.any(String) });
}

export function expectRateHeaders(res: CallResult): void {
  for (const h of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) expect(res.headers.get(h), h).toMatch(/^\d+$/);
}

/**
 * The file's limiter with every bucket renamed into `scope`, as if the calls reached an instance
 * of their own: all unauthenticated callers of an instance share one bucket (clientIp), and the
 * matrices of a file make more failed attempts within a minute than it admits.
 */
function scopedLimiter(inner: RateLimiter, scope: string): RateLimiter {
  return {
    backend: inner.backend,
    consume: (key, limit) => inner.consume(`${scope}:${key}`, limit),
    check: () => inner.check(),
    close: async () => {},
  };
}

/**
 * The tenants of a test file's matrices, made once: provisioning one takes a quarter of a second
 * on PGlite and a file runs dozens of matrices. Each matrix prepares its own resources in them;
 * the cases that change a tenant (a deactivated user, a role's grant) undo it when they end.
 */
let shared: Promise<Record<"a" | "b" | "deact" | "rbac", TestTenant>> | undefined;
const sharedTenants = () =>
  (shared ??= (async () => ({
    a: await createTestTenant("a"),
    b: await createTestTenant("b"),
    deact: await createTestTenant("deact"),
    rbac: await createTestTenant("rbac"),
  }))());

/**
 * The authentication and authorization matrix every endpoint must pass: 401 for missing,
 * malformed, unknown, tampered, revoked keys and deactivated creators; 403 with the spec's
 * identifiers per scope rule and for the role; 404 across tenants.
 */
export function authMatrix<Ctx>(op: Operation, endpoint: MatrixEndpoint<Ctx>): void {
  const http = op.http;
  if (!http) throw new Error(`${op.name} has no HTTP binding, so no auth matrix`);
  const e = { ...endpoint, okStatus: endpoint.okStatus ?? http.status ?? 200 };
  const variant = e.variant ? ` (${e.variant})` : "";
  describe(`${op.name} ${http.method} ${http.path}${variant}: auth matrix`, () => {
    let a: TestTenant;
    let b: TestTenant;
    let ctxA: Ctx;
    let ctxB: Ctx;
    let keyA: string;
    let fileLimiter: RateLimiter;
    beforeAll(async () => {
      fileLimiter = getRateLimiter();
      setRateLimiter(scopedLimiter(fileLimiter, randomUUID()));
      ({ a, b } = await sharedTenants());
      ctxA = await e.prepare(a);
      ctxB = await e.prepare(b);
      keyA = (await createTestKey(a, { allowDelete: true })).secret;
    });
    afterAll(() => setRateLimiter(fileLimiter));

    it("succeeds with a valid key, with rate-limit headers", async () => {
      const res = await e.call(ctxA, keyA);
      expect(res.status, JSON.stringify(res.body)).toBe(e.okStatus);
      expectRateHeaders(res);
    });

    it("401 without credentials, with rate-limit headers", async () => {
      const res = await e.call(ctxA, undefined);
      expectError(res, 401, "Missing API key");
      expectRateHeaders(res);
    });

    it("401 for malformed credentials", async () => {
      for (const auth of ["Basic dXNlcjpwYXNz", "Bearer", "Bearer not-a-key", "Bearer crm_short", `Token ${keyA}`]) {
        expectError(await e.call(ctxA, auth), 401, "Invalid API key");
      }
    });

    it("401 for unknown and tampered keys", async () => {
      const unknownInTenant = generateApiKey(a.tenantId).secret;
      const unknownTenant = generateApiKey(randomUUID()).secret;
      const tampered = keyA.slice(0, -4) + (keyA.endsWith("AAAA") ? "BBBB" : "AAAA");
      for (const key of [unknownInTenant, unknownTenant, tampered]) expectError(await e.call(ctxA, key), 401, "Invalid API key");
    });

    it("401 for a revoked key and for a key whose creator is deactivated", async () => {
      const revoked = await createTestKey(a);
      await revokeTestKey(a, revoked.id);
      expectError(await e.call(ctxA, revoked.secret), 401, "Invalid API key");
      const t = (await sharedTenants()).deact;
      const ctx = await e.prepare(t);
      const role = e.managersOnly || e.adminsOnly ? "admin" : "member";
      const key = await createTestKey(t, { role, allowDelete: true });
      expect((await e.call(ctx, key.secret)).status).toBe(e.okStatus);
      await setUserActive(t, role, false);
      try {
        expectError(await e.call(ctx, key.secret), 401, "Invalid API key");
      } finally {
        await setUserActive(t, role, true);
      }
    });

    it(`${e.crossTenantStatus ?? 404} when tenant B reaches for tenant A's resource`, async () => {
      const keyB = (await createTestKey(b, { allowDelete: true })).secret;
      const res = await e.call(ctxA, keyB);
      expect(res.status).toBe(e.crossTenantStatus ?? 404);
      // and B's own resource works with the same key
      expect((await e.call(ctxB, keyB)).status).toBe(e.okStatus);
    });

    if (e.managersOnly) {
      it("403 errors.permissionDenied for the keys of users who may not manage settings", async () => {
        for (const role of ["member", "read_only"] as const) {
          const key = await createTestKey(a, { role, allowDelete: true });
          expectError(await e.call(ctxA, key.secret), 403, "errors.permissionDenied");
        }
      });

      it("403 errors.apiKeyReadOnly for an admin's read-only key", async () => {
        const key = await createTestKey(a, { readOnly: true, allowDelete: true });
        expectError(await e.call(ctxA, key.secret), 403, "errors.apiKeyReadOnly");
      });
    }

    if (e.adminsOnly) {
      it("403 errors.permissionDenied for the keys of users who are not admins; an admin's read-only key reads", async () => {
        for (const role of ["member", "read_only"] as const) {
          const key = await createTestKey(a, { role });
          expectError(await e.call(ctxA, key.secret), 403, "errors.permissionDenied");
        }
        const readOnly = await createTestKey(a, { readOnly: true });
        expect((await e.call(ctxA, readOnly.secret)).status).toBe(e.okStatus);
      });

      it("403 errors.apiKeyObjectDenied for an admin's key limited to some objects", async () => {
        for (const readOnly of [false, true]) {
          const key = await createTestKey(a, { allowedObjects: ["contact", "company"], readOnly });
          expectError(await e.call(ctxA, key.secret), 403, "errors.apiKeyObjectDenied");
        }
      });
    }

    if (e.object) {
      const object = e.object;
      it("403 errors.apiKeyObjectDenied for a key limited to other objects", async () => {
        const other = object === "product" ? "lead" : "product";
        const key = await createTestKey(a, { allowedObjects: [other], allowDelete: true });
        expectError(await e.call(ctxA, key.secret), 403, "errors.apiKeyObjectDenied");
        const allowed = await createTestKey(a, { allowedObjects: [object, other], allowDelete: true });
        expect((await e.call(ctxA, allowed.secret)).status).toBe(e.okStatus);
      });

      if (e.action !== "read") {
        it("403 errors.apiKeyReadOnly for a read-only key", async () => {
          const key = await createTestKey(a, { readOnly: true, allowDelete: true });
          expectError(await e.call(ctxA, key.secret), 403, "errors.apiKeyReadOnly");
        });
      }

      if (e.action === "delete") {
        it("403 errors.apiKeyDeleteDenied for a key without the delete permission", async () => {
          const key = await createTestKey(a, { allowDelete: false });
          expectError(await e.call(ctxA, key.secret), 403, "errors.apiKeyDeleteDenied");
        });
      }

      it("403 errors.permissionDenied when the creator's role forbids it", async () => {
        const t = (await sharedTenants()).rbac;
        const ctx = await e.prepare(t);
        const grant = { read: true, create: true, update: true, delete: true, [e.action]: false };
        await denyRole(t, "member", object, grant);
        try {
          const key = await createTestKey(t, { role: "member", allowDelete: true });
          expectError(await e.call(ctx, key.secret), 403, "errors.permissionDenied");
        } finally {
          await resetRole(t, "member", object);
        }
      });
    }
  });
}
