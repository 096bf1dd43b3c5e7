/**
 * verifyLogin: the one lookup made before a tenant is known (auth_find_login, SECURITY DEFINER),
 * then the password check inside the tenant found.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { verifyLogin } from "@/lib/services/auth/verify-login.ts";
import { createTestTenant, setUserActive, TEST_PASSWORD, type TestTenant } from "../helpers/fixtures.ts";

describe("verifyLogin", () => {
  let a: TestTenant;
  let b: TestTenant;

  beforeAll(async () => {
    a = await createTestTenant("login-a");
    b = await createTestTenant("login-b");
  });

  it("the right password returns the user with its tenant", async () => {
    const outcome = await verifyLogin(a.emails.admin, TEST_PASSWORD);
    expect(outcome).toEqual({ user: { id: a.users.admin, tenantId: a.tenantId, email: a.emails.admin, name: "admin user" } });
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
          user: { id: t.users[role], tenantId: t.tenantId, email: t.emails[role], name: `${role} user` },
        });
      }
    }
    expect(a.tenantId).not.toBe(b.tenantId);
  });
});
