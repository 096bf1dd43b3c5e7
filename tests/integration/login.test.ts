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
    const user = await verifyLogin(a.emails.admin, TEST_PASSWORD);
    expect(user).toEqual({ id: a.users.admin, tenantId: a.tenantId, email: a.emails.admin, name: "admin user" });
  });

  it("a wrong password returns null", async () => {
    expect(await verifyLogin(a.emails.admin, `${TEST_PASSWORD}!`)).toBeNull();
    expect(await verifyLogin(a.emails.admin, TEST_PASSWORD.toUpperCase())).toBeNull();
    expect(await verifyLogin(a.emails.admin, "")).toBeNull();
  });

  it("an unknown email returns null", async () => {
    expect(await verifyLogin(`nobody-${a.emails.admin}`, TEST_PASSWORD)).toBeNull();
    expect(await verifyLogin("", TEST_PASSWORD)).toBeNull();
    expect(await verifyLogin("   ", TEST_PASSWORD)).toBeNull();
  });

  it("the email is matched case-insensitively and trimmed", async () => {
    for (const email of [a.emails.member.toUpperCase(), `  ${a.emails.member}  `, a.emails.member.replace(/^m/, "M")]) {
      const user = await verifyLogin(email, TEST_PASSWORD);
      expect(user, email).toMatchObject({ id: a.users.member, tenantId: a.tenantId, email: a.emails.member });
    }
  });

  it("a deactivated user gets null even with the right password, and can log in again once reactivated", async () => {
    const t = await createTestTenant("login-deact");
    expect(await verifyLogin(t.emails.read_only, TEST_PASSWORD)).not.toBeNull();
    await setUserActive(t, "read_only", false);
    expect(await verifyLogin(t.emails.read_only, TEST_PASSWORD)).toBeNull();
    // The other users of the tenant are unaffected.
    expect(await verifyLogin(t.emails.admin, TEST_PASSWORD)).toMatchObject({ id: t.users.admin });
    await setUserActive(t, "read_only", true);
    expect(await verifyLogin(t.emails.read_only, TEST_PASSWORD)).toMatchObject({ id: t.users.read_only, tenantId: t.tenantId });
  });

  it("users of two tenants each resolve to their own tenant", async () => {
    for (const t of [a, b]) {
      for (const role of ["admin", "member", "read_only"] as const) {
        const user = await verifyLogin(t.emails[role], TEST_PASSWORD);
        expect(user, `${role} of ${t.tenantId}`).toEqual({ id: t.users[role], tenantId: t.tenantId, email: t.emails[role], name: `${role} user` });
      }
    }
    expect(a.tenantId).not.toBe(b.tenantId);
  });
});
