/**
 * The API reference's Try it: REST requests authenticated by the signed-in user's session cookie,
 * the page's anti-CSRF token and a same-origin request, through the real route handlers. The browser
 * flow (the cookie Auth.js really sets, the page's token) is e2e/api-reference.spec.ts.
 */
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { apiConsoleToken } from "@/lib/auth/api-console-csrf.ts";
import { publicBaseUrl } from "@/lib/config.ts";
import { listObjectsOp } from "@/lib/operations/objects/list-objects.ts";
import { authSecret } from "@/lib/secrets.ts";
import { createTestKey, createTestTenant, setUserActive, type TestTenant } from "../helpers/fixtures.ts";
import { call, type CallOptions, type CallResult } from "../helpers/rest.ts";
import { expectOk, runAs, session, type Role } from "./operation-helpers.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { GET: listObjectsRoute } = restRoute("/objects");
const { POST: createRecordRoute } = restRoute("/{object}");

// What Auth.js sets after a credentials sign-in on http: an encrypted JWT named after its cookie.
const COOKIE = "authjs.session-token";

async function sessionCookie(t: TestTenant, role: Role, secret = authSecret()): Promise<string> {
  const token = await encode({
    token: { sub: t.users[role], tenantId: t.tenantId, email: t.emails[role] },
    secret,
    salt: COOKIE,
    maxAge: 3600,
  });
  return `${COOKIE}=${token}`;
}

const csrfFor = (t: TestTenant, role: Role, now?: number) => apiConsoleToken({ tenantId: t.tenantId, userId: t.users[role] }, now);

/** Headers of Try it's fetch from the reference page: a GET carries Sec-Fetch-Site only, a POST Origin too. */
async function consoleHeaders(t: TestTenant, role: Role, method: "GET" | "POST" = "GET"): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    cookie: await sessionCookie(t, role),
    "x-csrf-token": csrfFor(t, role),
    "sec-fetch-site": "same-origin",
  };
  if (method === "POST") headers.origin = publicBaseUrl();
  return headers;
}

const remaining = (res: CallResult) => Number(res.headers.get("x-ratelimit-remaining"));

function expectMissingKey(res: CallResult, why: string) {
  expect(res.status, why).toBe(401);
  expect(res.json(), why).toMatchObject({ error: "Missing API key", code: "unauthenticated" });
}

describe("Try it through the session (credentialFromRequest)", () => {
  let t: TestTenant;

  beforeAll(async () => {
    t = await createTestTenant("console");
  });

  it("cookie + the page's token + same origin answers 200 as the user, counting 119, 118 in the user's bucket of 120", async () => {
    const headers = await consoleHeaders(t, "member");
    const first = await call(listObjectsRoute, { headers, path: "/objects" });
    expect(first.status).toBe(200);
    expect(first.json<{ data: { apiName: string }[] }>().data.map((o) => o.apiName)).toContain("contact");
    expect(first.headers.get("x-ratelimit-limit")).toBe("120");
    expect(remaining(first)).toBe(119);
    const second = await call(listObjectsRoute, { headers, path: "/objects" });
    expect(remaining(second)).toBe(118);
  });

  it("the user's role applies: a read-only user's POST is 403 errors.permissionDenied, a member's is 201", async () => {
    const refused = await call(createRecordRoute, {
      headers: await consoleHeaders(t, "read_only", "POST"),
      params: { object: "contact" },
      path: "/contact",
      body: { last_name: "Console" },
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ error: "errors.permissionDenied", code: "permission_denied" });

    const created = await call(createRecordRoute, {
      headers: await consoleHeaders(t, "member", "POST"),
      params: { object: "contact" },
      path: "/contact",
      body: { last_name: "Console" },
    });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ last_name: "Console", owner_id: t.users.member });
  });

  it("a cookie without the token, or with another user's, a stale or a malformed one, is no credential: 401 Missing API key", async () => {
    const cookie = await sessionCookie(t, "admin");
    const base = { cookie, "sec-fetch-site": "same-origin" };
    const eightHoursAgo = Date.now() - 8 * 60 * 60_000 - 1000;
    const cases: [string, Record<string, string>][] = [
      ["no token", base],
      ["another user's token", { ...base, "x-csrf-token": csrfFor(t, "member") }],
      ["a token older than a session", { ...base, "x-csrf-token": csrfFor(t, "admin", eightHoursAgo) }],
      ["a malformed token", { ...base, "x-csrf-token": "1.abc" }],
      ["a token without a cookie", { "sec-fetch-site": "same-origin", "x-csrf-token": csrfFor(t, "admin") }],
      [
        "a cookie under another secret",
        { ...base, cookie: await sessionCookie(t, "admin", "not-the-secret"), "x-csrf-token": csrfFor(t, "admin") },
      ],
    ];
    for (const [why, headers] of cases) expectMissingKey(await call(listObjectsRoute, { headers, path: "/objects" }), why);
  });

  it("a cross-origin request is refused the same way (401), whatever it carries: another Origin, Sec-Fetch-Site other than same-origin, or neither header", async () => {
    const { "sec-fetch-site": _, ...noFetchSite } = await consoleHeaders(t, "admin");
    const cases: [string, Record<string, string>][] = [
      ["another origin", { ...noFetchSite, origin: "https://evil.example" }],
      ["the public origin on another port", { ...noFetchSite, origin: `${publicBaseUrl()}1` }],
      ["the right Origin but a cross-site fetch", { ...noFetchSite, origin: publicBaseUrl(), "sec-fetch-site": "cross-site" }],
      ["same-site is not same-origin", { ...noFetchSite, "sec-fetch-site": "same-site" }],
      ["a request that says nothing of where it comes from", noFetchSite],
    ];
    for (const [why, headers] of cases) expectMissingKey(await call(listObjectsRoute, { headers, path: "/objects" }), why);
    // The same origin passes with either header alone.
    expect((await call(listObjectsRoute, { headers: { ...noFetchSite, origin: publicBaseUrl() }, path: "/objects" })).status).toBe(200);
  });

  it("Authorization: Bearer decides alone: a bad key beside a valid console request is 401 Invalid API key; a good one spends the key's bucket", async () => {
    const headers = await consoleHeaders(t, "admin");
    const bad = await call(listObjectsRoute, { headers, auth: "crm_not-a-key", path: "/objects" });
    expect(bad.status).toBe(401);
    expect(bad.json()).toMatchObject({ error: "Invalid API key" });

    const key = await createTestKey(t, { role: "admin", rateLimit: 7 });
    const viaKey = await call(listObjectsRoute, { headers, auth: key.secret, path: "/objects" });
    expect(viaKey.status).toBe(200);
    expect(viaKey.headers.get("x-ratelimit-limit")).toBe("7");
  });

  it("pages and server actions (session credentials without the console mark) spend nothing from the user's bucket", async () => {
    const headers = await consoleHeaders(t, "admin");
    const before = remaining(await call(listObjectsRoute, { headers, path: "/objects" }));
    for (let i = 0; i < 5; i++) expectOk(await runAs(listObjectsOp, session(t, "admin"), {}));
    const after = remaining(await call(listObjectsRoute, { headers, path: "/objects" }));
    expect(after).toBe(before - 1);
  });

  it("a deactivated user's session no longer works in Try it", async () => {
    const other = await createTestTenant("console-off");
    const options: CallOptions = { headers: await consoleHeaders(other, "member"), path: "/objects" };
    expect((await call(listObjectsRoute, options)).status).toBe(200);
    await setUserActive(other, "member", false);
    const refused = await call(listObjectsRoute, options);
    expect(refused.status).toBe(401);
  });
});
