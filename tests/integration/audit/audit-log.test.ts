/**
 * The audit log (issue 19 item 6): each audited change writes one entry in its own transaction —
 * who (user, credential), from where (address), what — and a refused change writes none; entries
 * never hold a secret; GET /api/v1/audit-log is for admins' unrestricted credentials (not a key
 * limited to some objects: issue 33 item 5), filtered and paged; tenants see only their own
 * entries, and nobody can change or remove one. Widgets and the use of reset links are logged too
 * (sign-ins: login.test.ts; invitations used and sessions ended: users/).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { revokeEndpoint } from "@/lib/adapters/oauth/token-endpoint.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createApiKeyOp, revokeApiKeyOp } from "@/lib/operations/api-keys/manage-api-keys.ts";
import type { Operation } from "@/lib/operations/define.ts";
import { createFieldOp } from "@/lib/operations/objects/manage-fields.ts";
import { publishAppOp, registerAppOp, uninstallOp } from "@/lib/operations/oauth-apps/manage-apps.ts";
import { resetPasswordOp } from "@/lib/operations/users/manage-users.ts";
import { declareWidgetOp, removeWidgetOp } from "@/lib/operations/widgets/manage-widgets.ts";
import { setPasswordWithLink } from "@/lib/services/users/set-password.ts";
import { runOperation } from "@/lib/operations/run-operation.ts";
import { listAuditLogOp } from "@/lib/operations/audit/list-audit-log.ts";
import type { AuditEntryOut } from "@/lib/schemas/audit.ts";
import { createTestKey, createTestTenant, type TestTenant, makePlatformAdmin } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { session } from "../operation-helpers.ts";
import { approvedCode, mustExchange, REDIRECT, type TestApp } from "../oauth/helpers.ts";
import { recordAuditAs } from "@/lib/services/audit/audit-log.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listAudit } = restRoute("/audit-log");
const { DELETE: deleteHook, PATCH: patchHook } = restRoute("/webhooks/{id}");
const { POST: createHook } = restRoute("/webhooks");

const HOOK_URL = "https://93.184.215.14/audit-hook";

/** Runs an operation as a browser user would, from `ip`. */
async function asUser<T>(op: Operation, t: TestTenant, input: unknown, ip = "203.0.113.7", role: "admin" | "member" = "admin"): Promise<T> {
  const { output } = await runOperation(op, session(t, role), () => input, { requestId: randomUUID(), origin: { ip } });
  return output as T;
}

async function entries(t: TestTenant, auth: string, query: Record<string, string> = {}) {
  const res = await call(listAudit, { auth, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.json<{ data: AuditEntryOut[]; has_more: boolean }>();
}

describe("audit log", () => {
  let a: TestTenant;
  let b: TestTenant;
  let adminKey: string;
  let adminKeyId: string;
  const secrets: string[] = [];

  beforeAll(async () => {
    a = await createTestTenant("audit-a");
    b = await createTestTenant("audit-b");
    ({ secret: adminKey, id: adminKeyId } = await createTestKey(a));
    secrets.push(adminKey);
    await makePlatformAdmin(a);
  });

  it("records a change made in the browser: who, with which credential, from where, what", async () => {
    const created = await asUser<{ key: { id: string; name: string }; secret: string }>(createApiKeyOp, a, {
      name: "Nightly export",
      readOnly: true,
      allowedObjects: null,
      allowDelete: false,
      rateLimit: 120,
    });
    secrets.push(created.secret);
    await asUser(revokeApiKeyOp, a, { id: created.key.id }, "203.0.113.8");
    const { data } = await entries(a, adminKey, { limit: "2" });
    expect(data.map((e) => e.action)).toEqual(["api_key.revoked", "api_key.created"]);
    expect(data[1]).toMatchObject({
      actor: { id: a.users.admin, email: expect.stringContaining("@") },
      credential: { kind: "session", id: null, name: null },
      ip: "203.0.113.7",
      target: { type: "api_key", id: created.key.id, label: "Nightly export" },
      details: { readOnly: true, allowDelete: false },
    });
    expect(data[0]!.ip).toBe("203.0.113.8");
  });

  it("records changes made through the API with the key's id and name and the caller's address", async () => {
    const hook = await call(createHook, { auth: adminKey, body: { url: HOOK_URL }, headers: { "x-forwarded-for": "198.51.100.20" } });
    expect(hook.status).toBe(201);
    const { id, secret } = hook.json<{ id: string; secret: string }>();
    secrets.push(secret);
    expect((await call(patchHook, { auth: adminKey, method: "PATCH", params: { id }, body: { active: false } })).status).toBe(200);
    expect((await call(patchHook, { auth: adminKey, method: "PATCH", params: { id }, body: { active: true } })).status).toBe(200);
    expect((await call(patchHook, { auth: adminKey, method: "PATCH", params: { id }, body: { events: ["record.updated"] } })).status).toBe(
      200,
    );
    expect((await call(deleteHook, { auth: adminKey, method: "DELETE", params: { id } })).status).toBe(204);
    const { data } = await entries(a, adminKey, { limit: "5" });
    expect(data.map((e) => e.action)).toEqual([
      "webhook.deleted",
      "webhook.updated",
      "webhook.resumed",
      "webhook.paused",
      "webhook.created",
    ]);
    expect(data[4]).toMatchObject({
      credential: { kind: "api_key", id: adminKeyId, name: expect.stringMatching(/^key /) },
      ip: "198.51.100.20",
      target: { type: "webhook", id, label: HOOK_URL },
      details: { events: ["record.created", "record.updated"] },
    });
    expect(data[1]!.details).toEqual({ changed: ["events"], events: ["record.updated"] });
  });

  it("writes nothing for a refused change, and nothing survives a change that rolls back", async () => {
    const before = (await entries(a, adminKey, { limit: "100" })).data.length;
    expect((await call(createHook, { auth: adminKey, body: { url: "http://127.0.0.1/x" } })).status).toBe(400);
    await expect(asUser(createFieldOp, a, { objectApiName: "contact", field: { label: "", type: "text" } })).rejects.toThrow();
    await expect(asUser(createApiKeyOp, a, { name: "x" }, undefined, "member")).resolves.toBeDefined();
    // The transaction of a change that fails after its entry was written: neither is kept.
    await expect(
      withTenantSql(a.tenantId, async (tx) => {
        await recordAuditAs(
          tx,
          { tenantId: a.tenantId, userId: a.users.admin, credentialKind: "session", credentialId: null },
          { ip: null },
          { action: "object.created", target: { type: "object", id: "rolled_back" } },
        );
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const after = (await entries(a, adminKey, { limit: "100" })).data;
    expect(after.length).toBe(before + 1); // the member's key only
    expect(after.some((e) => e.target.id === "rolled_back")).toBe(false);
  });

  it("records apps registered, published and rotated, OAuth consents, app revocations and uninstalls — never a secret", async () => {
    const registered = await asUser<{ id: string; clientId: string }>(registerAppOp, a, {
      name: "Audit App",
      description: "",
      logoUrl: null,
      redirectUris: [REDIRECT],
      allowedOrigins: [],
      scopes: ["records:read", "objects:read"],
    });
    const published = await asUser<{ clientSecret: string }>(publishAppOp, a, { id: registered.id });
    const rotated = await asUser<{ clientSecret: string }>(publishAppOp, a, { id: registered.id });
    secrets.push(published.clientSecret, rotated.clientSecret);
    const app: TestApp = { id: registered.id, clientId: registered.clientId, clientSecret: rotated.clientSecret };
    const tokens = await mustExchange(app, await approvedCode(a, app, ["records:read"], { user: "member" }));
    secrets.push(tokens.access_token, tokens.refresh_token);
    const revoked = await revokeEndpoint(
      new Request("http://localhost/api/oauth/revoke", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "192.0.2.44" },
        body: new URLSearchParams({ token: tokens.refresh_token, client_id: app.clientId, client_secret: app.clientSecret }),
      }),
    );
    expect(revoked.status).toBe(200);
    const { data } = await entries(a, adminKey, { limit: "3" });
    expect(data.map((e) => e.action)).toEqual(["oauth_token.revoked", "app.secret_rotated", "app.published"]);
    expect(data[0]).toMatchObject({
      actor: { id: a.users.member },
      credential: { kind: "oauth", name: "Audit App" },
      ip: "192.0.2.44",
      details: { kind: "refresh", by: "app" },
    });

    // A consent given on the consent screen, then uninstalled by an admin.
    const grantTokens = await mustExchange(app, await approvedCode(a, app, ["records:read"], { user: "admin" }));
    secrets.push(grantTokens.access_token, grantTokens.refresh_token);
    const grantId = (
      await withTenantSql(
        a.tenantId,
        async (tx) =>
          tx.$queryRaw<
            { id: string }[]
          >`SELECT id::text FROM oauth_grant WHERE app_id = ${app.id}::uuid AND user_id = ${a.users.admin}::uuid`,
      )
    )[0]!.id;
    await asUser(uninstallOp, a, { grantId });
    expect((await entries(a, adminKey, { limit: "1" })).data[0]).toMatchObject({
      action: "app.uninstalled",
      target: { type: "app", id: grantId, label: "Audit App" },
    });

    // No secret anywhere in the log, whatever the changes returned.
    const everything = JSON.stringify(await withTenantSql(a.tenantId, async (tx) => tx.$queryRaw`SELECT * FROM audit_log`));
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it("records widgets declared and removed (platform admins), and the use of a reset link, as the person, from where", async () => {
    const appId = (
      await asUser<{ id: string }>(registerAppOp, a, {
        name: "Widget Audit App",
        description: "",
        logoUrl: null,
        redirectUris: [REDIRECT],
        allowedOrigins: ["https://widgets.example.com"],
        scopes: ["records:read", "widgets:embed"],
      })
    ).id;
    const widget = await asUser<{ id: string }>(declareWidgetOp, a, {
      appId,
      key: "deal-room",
      title: "Deal room",
      location: "record",
      embedUrl: "https://widgets.example.com/deal",
      objects: ["opportunity"],
    });
    await asUser(removeWidgetOp, a, { id: widget.id }, "203.0.113.12");
    const { data } = await entries(a, adminKey, { limit: "2" });
    expect(data.map((e) => e.action)).toEqual(["widget.removed", "widget.declared"]);
    expect(data[1]).toMatchObject({
      actor: { id: a.users.admin },
      target: { type: "widget", id: widget.id, label: "deal-room" },
      details: { appId, location: "record", embedUrl: "https://widgets.example.com/deal", objects: ["opportunity"] },
    });
    expect(data[0]).toMatchObject({
      ip: "203.0.113.12",
      target: { type: "widget", id: widget.id, label: "deal-room" },
      details: { appId },
    });

    const { link } = await asUser<{ link: { url: string } }>(resetPasswordOp, a, { id: a.users.read_only });
    const secret = new URL(link.url).searchParams.get("token")!;
    secrets.push(secret);
    expect(await setPasswordWithLink(secret, "the read-only user's new passphrase", { ip: "198.51.100.77" })).toMatchObject({ ok: true });
    const [used, issued] = (await entries(a, adminKey, { limit: "2" })).data;
    expect([used!.action, issued!.action]).toEqual(["user.reset_link_used", "user.password_reset"]);
    expect(used).toMatchObject({
      actor: { id: a.users.read_only, email: a.emails.read_only },
      credential: { kind: "session" },
      ip: "198.51.100.77",
      target: { type: "user", id: a.users.read_only, label: a.emails.read_only },
    });
    expect(JSON.stringify(used)).not.toContain("passphrase");
  });

  it("filters by action, actor and time, and pages with starting_after", async () => {
    const all = (await entries(a, adminKey, { limit: "100" })).data;
    expect(all.length).toBeGreaterThan(6);
    const hooks = await entries(a, adminKey, { action: "webhook.created" });
    expect(hooks.data.map((e) => e.action)).toEqual(["webhook.created"]);
    const members = await entries(a, adminKey, { actor: a.users.member });
    expect(members.data.length).toBeGreaterThan(0);
    expect(members.data.every((e) => e.actor.id === a.users.member)).toBe(true);
    expect((await entries(a, adminKey, { since: new Date(Date.now() + 60_000).toISOString() })).data).toEqual([]);
    expect((await entries(a, adminKey, { until: "2000-01-01" })).data).toEqual([]);
    const pages: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await entries(a, adminKey, { limit: "3", ...(after ? { starting_after: after } : {}) });
      pages.push(...page.data.map((e) => e.id));
      if (!page.has_more) break;
      after = page.data.at(-1)!.id;
    }
    expect(pages).toEqual(all.map((e) => e.id));
    const refused: Record<string, string>[] = [
      { limit: "0" },
      { limit: "101" },
      { action: "record.created" },
      { since: "yesterday" },
      { actor: "x" },
      { since: "-200000-01-01T00:00:00Z" },
    ];
    for (const query of refused) {
      const res = await call(listAudit, { auth: adminKey, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });

  it("is for admins only, per tenant: another company's admin sees none of these entries", async () => {
    const member = await createTestKey(a, { role: "member" });
    expect((await call(listAudit, { auth: member.secret })).status).toBe(403);
    // An admin's key limited to some objects reads nothing of the log (emails, addresses of everyone);
    // an unrestricted one reads, read-only or not, and so does the admin's session.
    for (const limited of [
      await createTestKey(a, { allowedObjects: ["contact"] }),
      await createTestKey(a, { allowedObjects: ["contact"], readOnly: true }),
    ]) {
      const refused = await call(listAudit, { auth: limited.secret });
      expect(refused.status).toBe(403);
      expect(refused.json()).toEqual({
        error: "errors.apiKeyObjectDenied",
        message: "This credential is not allowed to use this object.",
        code: "api_key_object_denied",
        requestId: expect.any(String),
      });
    }
    expect((await entries(a, (await createTestKey(a, { readOnly: true })).secret)).data.length).toBeGreaterThan(0);
    expect((await runOperation(listAuditLogOp, session(a), () => ({}), { requestId: randomUUID() })).output.data.length).toBeGreaterThan(0);
    const keyB = (await createTestKey(b)).secret;
    expect((await entries(b, keyB, { limit: "100" })).data).toEqual([]);
    const rows = await withTenantSql(b.tenantId, async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM audit_log`);
    expect(rows[0]!.n).toBe(0);
  });

  it("OAuth tokens need audit:read, and an admin's consent to it", async () => {
    const scoped = await (async () => {
      const { createPublishedApp } = await import("../oauth/helpers.ts");
      return createPublishedApp(["records:read", "audit:read"]);
    })();
    const withScope = await mustExchange(scoped, await approvedCode(a, scoped, ["audit:read"]));
    expect((await call(listAudit, { auth: withScope.access_token })).status).toBe(200);
    const without = await mustExchange(scoped, await approvedCode(a, scoped, ["records:read"], { user: "member" }));
    const refused = await call(listAudit, { auth: without.access_token });
    expect(refused.status).toBe(403);
    expect(refused.json().error).toBe("errors.insufficientScope");
  });

  it("cannot be changed or removed by the app's role, even in its own tenant", async () => {
    await expect(withTenantSql(a.tenantId, async (tx) => tx.$executeRaw`UPDATE audit_log SET action = 'api_key.created'`)).rejects.toThrow(
      /permission denied/,
    );
    await expect(withTenantSql(a.tenantId, async (tx) => tx.$executeRaw`DELETE FROM audit_log`)).rejects.toThrow(/permission denied/);
  });
});
