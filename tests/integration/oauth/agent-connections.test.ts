/**
 * Agent connections (issue 19 items 1–2): MCP hosts that register themselves (RFC 7591) and use
 * the authorization code flow as public clients with PKCE; the company's policy; the scopes they
 * may be offered; revocation; tenant isolation. The signed-in user is a stand-in for the session
 * cookie; real hosts over a real server are tests/server/mcp-oauth-hosts.test.ts and e2e/mcp-oauth.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizeEndpoint, consentBinding, consentDecisionEndpoint, type SessionUser } from "@/lib/adapters/oauth/authorize-endpoint.ts";
import { authorizationServerMetadata } from "@/lib/adapters/oauth/metadata.ts";
import { registerEndpoint, REGISTRATION_BUDGET } from "@/lib/adapters/oauth/register-endpoint.ts";
import { revokeEndpoint, tokenEndpoint } from "@/lib/adapters/oauth/token-endpoint.ts";
import { withPlatformSql } from "@/lib/db/tenant.ts";
import { consentToken } from "@/lib/oauth/consent-csrf.ts";
import { s256 } from "@/lib/oauth/pkce.ts";
import { agentConnectionsSettingOp, setAgentConnectionsSettingOp } from "@/lib/operations/oauth-apps/agent-connections.ts";
import { listInstalledOp, listAppsOp, uninstallOp } from "@/lib/operations/oauth-apps/manage-apps.ts";
import { authSecret } from "@/lib/secrets.ts";
import { checkAuthorizationRequest } from "@/lib/services/oauth/authorization-request.ts";
import { createTestTenant, type TestTenant, makePlatformAdmin } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { expectOk, runAs, session } from "../operation-helpers.ts";
import { createPublishedApp, newVerifier } from "./helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listRecords } = restRoute("/{object}");

const CALLBACK = "http://localhost:53682/oauth/callback";

/** Each test registers from its own address: the registration bucket is per address (open-endpoint-budget.test.ts). */
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

async function register(body: unknown, o: { contentType?: string; ip?: string; raw?: string } = {}) {
  const res = await registerEndpoint(
    new Request("http://localhost/api/oauth/register", {
      method: "POST",
      headers: { "content-type": o.contentType ?? "application/json", "x-forwarded-for": o.ip ?? nextAddress() },
      body: o.raw ?? JSON.stringify(body),
    }),
  );
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** What mcp-remote sends (node_modules/mcp-remote: NodeOAuthClientProvider.clientMetadata). */
const MCP_REMOTE_METADATA = {
  redirect_uris: [CALLBACK],
  token_endpoint_auth_method: "none",
  grant_types: ["authorization_code", "refresh_token"],
  response_types: ["code"],
  client_name: "MCP CLI Proxy",
  client_uri: "https://github.com/modelcontextprotocol/mcp-cli",
  software_id: "2e6dc280-f3c3-4e01-99a7-8181dbd1d23d",
  software_version: "0.15.1",
  scope: "records:read records:write webhooks:manage marketing:send",
};

async function form(handler: (req: Request) => Promise<Response>, path: string, params: Record<string, string>) {
  const res = await handler(
    new Request(`http://localhost/api/oauth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params).toString(),
    }),
  );
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe("agent connections", () => {
  let t: TestTenant;
  let b: TestTenant;
  let user: { userId: string; tenantId: string };
  const signedIn: SessionUser = async () => user;
  const previousTrustProxy = process.env.TRUST_PROXY;

  beforeAll(async () => {
    process.env.TRUST_PROXY = "true";
    t = await createTestTenant("agents");
    b = await createTestTenant("agents-b");
    user = { userId: t.users.member, tenantId: t.tenantId };
    await makePlatformAdmin(t);
  });
  afterAll(() => {
    process.env.TRUST_PROXY = previousTrustProxy;
  });

  const authorizeParams = (clientId: string, verifier: string, over: Record<string, string | null> = {}) => {
    const p = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: CALLBACK,
      state: "st-1",
      code_challenge: s256(verifier),
      code_challenge_method: "S256",
      scope: "records:read records:write objects:read",
    });
    for (const [k, v] of Object.entries(over)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    return p;
  };
  let shown = 0;
  /** Approves the consent form as the signed-in user would, granting `grant` (all offered scopes by default). */
  async function consent(p: URLSearchParams, grant?: string[]) {
    const check = await checkAuthorizationRequest(p);
    if (check.kind !== "ok") throw new Error(JSON.stringify(check));
    const body = new URLSearchParams(p);
    for (const s of grant ?? check.request.scopes) body.append("grant", s);
    body.set("decision", "approve");
    body.set("csrf_token", consentToken(authSecret(), consentBinding(user, p), Date.now() - ++shown));
    return consentDecisionEndpoint(signedIn)(
      new Request("http://localhost/api/oauth/authorize", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
        body: body.toString(),
      }),
    );
  }
  const codeOf = (res: Response) => {
    expect(res.status, res.headers.get("location") ?? "").toBe(302);
    const url = new URL(res.headers.get("location")!);
    return { url, code: url.searchParams.get("code") };
  };
  /** A registered agent, authorized by the member, its tokens exchanged without a secret. */
  async function connectedAgent(scope = "records:read records:write objects:read") {
    const reg = await register(MCP_REMOTE_METADATA);
    const clientId = reg.body.client_id as string;
    const verifier = newVerifier();
    const { code } = codeOf(await consent(authorizeParams(clientId, verifier, { scope })));
    const tokens = await form(tokenEndpoint, "token", {
      grant_type: "authorization_code",
      code: code!,
      code_verifier: verifier,
      redirect_uri: CALLBACK,
      client_id: clientId,
    });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    return { clientId, tokens: tokens.body as { access_token: string; refresh_token: string; scope: string } };
  }

  it("publishes the registration endpoint and public-client support in the authorization server metadata", async () => {
    const as = (await authorizationServerMetadata().json()) as Record<string, unknown>;
    expect(as).toMatchObject({
      registration_endpoint: expect.stringMatching(/\/api\/oauth\/register$/),
      client_id_metadata_document_supported: true,
      code_challenge_methods_supported: ["S256"],
    });
    expect(as.token_endpoint_auth_methods_supported).toContain("none");
  });

  it("registers a host's metadata as a public agent client (RFC 7591 3.2.1)", async () => {
    const res = await register(MCP_REMOTE_METADATA);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({
      client_id: expect.stringMatching(/^crm_agent_[0-9a-f]{32}$/),
      client_id_issued_at: expect.any(Number),
      client_name: "MCP CLI Proxy",
      redirect_uris: [CALLBACK],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      client_uri: "https://github.com/modelcontextprotocol/mcp-cli",
    });
    expect(res.body).not.toHaveProperty("client_secret");
    expect((res.body.scope as string).split(" ").sort()).toEqual(
      [
        "activities:delete",
        "activities:read",
        "activities:write",
        "events:read",
        "objects:read",
        "records:delete",
        "records:read",
        "records:write",
      ].sort(),
    );
    // A host asking for a secret gets a public client instead, and says so in the answer.
    const secretAsked = await register({ ...MCP_REMOTE_METADATA, token_endpoint_auth_method: "client_secret_basic" });
    expect(secretAsked.status).toBe(201);
    expect(secretAsked.body.token_endpoint_auth_method).toBe("none");
    expect(secretAsked.body).not.toHaveProperty("client_secret");
    // Agents are not marketplace apps: platform admins' list of apps does not show them.
    const platform = expectOk(await runAs(listAppsOp, session(t), {}));
    expect(platform.data.map((a) => a.clientId)).not.toContain(res.body.client_id);
  });

  it("refuses metadata an agent connection cannot have, with RFC 7591's error codes", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ client_name: "x" }, "invalid_redirect_uri", /redirect_uris/],
      [{ redirect_uris: [] }, "invalid_redirect_uri", /redirect_uris/],
      [{ redirect_uris: ["http://evil.example/cb"] }, "invalid_redirect_uri", /https, or http on the loopback/],
      [{ redirect_uris: ["http://127.0.0.1.nip.io/cb"] }, "invalid_redirect_uri", /loopback/],
      [{ redirect_uris: ["cursor://anysphere.cursor-mcp/oauth/callback"] }, "invalid_redirect_uri", /https/],
      [{ redirect_uris: ["https://app.example/cb#x"] }, "invalid_redirect_uri", /fragment/],
      [{ redirect_uris: ["https://*.evil.test/cb"] }, "invalid_redirect_uri", /wildcard/],
      [{ redirect_uris: ["https://%2A.evil.test/cb"] }, "invalid_redirect_uri", /wildcard/],
      [{ redirect_uris: ["https://app.example/*"] }, "invalid_redirect_uri", /wildcard/],
      [{ redirect_uris: ["https://user:pw@app.example/cb"] }, "invalid_redirect_uri", /user name/],
      [{ redirect_uris: ["not a url"] }, "invalid_redirect_uri", /absolute URL/],
      [{ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }, "invalid_redirect_uri", /redirect_uris/],
      [{ redirect_uris: [`https://a.example/${"x".repeat(2001)}`] }, "invalid_redirect_uri", /redirect_uris/],
      [{ redirect_uris: [CALLBACK], token_endpoint_auth_method: "private_key_jwt" }, "invalid_client_metadata", /public clients/],
      [{ redirect_uris: [CALLBACK], grant_types: ["implicit"] }, "invalid_client_metadata", /grant_types/],
      [{ redirect_uris: [CALLBACK], grant_types: ["refresh_token"] }, "invalid_client_metadata", /grant_types/],
      [{ redirect_uris: [CALLBACK], response_types: ["token"] }, "invalid_client_metadata", /response_types/],
      [{ redirect_uris: [CALLBACK], client_name: "Bad\u0007name" }, "invalid_client_metadata", /client_name/],
      [{ redirect_uris: [CALLBACK], client_name: "x".repeat(101) }, "invalid_client_metadata", /client_name/],
      [{ redirect_uris: [CALLBACK], client_uri: "http://insecure.example" }, "invalid_client_metadata", /client_uri/],
      [[MCP_REMOTE_METADATA], "invalid_client_metadata", /JSON object/],
    ];
    for (const [body, error, description] of cases) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.error).toBe(error);
      expect(res.body.error_description).toMatch(description);
    }
    expect((await register(null, { raw: "{not json" })).body).toMatchObject({ error: "invalid_client_metadata" });
    expect((await register(MCP_REMOTE_METADATA, { contentType: "text/plain" })).body).toMatchObject({ error: "invalid_client_metadata" });
    const huge = await register(null, { raw: JSON.stringify({ ...MCP_REMOTE_METADATA, padding: "x".repeat(17 * 1024) }) });
    expect(huge.status).toBe(413);
    // Nothing was stored for any refusal: no agent is named after them.
    const stored = await withPlatformSql(
      async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM oauth_app WHERE name = ${"Bad\u0007name"}`,
    );
    expect(stored[0]!.n).toBe(0);
  });

  it("limits registrations per address, answering 429 with Retry-After", async () => {
    const ip = nextAddress();
    for (let i = 0; i < REGISTRATION_BUDGET.perAddress; i++) expect((await register(MCP_REMOTE_METADATA, { ip })).status).toBe(201);
    const refused = await register(MCP_REMOTE_METADATA, { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await register(MCP_REMOTE_METADATA)).status).toBe(201);
  });

  it("offers an agent only record, activity and object scopes: what it asked of those, or the defaults", async () => {
    const clientId = (await register(MCP_REMOTE_METADATA)).body.client_id as string;
    const scopesOf = async (scope: string | null) => {
      const check = await checkAuthorizationRequest(authorizeParams(clientId, newVerifier(), { scope }));
      if (check.kind !== "ok") throw new Error(JSON.stringify(check));
      return check.request.scopes;
    };
    // What mcp-remote asks: every scope the protected resource metadata lists.
    expect(await scopesOf("records:read records:write records:delete activities:read webhooks:manage marketing:send flows:write")).toEqual([
      "records:read",
      "records:write",
      "records:delete",
      "activities:read",
    ]);
    expect(await scopesOf("records:read:contact objects:read")).toEqual(["records:read:contact", "objects:read"]);
    expect(await scopesOf(null)).toEqual(["records:read", "records:write", "activities:read", "activities:write", "objects:read"]);
    expect(await scopesOf("openid email profile")).toEqual([
      "records:read",
      "records:write",
      "activities:read",
      "activities:write",
      "objects:read",
    ]);
    // The loopback's port may differ from the registered one (RFC 8252 7.3); the path may not.
    expect(
      (await checkAuthorizationRequest(authorizeParams(clientId, newVerifier(), { redirect_uri: "http://localhost:61000/oauth/callback" })))
        .kind,
    ).toBe("ok");
    const otherPath = await checkAuthorizationRequest(
      authorizeParams(clientId, newVerifier(), { redirect_uri: "http://localhost:53682/other" }),
    );
    expect(otherPath).toMatchObject({ kind: "fatal", message: expect.stringContaining("is not registered") });
    // A port no browser can reach is no loopback redirect: refused on our page, never a 500.
    const badPort = await checkAuthorizationRequest(
      authorizeParams(clientId, newVerifier(), { redirect_uri: "http://localhost:99999/oauth/callback" }),
    );
    expect(badPort).toMatchObject({ kind: "fatal" });
    // PKCE stays required.
    const plain = await checkAuthorizationRequest(authorizeParams(clientId, newVerifier(), { code_challenge_method: null }));
    expect(plain).toMatchObject({ kind: "redirect", error: "invalid_request" });
  });

  it("completes the code flow without a client secret; the token reads records, refreshes and revokes as a public client", async () => {
    const { clientId, tokens } = await connectedAgent();
    expect(tokens.scope).toBe("records:read records:write objects:read");
    const listed = await call(listRecords, { auth: tokens.access_token, params: { object: "contact" } });
    expect(listed.status).toBe(200);
    // A secret sent by a public client is refused, not ignored; so is a marketplace app without its secret.
    const withSecret = await form(tokenEndpoint, "token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      client_secret: "anything",
    });
    expect(withSecret).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    const app = await createPublishedApp();
    expect(await form(tokenEndpoint, "token", { grant_type: "refresh_token", refresh_token: "x", client_id: app.clientId })).toMatchObject({
      status: 401,
      body: { error: "invalid_client" },
    });
    const refreshed = await form(tokenEndpoint, "token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const fresh = refreshed.body as { access_token: string };
    expect((await form(revokeEndpoint, "revoke", { token: fresh.access_token, client_id: clientId })).status).toBe(200);
    expect((await call(listRecords, { auth: fresh.access_token, params: { object: "contact" } })).status).toBe(401);
    // Each use keeps the registration from the 30-day purge.
    const [row] = await withPlatformSql(
      async (tx) => tx.$queryRaw<{ last_used_at: Date | null }[]>`SELECT last_used_at FROM oauth_app WHERE client_id = ${clientId}`,
    );
    expect(row!.last_used_at).not.toBeNull();
  });

  it("an agent token never reaches webhooks or marketing, whatever the host asked for", async () => {
    const { tokens } = await connectedAgent("records:read webhooks:manage marketing:send");
    expect(tokens.scope).toBe("records:read");
  });

  it("lists connected agents per person with revoke; another company sees none of them and cannot revoke them", async () => {
    const { clientId, tokens } = await connectedAgent();
    const mine = expectOk(await runAs(listInstalledOp, session(t, "member"), {})).data.filter((g) => g.kind === "agent");
    expect(mine.every((g) => g.appName === "MCP CLI Proxy" && g.registration === "dynamic" && g.userId === t.users.member)).toBe(true);
    const grant = mine.find((g) => g.clientId === clientId)!;
    expect(grant.scopes).toEqual(["records:read", "records:write", "objects:read"]);
    expect(expectOk(await runAs(listInstalledOp, session(b), {})).data.filter((g) => g.kind === "agent")).toEqual([]);
    expect(await runAs(uninstallOp, session(b), { grantId: grant.grantId })).toMatchObject({ status: 404 });
    expect((await call(listRecords, { auth: tokens.access_token, params: { object: "contact" } })).status).toBe(200);
    expectOk(await runAs(uninstallOp, session(t, "member"), { grantId: grant.grantId }));
    expect((await call(listRecords, { auth: tokens.access_token, params: { object: "contact" } })).status).toBe(401);
  });

  it("a company that forbids agent connections: existing ones stop at once, new ones are refused at authorize and token", async () => {
    const { clientId, tokens } = await connectedAgent();
    // A code issued before the switch, not yet exchanged.
    const verifier = newVerifier();
    const { code } = codeOf(await consent(authorizeParams(clientId, verifier)));
    expect(expectOk(await runAs(agentConnectionsSettingOp, session(t, "member"), {}))).toEqual({ allowed: true });
    expect(await runAs(setAgentConnectionsSettingOp, session(t, "member"), { allowed: false })).toMatchObject({
      status: 403,
      error: "errors.permissionDenied",
    });
    const off = expectOk(await runAs(setAgentConnectionsSettingOp, session(t), { allowed: false }));
    expect(off.allowed).toBe(false);
    expect(off.revoked).toBeGreaterThan(0);
    expect((await call(listRecords, { auth: tokens.access_token, params: { object: "contact" } })).status).toBe(401);
    expect(
      await form(tokenEndpoint, "token", {
        grant_type: "authorization_code",
        code: code!,
        code_verifier: verifier,
        redirect_uri: CALLBACK,
        client_id: clientId,
      }),
    ).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const denied = await authorizeEndpoint(signedIn)(
      new Request(`http://localhost/api/oauth/authorize?${authorizeParams(clientId, newVerifier())}`),
    );
    const { url } = codeOf(denied);
    expect(url.origin + url.pathname).toBe(CALLBACK);
    expect(url.searchParams.get("error")).toBe("access_denied");
    expect(url.searchParams.get("state")).toBe("st-1");
    expect(url.searchParams.get("error_description")).toMatch(/does not allow agent connections/);
    // The consent form cannot get round it either.
    expect(new URL((await consent(authorizeParams(clientId, newVerifier()))).headers.get("location")!).searchParams.get("error")).toBe(
      "access_denied",
    );
    // Another company is not affected; apps of the marketplace are not affected.
    expect(expectOk(await runAs(agentConnectionsSettingOp, session(b), {}))).toEqual({ allowed: true });
    expectOk(await runAs(setAgentConnectionsSettingOp, session(t), { allowed: true }));
    await connectedAgent();
  });
});
