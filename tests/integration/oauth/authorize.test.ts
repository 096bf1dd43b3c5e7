/**
 * GET/POST /api/oauth/authorize (spec 5.3; RFC 6749 4.1, RFC 7636, RFC 9207) and the metadata
 * documents. The signed-in user comes from a stand-in for the session cookie; the browser flow
 * with a real session is the Playwright test.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { authorizeEndpoint, consentBinding, consentDecisionEndpoint, type SessionUser } from "@/lib/adapters/oauth/authorize-endpoint.ts";
import { authorizationServerMetadata, protectedResourceMetadata } from "@/lib/adapters/oauth/metadata.ts";
import { publicBaseUrl } from "@/lib/config.ts";
import { consentToken } from "@/lib/oauth/consent-csrf.ts";
import { s256 } from "@/lib/oauth/pkce.ts";
import { DEFAULT_WINDOW_MS } from "@/lib/rate-limit/index.ts";
import { CODE_TTL_MS } from "@/lib/services/oauth/codes.ts";
import { authSecret } from "@/lib/secrets.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { call } from "../../helpers/rest.ts";
import { createPublishedApp, mustExchange, newVerifier, REDIRECT, token, type TestApp } from "./helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listObjects } = restRoute("/objects");

describe("OAuth authorize endpoint", () => {
  let t: TestTenant;
  let app: TestApp;
  let user: { userId: string; tenantId: string };
  const signedIn: SessionUser = async () => user;
  const signedOut: SessionUser = async () => null;

  beforeAll(async () => {
    t = await createTestTenant("authorize");
    app = await createPublishedApp(["records:read", "records:write", "objects:read"]);
    user = { userId: t.users.member, tenantId: t.tenantId };
  });

  // Every request has a verifier of its own (a code_challenge is used for one code only): verifierOf finds it.
  const verifiers = new Map<string, string>();
  const verifierOf = (p: URLSearchParams) => verifiers.get(p.get("code_challenge")!)!;
  const params = (over: Record<string, string | null> = {}) => {
    const verifier = newVerifier();
    verifiers.set(s256(verifier), verifier);
    const p = new URLSearchParams({
      response_type: "code",
      client_id: app.clientId,
      redirect_uri: REDIRECT,
      scope: "records:read objects:read",
      state: "xyz-123",
      code_challenge: s256(verifier),
      code_challenge_method: "S256",
    });
    for (const [k, v] of Object.entries(over)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    return p;
  };
  const get = (p: URLSearchParams, session = signedIn) =>
    authorizeEndpoint(session)(new Request(`http://localhost/api/oauth/authorize?${p}`));
  const decide = (
    p: URLSearchParams,
    form: Record<string, string | string[]>,
    session = signedIn,
    headers: Record<string, string> = {},
  ) => {
    const body = new URLSearchParams(p);
    for (const [k, v] of Object.entries(form)) for (const x of [v].flat()) body.append(k, x);
    return consentDecisionEndpoint(session)(
      new Request("http://localhost/api/oauth/authorize", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: body.toString(),
      }),
    );
  };
  const location = (res: Response) => new URL(res.headers.get("location")!, "http://localhost");
  // Each call is a newly shown form (issued a millisecond earlier than the last): a form decides once.
  let shown = 0;
  const csrf = (p: URLSearchParams, who = user) => consentToken(authSecret(), consentBinding(who, p), Date.now() - ++shown);

  it("shows an error page, never a redirect, for an unknown client or any redirect_uri variation", async () => {
    const variations = [
      "https://app.example.com/callback/",
      "https://app.example.com/Callback",
      "https://APP.example.com/callback",
      "https://app.example.com:443/callback",
      "https://app.example.com:8443/callback",
      "https://app.example.com/callback?x=1",
      "https://app.example.com/callback#f",
      "https://app.example.com/call",
      "https://app.example.com/callbackx",
      "http://app.example.com/callback",
      "https://evil.example.com/callback",
      "http://127.0.0.1:8766/cb/",
      "http://127.0.0.1:8766/other",
      "http://localhost:8765/cb",
      "http://[::1]:8765/cb",
      "",
    ];
    for (const redirectUri of variations) {
      const res = await get(params({ redirect_uri: redirectUri }));
      expect(res.status, redirectUri).toBe(400);
      expect(res.headers.get("location"), redirectUri).toBeNull();
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
    }
    for (const clientId of ["crm_app_unknown", ""]) {
      const res = await get(params({ client_id: clientId }));
      expect([res.status, res.headers.get("location")]).toEqual([400, null]);
    }
    expect((await get(params({ redirect_uri: null }))).status).toBe(400);
  });

  it("shows those faults on a page with the app's look, saying what went wrong, HTML-escaped", async () => {
    const res = await get(params({ redirect_uri: `https://evil.example.com/cb?<script>alert("x")</script>` }));
    expect(res.status).toBe(400);
    const html = await res.text();
    // The app's global stylesheet and the markup of its pages (the consent page's own error).
    expect(html).toContain(readFileSync("app/globals.css", "utf8"));
    expect(html).toMatch(/<main class="center"><div class="panel card stack">\s*<h1>This authorization request cannot be completed<\/h1>/);
    expect(html).toContain(
      `<p class="error">redirect_uri https://evil.example.com/cb?&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; is not registered for App `,
    );
    expect(html).not.toContain("<script>");
    const unknown = await (await get(params({ client_id: "crm_app_<b>" }))).text();
    expect(unknown).toContain("Unknown client crm_app_&#60;b&#62;: this app is not registered or not published");
  });

  it("answers those faults as JSON {error, error_description} to a caller asking for application/json; a browser gets the page", async () => {
    const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
    const withAccept = (accept: string, p = params({ client_id: "crm_app_unknown" })) =>
      authorizeEndpoint(signedIn)(new Request(`http://localhost/api/oauth/authorize?${p}`, { headers: { accept } }));
    for (const accept of ["application/json", "application/json, text/plain, */*", "text/html;q=0.5, application/json"]) {
      const res = await withAccept(accept);
      expect([res.status, res.headers.get("content-type"), res.headers.get("location")], accept).toEqual([
        400,
        "application/json; charset=utf-8",
        null,
      ]);
      expect([res.headers.get("cache-control"), res.headers.get("referrer-policy")]).toEqual(["no-store", "no-referrer"]);
      expect(await res.json()).toEqual({
        error: "invalid_request",
        error_description: "Unknown client crm_app_unknown: this app is not registered or not published",
      });
    }
    for (const accept of [BROWSER, "*/*", "", "text/html, application/json;q=0.9", "application/json;q=0"]) {
      const res = await withAccept(accept);
      expect([res.status, res.headers.get("content-type")], accept).toEqual([400, "text/html; charset=utf-8"]);
    }
    // The consent decision's faults too, with the RFC 6749 code of their status.
    const p = params();
    const forged = await decide(p, { decision: "approve", csrf_token: "forged" }, signedIn, { accept: "application/json" });
    expect([forged.status, await forged.json()]).toEqual([
      403,
      { error: "access_denied", error_description: expect.stringContaining("This consent form is not valid") },
    ]);
    const signedOutPost = await decide(p, { decision: "approve", csrf_token: csrf(p) }, signedOut, { accept: "application/json" });
    expect([signedOutPost.status, ((await signedOutPost.json()) as { error: string }).error]).toEqual([401, "access_denied"]);
  });

  it("sends Referrer-Policy: no-referrer with every answer (redirects, the error page, the page-data answer)", async () => {
    const answers = [
      await get(params({ client_id: "crm_app_unknown" })),
      await get(params({ code_challenge_method: null })),
      await get(params(), signedOut),
      await get(params()),
      await authorizeEndpoint(signedIn)(new Request(`http://localhost/api/oauth/authorize?${params()}`, { headers: { rsc: "1" } })),
      await decide(params(), { decision: "approve", grant: ["records:read"], csrf_token: "forged" }),
      await (async (p = params()) => decide(p, { decision: "deny", csrf_token: csrf(p) }))(),
    ];
    for (const res of answers)
      expect([res.status, res.headers.get("referrer-policy"), res.headers.get("cache-control")]).toEqual([
        res.status,
        "no-referrer",
        "no-store",
      ]);
  });

  it("accepts a registered loopback IP redirect on any port (RFC 8252 7.3), path and query exact", async () => {
    for (const redirectUri of ["http://127.0.0.1:8765/cb", "http://127.0.0.1:49152/cb", "http://127.0.0.1/cb"]) {
      const res = await get(params({ redirect_uri: redirectUri, code_challenge_method: "plain" }));
      expect(res.status, redirectUri).toBe(302);
      expect(location(res).toString().startsWith(redirectUri), redirectUri).toBe(true);
    }
  });

  it("redirects other faults back with the RFC 6749 error, the same state and the issuer", async () => {
    const cases: [Record<string, string | null>, string][] = [
      [{ code_challenge_method: null }, "invalid_request"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ code_challenge: null }, "invalid_request"],
      [{ code_challenge: "short" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ response_type: null }, "invalid_request"],
      [{ scope: "records:read admin" }, "invalid_scope"],
      [{ scope: null }, "invalid_scope"],
    ];
    for (const [over, error] of cases) {
      const res = await get(params(over));
      expect(res.status, JSON.stringify(over)).toBe(302);
      const to = location(res);
      expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
      expect(Object.fromEntries(to.searchParams)).toMatchObject({ error, state: "xyz-123", iss: publicBaseUrl() });
    }
    const narrow = await createPublishedApp(["records:read"]);
    const res = await get(params({ client_id: narrow.clientId, scope: "records:write" }));
    expect(location(res).searchParams.get("error")).toBe("invalid_scope");
  });

  it("sends a signed-out user to the login, and back to the same request afterwards", async () => {
    const p = params();
    const res = await get(p, signedOut);
    expect(res.status).toBe(302);
    const to = location(res);
    expect(to.pathname).toBe("/login");
    expect(to.searchParams.get("callbackUrl")).toBe(`/api/oauth/authorize?${p}`);
  });

  it("answers the client router's page-data fetch (RSC) without effects, so the browser loads it as a page", async () => {
    const res = await authorizeEndpoint(signedIn)(
      new Request(`http://localhost/api/oauth/authorize?${params({ scope: "records:read" })}`, { headers: { rsc: "1" } }),
    );
    expect([res.status, res.headers.get("location"), res.headers.get("content-type")]).toEqual([200, null, "text/plain; charset=utf-8"]);
  });

  it("shows the consent screen to a user who has not granted these scopes", async () => {
    const p = params();
    const res = await get(p);
    expect(res.status).toBe(303);
    expect(location(res).pathname).toBe("/oauth/consent");
    expect(location(res).search).toBe(`?${p}`);
  });

  it("approves a subset: the code carries only the ticked scopes, with the same state and iss", async () => {
    const p = params();
    const res = await decide(p, { decision: "approve", grant: ["records:read"], csrf_token: csrf(p) });
    expect(res.status).toBe(302);
    const to = location(res);
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    expect(to.searchParams.get("state")).toBe("xyz-123");
    expect(to.searchParams.get("iss")).toBe(publicBaseUrl());
    const tokens = await mustExchange(app, { code: to.searchParams.get("code")!, verifier: verifierOf(p) });
    expect(tokens.scope).toBe("records:read");
  });

  it("skips the screen when the user already granted the same scopes, and leaves the grant as it was", async () => {
    const p = params({ scope: "records:read objects:read" });
    const approved = location(await decide(p, { decision: "approve", grant: ["records:read", "objects:read"], csrf_token: csrf(p) }));
    const tokens = await mustExchange(app, { code: approved.searchParams.get("code")!, verifier: verifierOf(p) });
    const res = await get(params({ scope: "records:read" }));
    expect(res.status).toBe(302);
    expect(location(res).searchParams.get("code")).toMatch(/^crm_ac_/);
    // The wider standing grant was not narrowed to the scopes of that request.
    expect((await call(listObjects, { auth: tokens.access_token })).status).toBe(200);
    // A wider request than the grant shows the screen again.
    expect((await get(params({ scope: "records:read records:write" }))).status).toBe(303);
  });

  it("narrowing the grant at a later consent narrows the tokens issued before", async () => {
    const p = params({ scope: "records:read objects:read" });
    const first = location(await decide(p, { decision: "approve", grant: ["records:read", "objects:read"], csrf_token: csrf(p) }));
    const tokens = await mustExchange(app, { code: first.searchParams.get("code")!, verifier: verifierOf(p) });
    expect((await call(listObjects, { auth: tokens.access_token })).status).toBe(200);
    const q = params({ scope: "records:read objects:read" });
    location(await decide(q, { decision: "approve", grant: ["records:read"], csrf_token: csrf(q) }));
    const narrowed = await call(listObjects, { auth: tokens.access_token });
    expect([narrowed.status, narrowed.headers.get("www-authenticate")]).toEqual([
      403,
      expect.stringContaining('error="insufficient_scope", scope="objects:read"'),
    ]);
    const refreshed = await token(app, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect((refreshed.body as { scope: string }).scope).toBe("records:read");
  });

  it("answers Deny with access_denied and the same state", async () => {
    const p = params();
    const to = location(await decide(p, { decision: "deny", csrf_token: csrf(p) }));
    expect(Object.fromEntries(to.searchParams)).toMatchObject({ error: "access_denied", state: "xyz-123" });
    expect(to.searchParams.has("code")).toBe(false);
    const none = location(await decide(p, { decision: "approve", csrf_token: csrf(p) }));
    expect(none.searchParams.get("error")).toBe("access_denied");
  });

  it("refuses a decision without this user's token for this request (CSRF), and without a session", async () => {
    const p = params();
    const forged: Record<string, string>[] = [
      {},
      { csrf_token: "" },
      { csrf_token: `${Date.now()}.${"A".repeat(43)}` },
      { csrf_token: csrf(params({ state: "other" })) },
      { csrf_token: csrf(p, { userId: t.users.admin, tenantId: t.tenantId }) },
      { csrf_token: consentToken(authSecret(), consentBinding(user, p), Date.now() - 11 * 60_000) },
    ];
    for (const token of forged) {
      const res = await decide(p, { decision: "approve", grant: ["records:read"], ...token });
      expect(res.status, JSON.stringify(token)).toBe(403);
      expect(res.headers.get("location")).toBeNull();
    }
    expect((await decide(p, { decision: "approve", grant: ["records:read"], csrf_token: csrf(p) }, signedOut)).status).toBe(401);
  });

  it("refuses a consent posted from another origin (Origin, Sec-Fetch-Site) with 403, and spends nothing", async () => {
    const p = params();
    // Shown a minute ago: the forms csrf() issues below (each a millisecond before the time it is
    // called) could otherwise be this very token when the refusals take exactly that long.
    const token = consentToken(authSecret(), consentBinding(user, p), Date.now() - 60_000);
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example.com" },
      { origin: "https://evil.example.com", "sec-fetch-site": "same-origin" },
      { origin: publicBaseUrl(), "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "none" },
      { origin: "null" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { origin: `${publicBaseUrl()}.evil.example.com` },
    ];
    for (const headers of crossSite) {
      const res = await decide(p, { decision: "approve", grant: ["records:read"], csrf_token: token }, signedIn, headers);
      expect([res.status, res.headers.get("location"), res.headers.get("content-type")], JSON.stringify(headers)).toEqual([
        403,
        null,
        "text/html; charset=utf-8",
      ]);
      expect(await res.text()).toContain("not sent from this site");
    }
    // Our own page: its origin, or `null` (a no-referrer page's POST) vouched for by Sec-Fetch-Site; or a client sending neither.
    const ours: Record<string, string>[] = [
      { origin: publicBaseUrl(), "sec-fetch-site": "same-origin" },
      { origin: "null", "sec-fetch-site": "same-origin" },
      { origin: publicBaseUrl() },
      {},
    ];
    for (const headers of ours) {
      const q = params();
      const res = await decide(q, { decision: "approve", grant: ["records:read"], csrf_token: csrf(q) }, signedIn, headers);
      expect(res.status, JSON.stringify(headers)).toBe(302);
      expect(location(res).searchParams.get("code")).toMatch(/^crm_ac_/);
    }
    // The refused posts did not spend the form.
    expect((await decide(p, { decision: "approve", grant: ["records:read"], csrf_token: token })).status).toBe(302);
  });

  it("lets a consent form decide once: posted again (approve or deny, even at once) it is refused", async () => {
    const p = params();
    const token = csrf(p);
    const first = await decide(p, { decision: "approve", grant: ["records:read"], csrf_token: token });
    expect(location(first).searchParams.get("code")).toMatch(/^crm_ac_/);
    for (const decision of ["approve", "deny"]) {
      const again = await decide(p, { decision, grant: ["records:read"], csrf_token: token });
      expect([again.status, again.headers.get("location")], decision).toEqual([403, null]);
      expect(await again.text()).toContain("already used");
    }
    const denied = csrf(p);
    expect(location(await decide(p, { decision: "deny", csrf_token: denied })).searchParams.get("error")).toBe("access_denied");
    expect((await decide(p, { decision: "approve", grant: ["records:read"], csrf_token: denied })).status).toBe(403);
    const q = params();
    const twice = csrf(q);
    const both = await Promise.all([1, 2].map(() => decide(q, { decision: "approve", grant: ["records:read"], csrf_token: twice })));
    expect(both.map((r) => r.status).sort()).toEqual([302, 403]);
  });

  it("refuses a code_challenge the client already used for a code, within the code's lifetime (RFC 7636: a verifier per request)", async () => {
    expect(CODE_TTL_MS).toBeLessThanOrEqual(DEFAULT_WINDOW_MS); // the window that remembers a challenge covers a code's life
    const p = params({ scope: "records:read", state: "first" });
    const first = location(await decide(p, { decision: "approve", grant: ["records:read"], csrf_token: csrf(p) }));
    expect(first.searchParams.get("code")).toMatch(/^crm_ac_/);
    const installs = async () =>
      (
        await withTenantSql(
          t.tenantId,
          async (tx) =>
            tx.$queryRaw<
              { n: number }[]
            >`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = ${t.tenantId}::uuid AND action = 'app.installed'`,
        )
      )[0]!.n;
    const installed = await installs();
    // Within the standing grant, and through a new consent: the same challenge gets no second code.
    const again = params({ scope: "records:read", state: "again", code_challenge: p.get("code_challenge") });
    for (const res of [await get(again), await decide(again, { decision: "approve", grant: ["records:read"], csrf_token: csrf(again) })]) {
      expect(res.status).toBe(302);
      const to = location(res);
      expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
      expect(Object.fromEntries(to.searchParams)).toEqual({
        error: "invalid_request",
        error_description: expect.stringContaining("code_challenge was already used"),
        state: "again",
        iss: publicBaseUrl(),
      });
    }
    expect(await installs()).toBe(installed); // the refused consent was undone with its transaction
    // The first code still works; another client may send the same challenge.
    expect((await mustExchange(app, { code: first.searchParams.get("code")!, verifier: verifierOf(p) })).scope).toBe("records:read");
    const other = await createPublishedApp(["records:read"]);
    const elsewhere = params({ client_id: other.clientId, scope: "records:read", code_challenge: p.get("code_challenge") });
    const code = location(await decide(elsewhere, { decision: "approve", grant: ["records:read"], csrf_token: csrf(elsewhere) }));
    expect(code.searchParams.get("code")).toMatch(/^crm_ac_/);
  });

  it("asks for consent again once the standing grant is 365 days old", async () => {
    const p = params({ scope: "records:read" });
    location(await decide(p, { decision: "approve", grant: ["records:read"], csrf_token: csrf(p) }));
    const coded = async () => location(await get(params({ scope: "records:read" }))).searchParams.get("code");
    expect(await coded()).toMatch(/^crm_ac_/);
    const backdate = (days: number) =>
      withTenantSql(
        t.tenantId,
        async (tx) => tx.$executeRaw`
        UPDATE oauth_grant SET consented_at = now() - make_interval(days => ${days}) WHERE tenant_id = ${t.tenantId}::uuid AND user_id = ${user.userId}::uuid AND app_id = ${app.id}::uuid`,
      );
    await backdate(364);
    expect(await coded()).toMatch(/^crm_ac_/);
    await backdate(365);
    const res = await get(params({ scope: "records:read" }));
    expect([res.status, location(res).pathname]).toEqual([303, "/oauth/consent"]);
  });

  it("publishes RFC 8414 and RFC 9728 metadata from the public base URL", async () => {
    const as = (await authorizationServerMetadata().json()) as Record<string, unknown>;
    const base = publicBaseUrl();
    expect(as).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/api/oauth/authorize`,
      token_endpoint: `${base}/api/oauth/token`,
      revocation_endpoint: `${base}/api/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      authorization_response_iss_parameter_supported: true,
    });
    expect(as.scopes_supported).toEqual(expect.arrayContaining(["records:read", "records:write", "records:delete", "objects:read"]));
    const rs = async (resource?: string[]) =>
      protectedResourceMetadata(new Request("http://localhost/"), { params: Promise.resolve({ resource }) });
    expect(await (await rs()).json()).toMatchObject({ resource: base, authorization_servers: [base] });
    expect(await (await rs(["api", "v1"])).json()).toMatchObject({ resource: `${base}/api/v1`, authorization_servers: [base] });
    expect(await (await rs(["api", "mcp"])).json()).toMatchObject({ resource: `${base}/api/mcp`, authorization_servers: [base] });
    expect(((await (await rs(["api", "v1"])).json()) as { scopes_supported: string[] }).scopes_supported).toContain("records:delete");
    expect((await rs(["nope"])).status).toBe(404);
  });
});
