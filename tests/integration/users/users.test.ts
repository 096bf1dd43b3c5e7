/**
 * Settings → Users (issue 19 item 5): invitations by one-time link, roles, deactivation (every
 * credential of the person stops at once: REST, MCP, OAuth, the session), reactivation, password
 * resets, and the last admin, who can be neither demoted nor deactivated. Each change is audited.
 * A platform admin is managed by platform admins only (issue 33 item 2). What ends sessions:
 * sessions.test.ts.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { listAuditLogOp } from "@/lib/operations/audit/list-audit-log.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import {
  changeRoleOp,
  deactivateUserOp,
  inviteUserOp,
  listUsersOp,
  reactivateUserOp,
  reinviteUserOp,
  resetPasswordOp,
  signOutUserOp,
} from "@/lib/operations/users/manage-users.ts";
import { verifyLogin } from "@/lib/services/auth/verify-login.ts";
import { linkInfo, setPasswordWithLink } from "@/lib/services/users/set-password.ts";
import { createTestKey, createTestTenant, TEST_PASSWORD, type TestTenant } from "../../helpers/fixtures.ts";
import { mcpClient } from "../../helpers/mcp.ts";
import { call } from "../../helpers/rest.ts";
import { expectOk, failure, runAs, session, type OpResult } from "../operation-helpers.ts";
import { approvedCode, createPublishedApp, mustExchange } from "../oauth/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listRecords } = restRoute("/{object}");

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const NEW_PASSWORD = "a brand new passphrase";

describe("users", () => {
  let t: TestTenant;
  let b: TestTenant;

  beforeAll(async () => {
    t = await createTestTenant("users");
    b = await createTestTenant("users-b");
  });

  it("invites a person who joins through the one-time link, and only then can sign in", async () => {
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    const invited = expectOk(await runAs(inviteUserOp, session(t), { email: email.toUpperCase(), name: "Nora New", role: "member" }));
    expect(invited.user).toMatchObject({ email, name: "Nora New", role: "member", status: "invited" });
    expect(invited.link.emailed).toBe(false);
    expect(invited.link.url).toMatch(/\/account\/set-password\?token=crm_ul_/);
    expect(invited.link.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(await verifyLogin(email, "anything at all")).toEqual({ refused: "no active user with this email" });

    const token = tokenOf(invited.link.url);
    expect(await linkInfo(token)).toMatchObject({ purpose: "invite", email, name: "Nora New" });
    expect(await setPasswordWithLink(token, "short", { ip: null })).toMatchObject({ ok: false, error: expect.stringMatching(/12 to 200/) });
    expect(await setPasswordWithLink(token, NEW_PASSWORD, { ip: "203.0.113.5" })).toEqual({ ok: true, email });
    expect(await verifyLogin(email, NEW_PASSWORD)).toMatchObject({ user: { email, tenantId: t.tenantId } });
    expect(await setPasswordWithLink(token, "another passphrase!", { ip: null })).toMatchObject({ ok: false, error: /invalid, was used/ });
    expect(await linkInfo(token)).toBeNull();
    const users = expectOk(await runAs(listUsersOp, session(t), {})).data;
    expect(users.find((u) => u.email === email)).toMatchObject({ status: "active", role: "member" });

    const log = expectOk(await runAs(listAuditLogOp, session(t), { limit: 3 })).data;
    expect(log.map((e) => e.action)).toEqual(["user.signed_in", "user.joined", "user.invited"]);
    expect(log[1]).toMatchObject({ actor: { email }, ip: "203.0.113.5", target: { type: "user", label: email } });
    expect(JSON.stringify(log)).not.toContain(token);
  });

  it("refuses an email already in use, with the same answer whichever company uses it; and non-admins", async () => {
    for (const email of [t.emails.member, b.emails.member]) {
      expect(failure(await runAs(inviteUserOp, session(t), { email, name: "Dup", role: "member" }))).toEqual({
        status: 409,
        error: `The email address ${email} is already in use`,
      });
    }
    expect((await runAs(inviteUserOp, session(t), { email: "not-an-email", name: "X", role: "member" })).status).toBe(400);
    expect((await runAs(inviteUserOp, session(t, "member"), { email: "x@example.com", name: "X", role: "member" })).status).toBe(403);
    expect((await runAs(listUsersOp, session(t, "member"), {})).status).toBe(403);
  });

  it("a new invitation replaces the old link; withdrawing it removes the person", async () => {
    const email = `again-${randomUUID().slice(0, 8)}@example.com`;
    const first = expectOk(await runAs(inviteUserOp, session(t), { email, name: "Again", role: "read_only" }));
    const second = expectOk(await runAs(reinviteUserOp, session(t), { id: first.user.id }));
    expect(await linkInfo(tokenOf(first.link.url))).toBeNull();
    expect(await linkInfo(tokenOf(second.link.url))).toMatchObject({ email });
    expectOk(await runAs(deactivateUserOp, session(t), { id: first.user.id }));
    expect(await linkInfo(tokenOf(second.link.url))).toBeNull();
    expect(expectOk(await runAs(listUsersOp, session(t), {})).data.some((u) => u.email === email)).toBe(false);
  });

  it("deactivating stops the person's key (REST and MCP), OAuth token and session at once; reactivating restores the key only", async () => {
    const victim = await createTestTenant("users-deact");
    const key = await createTestKey(victim, { role: "member" });
    const app = await createPublishedApp();
    const tokens = await mustExchange(app, await approvedCode(victim, app, ["records:read"], { user: "member" }));
    const rest = (auth: string) => call(listRecords, { auth, params: { object: "contact" } });
    expect((await rest(key.secret)).status).toBe(200);
    expect((await rest(tokens.access_token)).status).toBe(200);

    const off = expectOk(await runAs(deactivateUserOp, session(victim), { id: victim.users.member }));
    expect(off.status).toBe("deactivated");
    expect((await rest(key.secret)).status).toBe(401);
    expect((await rest(tokens.access_token)).status).toBe(401);
    await expect(mcpClient("v2-modern", key.secret)).rejects.toThrow();
    expect((await runAs(currentUserOp, session(victim, "member"), {})).status).toBe(401);
    expect(await verifyLogin(victim.emails.member, TEST_PASSWORD)).toEqual({ refused: "no active user with this email" });

    expectOk(await runAs(reactivateUserOp, session(victim), { id: victim.users.member }));
    expect((await rest(key.secret)).status).toBe(200);
    expect((await rest(tokens.access_token)).status).toBe(401);
    const client = await mcpClient("v2-modern", key.secret);
    await client.close();
    expect(await verifyLogin(victim.emails.member, TEST_PASSWORD)).toMatchObject({ user: { email: victim.emails.member } });
  });

  it("keeps at least one admin: the last one can be neither demoted nor deactivated, even by two admins at once", async () => {
    const solo = await createTestTenant("users-admins");
    expect(failure(await runAs(changeRoleOp, session(solo), { id: solo.users.admin, role: "member" }))).toEqual({
      status: 400,
      error: "The last admin cannot be demoted: make someone else an admin first",
    });
    expect((await runAs(deactivateUserOp, session(solo), { id: solo.users.admin })).status).toBe(400);
    // Two admins each demoting the other at the same moment: one wins, the other is refused.
    expectOk(await runAs(changeRoleOp, session(solo), { id: solo.users.member, role: "admin" }));
    const results = await Promise.all([
      runAs(changeRoleOp, session(solo, "admin"), { id: solo.users.member, role: "member" }),
      runAs(changeRoleOp, session(solo, "member"), { id: solo.users.admin, role: "member" }),
    ]);
    const admins = await withTenantSql(
      solo.tenantId,
      async (tx) =>
        await tx.$queryRaw<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
        WHERE u.tenant_id = ${solo.tenantId}::uuid AND r.key = 'admin'`,
    );
    expect(admins[0]!.n).toBe(1);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const log = expectOk(await runAs(listAuditLogOp, session(solo, results[0]!.ok ? "admin" : "member"), { action: "user.role_changed" }));
    expect(log.data.length).toBe(2);
  });

  it("a password reset link sets a new password once; the old one works until then", async () => {
    const reset = expectOk(await runAs(resetPasswordOp, session(t), { id: t.users.read_only }));
    expect(reset.link.url).toMatch(/token=crm_ul_/);
    expect(reset.link.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(await verifyLogin(t.emails.read_only, TEST_PASSWORD)).toMatchObject({ user: {} });
    expect(await setPasswordWithLink(tokenOf(reset.link.url), NEW_PASSWORD, { ip: null })).toMatchObject({ ok: true });
    expect(await verifyLogin(t.emails.read_only, TEST_PASSWORD)).toEqual({ refused: "wrong password" });
    expect(await verifyLogin(t.emails.read_only, NEW_PASSWORD)).toMatchObject({ user: {} });
    // A reset link of someone deactivated in the meantime does nothing.
    const again = expectOk(await runAs(resetPasswordOp, session(t), { id: t.users.read_only }));
    expectOk(await runAs(deactivateUserOp, session(t), { id: t.users.read_only }));
    expect(await setPasswordWithLink(tokenOf(again.link.url), "yet another passphrase", { ip: null })).toMatchObject({ ok: false });
  });

  it("emails the link through the outbox when an SMTP server is configured (account mail, no unsubscribe footer)", async () => {
    const previous = process.env.SMTP_URL;
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    try {
      const email = `mailed-${randomUUID().slice(0, 8)}@example.com`;
      const invited = expectOk(await runAs(inviteUserOp, session(t), { email, name: "Mailed", role: "member" }));
      expect(invited.link.emailed).toBe(true);
      const [message] = await withTenantSql(
        t.tenantId,
        async (tx) =>
          await tx.$queryRaw<{ kind: string; state: string; unsubscribe_url: string | null; text_body: string }[]>`
          SELECT kind, state, unsubscribe_url, text_body FROM email_message WHERE to_address = ${email}`,
      );
      expect(message).toMatchObject({ kind: "account", state: "queued", unsubscribe_url: null });
      expect(message!.text_body).toContain(tokenOf(invited.link.url));
      expect(message!.text_body).not.toMatch(/Unsubscribe/);
    } finally {
      if (previous === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = previous;
    }
  });

  it("a company admin cannot reach a platform admin: no reset link, role change, deactivation or sign-out; a platform admin can", async () => {
    const p = await createTestTenant("users-platform");
    const promoted = await withTenantSql(
      p.tenantId,
      async (tx) =>
        await tx.$executeRaw`UPDATE app_user SET platform_admin = true WHERE tenant_id = ${p.tenantId}::uuid AND id = ${p.users.admin}::uuid`,
    );
    expect(promoted).toBe(1);
    // The report's path: a member made admin turns on the platform admin.
    expectOk(await runAs(changeRoleOp, session(p), { id: p.users.member, role: "admin" }));
    const companyAdmin = session(p, "member");
    const id = p.users.admin;
    const refusal = {
      status: 403,
      error: `${p.emails.admin} is a platform admin: only a platform admin can change their role, access or password`,
    };
    const attempts: OpResult<unknown>[] = [
      await runAs(resetPasswordOp, companyAdmin, { id }),
      await runAs(changeRoleOp, companyAdmin, { id, role: "read_only" }),
      await runAs(deactivateUserOp, companyAdmin, { id }),
      await runAs(reactivateUserOp, companyAdmin, { id }),
      await runAs(signOutUserOp, companyAdmin, { id }),
      await runAs(reinviteUserOp, companyAdmin, { id }),
    ];
    expect(attempts.map(failure)).toEqual(Array(6).fill(refusal));
    expect(attempts.map((r) => (r.ok ? "ok" : r.code))).toEqual(Array(6).fill("permission_denied"));
    // Nothing reached them: no link, the same role, still active, still signed in, and nothing in the log.
    const [{ links }] = await withTenantSql(
      p.tenantId,
      async (tx) =>
        await tx.$queryRaw<
          [{ links: number }]
        >`SELECT count(*)::int AS links FROM user_link WHERE tenant_id = ${p.tenantId}::uuid AND user_id = ${id}::uuid`,
    );
    expect(links).toBe(0);
    expect(expectOk(await runAs(currentUserOp, session(p), {}))).toMatchObject({ isAdmin: true, isPlatformAdmin: true });
    const log = expectOk(await runAs(listAuditLogOp, session(p), {})).data;
    expect(log.map((e) => e.action)).toEqual(["user.role_changed"]);

    // The page offers nothing on that row to the company admin, and everything to the platform admin.
    const manageable = async (who: typeof companyAdmin) =>
      Object.fromEntries(expectOk(await runAs(listUsersOp, who, {})).data.map((u) => [u.email, [u.platformAdmin, u.manageable]]));
    expect(await manageable(companyAdmin)).toEqual({
      [p.emails.admin]: [true, false],
      [p.emails.member]: [false, true],
      [p.emails.read_only]: [false, true],
    });
    expect(Object.values(await manageable(session(p))).every(([, m]) => m)).toBe(true);

    // A platform admin manages company admins, and the entry names both.
    const reset = expectOk(await runAs(resetPasswordOp, session(p), { id: p.users.member }));
    expect(reset.user.email).toBe(p.emails.member);
    const [entry] = expectOk(await runAs(listAuditLogOp, session(p), { action: "user.password_reset" })).data;
    expect(entry).toMatchObject({
      actor: { id: p.users.admin, email: p.emails.admin },
      target: { type: "user", id: p.users.member, label: p.emails.member },
    });
    // Company admins still manage each other.
    expectOk(await runAs(changeRoleOp, session(p, "member"), { id: p.users.read_only, role: "admin" }));
    expectOk(await runAs(resetPasswordOp, session(p, "read_only"), { id: p.users.member }));
  });

  it("another company's admin finds none of these people", async () => {
    const id = t.users.member;
    const attempts = [
      await runAs(changeRoleOp, session(b), { id, role: "admin" }),
      await runAs(deactivateUserOp, session(b), { id }),
      await runAs(reactivateUserOp, session(b), { id }),
      await runAs(resetPasswordOp, session(b), { id }),
      await runAs(reinviteUserOp, session(b), { id }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect(expectOk(await runAs(listUsersOp, session(b), {})).data.map((u) => u.email)).not.toContain(t.emails.member);
  });
});
