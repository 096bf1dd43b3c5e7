/**
 * verifyLogin: the one lookup made before a tenant is known (auth_find_login, SECURITY DEFINER),
 * then the password check inside the tenant found; each sign-in and each wrong password goes to
 * that tenant's audit log (issue 33 item 5), an unknown email to none.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { listAuditLogOp } from "@/lib/operations/audit/list-audit-log.ts";
import { verifyLogin } from "@/lib/services/auth/verify-login.ts";
import { createTestTenant, setUserActive, TEST_PASSWORD, type TestTenant } from "../helpers/fixtures.ts";
import { expectOk, runAs, session } from "./operation-helpers.ts";

describe("verifyLogin", () => {
  let a: TestTenant;
  let b: TestTenant;

  beforeAll(async () => {
    a = await createTestTenant("login-a");
    b = await createTestTenant("login-b");
  });

  it("the right password returns the user with its tenant", async () => {
    const outcome = await verifyLogin(a.emails.admin, TEST_PASSWORD);
    expect(outcome).toEqual({
      user: { id: a.users.admin, tenantId: a.tenantId, email: a.emails.admin, name: "admin user", sessionVersion: 0 },
    });
  });

  it("a wrong password is refused as such", async () => {
    expect(await verifyLogin(a.emails.admin, `${TEST_PASSWORD}!`)).toEqual({ refused: "wrong password" });
    expect(await verifyLogin(a.emails.admin, TEST_PASSWORD.toUpperCase())).toEqual({ refused: "wrong password" });
    expect(await verifyLogin(a.emails.admin, "")).toEqual({ refused: "wrong password" });
  });

  it("an unknown email is refused as such", async () => {
    expect(await verifyLogin(`nobody-${a.emails.admin}`, TEST_PASSWORD)).toEqual({ refused: "no active user with this email" });
    expect(await verifyLogin("", TEST_PASSWORD)).toEqual({ refused: "no active user with this email" });
    expect(await verifyLogin("   ", TEST_PASSWORD)).toEqual({ refused: "no active user with this email" });
  });

  it("the email is matched case-insensitively and trimmed", async () => {
    for (const email of [a.emails.member.toUpperCase(), `  ${a.emails.member}  `, a.emails.member.replace(/^m/, "M")]) {
      const outcome = await verifyLogin(email, TEST_PASSWORD);
      expect(outcome, email).toMatchObject({ user: { id: a.users.member, tenantId: a.tenantId, email: a.emails.member } });
    }
  });

  it("a deactivated user is refused even with the right password, and can log in again once reactivated", async () => {
    const t = await createTestTenant("login-deact");
    expect(await verifyLogin(t.emails.read_only, TEST_PASSWORD)).toHaveProperty("user");
    await setUserActive(t, "read_only", false);
    expect(await verifyLogin(t.emails.read_only, TEST_PASSWORD)).toEqual({ refused: "no active user with this email" });
    // The other users of the tenant are unaffected.
    expect(await verifyLogin(t.emails.admin, TEST_PASSWORD)).toMatchObject({ user: { id: t.users.admin } });
    await setUserActive(t, "read_only", true);
    expect(await verifyLogin(t.emails.read_only, TEST_PASSWORD)).toMatchObject({ user: { id: t.users.read_only, tenantId: t.tenantId } });
  });

  it("users of two tenants each resolve to their own tenant", async () => {
    for (const t of [a, b]) {
      for (const role of ["admin", "member", "read_only"] as const) {
        const outcome = await verifyLogin(t.emails[role], TEST_PASSWORD);
        expect(outcome, `${role} of ${t.tenantId}`).toEqual({
          user: { id: t.users[role], tenantId: t.tenantId, email: t.emails[role], name: `${role} user`, sessionVersion: 0 },
        });
      }
    }
    expect(a.tenantId).not.toBe(b.tenantId);
  });

  it("the user's company logs each sign-in and each wrong password (never what was typed); an unknown email is logged nowhere", async () => {
    const t = await createTestTenant("login-audit");
    const typed = "a guess at the password";
    await verifyLogin(t.emails.member, TEST_PASSWORD, { ip: "203.0.113.30" });
    await verifyLogin(` ${t.emails.member.toUpperCase()} `, typed, { ip: "203.0.113.31" });
    const log = expectOk(await runAs(listAuditLogOp, session(t), {})).data;
    expect(log.map((e) => e.action)).toEqual(["user.sign_in_failed", "user.signed_in"]);
    expect(log[1]).toMatchObject({
      actor: { id: t.users.member, email: t.emails.member },
      credential: { kind: "session" },
      ip: "203.0.113.30",
      target: { type: "user", id: t.users.member, label: t.emails.member },
    });
    // Nobody known acted: the entry names whose account was tried, and from where.
    expect(log[0]).toMatchObject({
      actor: { id: null, email: null },
      ip: "203.0.113.31",
      target: { type: "user", id: t.users.member, label: t.emails.member },
      details: {},
    });

    const count = (tenant: TestTenant) =>
      withTenantSql(tenant.tenantId, async (tx) => await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM audit_log`).then(
        (r) => r[0]!.n,
      );
    const before = [await count(t), await count(a), await count(b)];
    // An email of no user, one that differs from a user's by its domain, and a deactivated user's.
    await verifyLogin(`nobody@${t.emails.member.split("@")[1]}`, typed);
    await verifyLogin(`${t.emails.member}.example`, typed);
    await setUserActive(t, "read_only", false);
    await verifyLogin(t.emails.read_only, TEST_PASSWORD);
    expect([await count(t), await count(a), await count(b)]).toEqual(before);
    const everything = JSON.stringify(await withTenantSql(t.tenantId, async (tx) => await tx.$queryRaw`SELECT * FROM audit_log`));
    expect(everything).not.toContain(typed);
    expect(everything).not.toContain(TEST_PASSWORD);
  });
});
