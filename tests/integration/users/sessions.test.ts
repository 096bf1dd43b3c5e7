/**
 * Sessions end when they should (issue 33 item 3). Each browser session carries the user's
 * session version from its sign-in, and every request that uses it refuses it once the version
 * rose — a password set through a reset link, a deactivation (even undone), "sign out everywhere"
 * by an admin or by oneself: pages and server actions (runOperation with the session credential),
 * the API reference's Try it (a real Auth.js cookie through the REST route handlers) and the OAuth
 * authorization (sessionUser, whose Auth.js session is stubbed here). A new sign-in works at once.
 * The same through the built app with a real browser: e2e/users-audit.spec.ts.
 */
import { encode } from "next-auth/jwt";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sessionUser } from "@/lib/adapters/next-auth/session-user.ts";
import { apiConsoleToken } from "@/lib/auth/api-console-csrf.ts";
import { listAuditLogOp } from "@/lib/operations/audit/list-audit-log.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { signOutEverywhereOp } from "@/lib/operations/session/sign-out-everywhere.ts";
import { deactivateUserOp, reactivateUserOp, resetPasswordOp, signOutUserOp } from "@/lib/operations/users/manage-users.ts";
import { authSecret } from "@/lib/secrets.ts";
import { verifyLogin } from "@/lib/services/auth/verify-login.ts";
import { setPasswordWithLink } from "@/lib/services/users/set-password.ts";
import { createTestKey, createTestTenant, TEST_PASSWORD, type TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { expectOk, runAs, session, type Role } from "../operation-helpers.ts";
import { approvedCode, createPublishedApp, mustExchange, REDIRECT, token } from "../oauth/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listObjectsRoute } = restRoute("/objects");
const { GET: listRecords } = restRoute("/{object}");

// The Auth.js session sessionUser() reads (a page's or route handler's request is not at hand here).
const signedIn = vi.hoisted(() => ({ user: null as { id: string; tenantId: string; sessionVersion: number } | null }));
vi.mock("@/lib/adapters/next-auth/next-auth.ts", () => ({ auth: async () => (signedIn.user ? { user: signedIn.user } : null) }));

const COOKIE = "authjs.session-token";
const NEW_PASSWORD = "a brand new passphrase";

/** Try it's request headers with the Auth.js cookie a sign-in at `version` sets (`undefined`: a cookie from before versions). */
async function consoleHeaders(t: TestTenant, role: Role, version: number | undefined): Promise<Record<string, string>> {
  const claims = { sub: t.users[role], tenantId: t.tenantId, email: t.emails[role], ...(version === undefined ? {} : { sv: version }) };
  const token = await encode({ token: claims, secret: authSecret(), salt: COOKIE, maxAge: 3600 });
  return {
    cookie: `${COOKIE}=${token}`,
    "x-csrf-token": apiConsoleToken({ tenantId: t.tenantId, userId: t.users[role] }),
    "sec-fetch-site": "same-origin",
  };
}

/** Whether a session of `role` begun at `version` still works on each surface: a page, Try it, the OAuth authorization. */
async function works(t: TestTenant, role: Role, version: number): Promise<{ page: number; console: number; authorize: boolean }> {
  const page = await runAs(currentUserOp, session(t, role, version), {});
  const console = await call(listObjectsRoute, { headers: await consoleHeaders(t, role, version), path: "/objects" });
  signedIn.user = { id: t.users[role], tenantId: t.tenantId, sessionVersion: version };
  const user = await sessionUser();
  return { page: page.status, console: console.status, authorize: user?.userId === t.users[role] };
}

const WORKS = { page: 200, console: 200, authorize: true };
const ENDED = { page: 401, console: 401, authorize: false };

/** Signs in with the password: the version the new session carries. */
async function signIn(t: TestTenant, role: Role, password = TEST_PASSWORD): Promise<number> {
  const outcome = await verifyLogin(t.emails[role], password);
  if (!("user" in outcome)) throw new Error(`sign-in refused: ${outcome.refused}`);
  return outcome.user.sessionVersion;
}

describe("sessions end when they should", () => {
  let t: TestTenant;

  beforeEach(async () => {
    t = await createTestTenant("sessions");
    signedIn.user = null;
  });

  it("a password set through a reset link ends every session and OAuth token of the person, and only theirs; signing in again works", async () => {
    const app = await createPublishedApp();
    const tokens = await mustExchange(app, await approvedCode(t, app, ["records:read"], { user: "member" }));
    const others = await mustExchange(app, await approvedCode(t, app, ["records:read"], { user: "admin" }));
    const rest = (auth: string) => call(listRecords, { auth, params: { object: "contact" } });
    expect(await works(t, "member", 0)).toEqual(WORKS);
    // A cookie from before session versions counts as the first version.
    expect((await call(listObjectsRoute, { headers: await consoleHeaders(t, "member", undefined), path: "/objects" })).status).toBe(200);

    const { link } = expectOk(await runAs(resetPasswordOp, session(t), { id: t.users.member }));
    // Issuing the link changes nothing yet: the person may never use it.
    expect(await works(t, "member", 0)).toEqual(WORKS);
    const secret = new URL(link.url).searchParams.get("token")!;
    expect(await setPasswordWithLink(secret, NEW_PASSWORD, { ip: "203.0.113.9" })).toMatchObject({ ok: true });

    expect(await works(t, "member", 0)).toEqual(ENDED);
    const ended = await call(listObjectsRoute, { headers: await consoleHeaders(t, "member", 0), path: "/objects" });
    expect(ended.json()).toMatchObject({ error: "Session expired", code: "invalid_credential" });
    expect((await call(listObjectsRoute, { headers: await consoleHeaders(t, "member", undefined), path: "/objects" })).status).toBe(401);
    expect(await works(t, "admin", 0)).toEqual(WORKS);
    expect((await rest(tokens.access_token)).status).toBe(401);
    expect((await token(app, { grant_type: "refresh_token", refresh_token: tokens.refresh_token })).status).toBe(400);
    expect((await rest(others.access_token)).status).toBe(200);
    const version = await signIn(t, "member", NEW_PASSWORD);
    expect(version).toBe(1);
    expect(await works(t, "member", version)).toEqual(WORKS);
  });

  it("deactivating ends the person's sessions and OAuth tokens for good: reactivating brings back their API key only", async () => {
    const key = await createTestKey(t, { role: "member" });
    const app = await createPublishedApp();
    const tokens = await mustExchange(app, await approvedCode(t, app, ["records:read"], { user: "member" }));
    const rest = (auth: string) => call(listRecords, { auth, params: { object: "contact" } });
    expect(await works(t, "member", 0)).toEqual(WORKS);
    expect((await rest(tokens.access_token)).status).toBe(200);

    expectOk(await runAs(deactivateUserOp, session(t), { id: t.users.member }));
    expect(await works(t, "member", 0)).toEqual(ENDED);
    expectOk(await runAs(reactivateUserOp, session(t), { id: t.users.member }));

    expect(await works(t, "member", 0)).toEqual(ENDED);
    expect((await rest(tokens.access_token)).status).toBe(401);
    const refreshed = await token(app, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect([refreshed.status, refreshed.body?.error]).toEqual([400, "invalid_grant"]);
    expect((await rest(key.secret)).status).toBe(200);
    // A code issued before the deactivation and not yet exchanged is spent too.
    const pending = await approvedCode(t, app, ["records:read"], { user: "member" });
    expectOk(await runAs(deactivateUserOp, session(t), { id: t.users.member }));
    expectOk(await runAs(reactivateUserOp, session(t), { id: t.users.member }));
    const late = await token(app, {
      grant_type: "authorization_code",
      code: pending.code,
      code_verifier: pending.verifier,
      redirect_uri: REDIRECT,
    });
    expect([late.status, late.body?.error]).toEqual([400, "invalid_grant"]);

    const version = await signIn(t, "member");
    expect(await works(t, "member", version)).toEqual(WORKS);
    // The app asks again and gets new tokens, which work.
    expect(
      (await rest((await mustExchange(app, await approvedCode(t, app, ["records:read"], { user: "member" }))).access_token)).status,
    ).toBe(200);
  });

  it("an admin signs someone out everywhere: their sessions and OAuth tokens end, their API keys stay; audited", async () => {
    const key = await createTestKey(t, { role: "member" });
    const app = await createPublishedApp();
    const tokens = await mustExchange(app, await approvedCode(t, app, ["records:read"], { user: "member" }));
    const rest = (auth: string) => call(listRecords, { auth, params: { object: "contact" } });

    expectOk(await runAs(signOutUserOp, session(t), { id: t.users.member }));
    expect(await works(t, "member", 0)).toEqual(ENDED);
    expect(await works(t, "admin", 0)).toEqual(WORKS);
    expect(await works(t, "read_only", 0)).toEqual(WORKS);
    expect((await rest(key.secret)).status).toBe(200);
    expect((await rest(tokens.access_token)).status).toBe(401);
    expect((await token(app, { grant_type: "refresh_token", refresh_token: tokens.refresh_token })).status).toBe(400);
    expect(await works(t, "member", await signIn(t, "member"))).toEqual(WORKS);

    // Members may not sign others out.
    expect((await runAs(signOutUserOp, session(t, "read_only"), { id: t.users.member })).status).toBe(403);
    const [entry] = expectOk(await runAs(listAuditLogOp, session(t), { action: "user.signed_out_everywhere" })).data;
    expect(entry).toMatchObject({
      actor: { id: t.users.admin, email: t.emails.admin },
      target: { type: "user", id: t.users.member, label: t.emails.member },
    });
  });

  it("anyone signs themselves out everywhere: every session of theirs ends, this one included", async () => {
    // The page names the account it showed: another's is refused and ends nothing.
    expect((await runAs(signOutEverywhereOp, session(t, "read_only"), { userId: t.users.member })).status).toBe(400);
    expect(await works(t, "read_only", 0)).toEqual(WORKS);
    expectOk(await runAs(signOutEverywhereOp, session(t, "read_only"), { userId: t.users.read_only }));
    expect(await works(t, "read_only", 0)).toEqual(ENDED);
    expect(await works(t, "member", 0)).toEqual(WORKS);
    expect(await works(t, "read_only", await signIn(t, "read_only"))).toEqual(WORKS);
    const [entry] = expectOk(await runAs(listAuditLogOp, session(t), { action: "user.signed_out_everywhere" })).data;
    expect(entry).toMatchObject({ actor: { id: t.users.read_only }, target: { id: t.users.read_only } });
  });
});
