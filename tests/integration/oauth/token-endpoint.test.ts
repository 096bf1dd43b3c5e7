/**
 * POST /api/oauth/token and /api/oauth/revoke (spec 2.6, 5.3; RFC 6749, 7636, 7009, 9700):
 * code exchange with PKCE, single-use codes, rotating refresh tokens with family revocation,
 * client authentication both ways, and the token's scopes enforced on the REST API.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { withPlatformSql, withTenantSql } from "@/lib/db/tenant.ts";
import { parseTenantSecret } from "@/lib/auth/tenant-secret.ts";
import { findPublishedApp } from "@/lib/services/oauth/apps.ts";
import { refreshTokens, revokeFamily } from "@/lib/services/oauth/tokens.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import {
  approvedCode,
  createPublishedApp,
  expectOAuthError,
  mustExchange,
  newVerifier,
  REDIRECT,
  revoke,
  token,
  type TestApp,
} from "./helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: getRecord } = restRoute("/{object}/{id}");
const { GET: listRecords, POST: createRecord } = restRoute("/{object}");
const { GET: listObjects } = restRoute("/objects");

describe("OAuth token endpoint", () => {
  let t: TestTenant;
  let app: TestApp;
  let other: TestApp;
  const list = (accessToken: string, object = "contact") => call(listRecords, { auth: accessToken, params: { object } });

  beforeAll(async () => {
    t = await createTestTenant("oauth");
    app = await createPublishedApp();
    other = await createPublishedApp();
  });

  it("exchanges a code for exactly the spec 2.6 response, uncached", async () => {
    const c = await approvedCode(t, app, ["records:read:contact"]);
    const res = await token(app, { grant_type: "authorization_code", code: c.code, code_verifier: c.verifier, redirect_uri: REDIRECT });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body!).sort()).toEqual(["access_token", "expires_in", "refresh_token", "scope", "token_type"]);
    expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "records:read:contact" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("pragma")).toBe("no-cache");
  });

  it("gives a token that can do what was consented and nothing more", async () => {
    const tokens = await mustExchange(app, await approvedCode(t, app, ["records:read:contact"]));
    expect((await list(tokens.access_token)).status).toBe(200);
    const company = await list(tokens.access_token, "company");
    expect([company.status, company.json().error]).toEqual([403, "errors.apiKeyObjectDenied"]);
    const write = await call(createRecord, { auth: tokens.access_token, params: { object: "contact" }, body: { last_name: "Nope" } });
    expect([write.status, write.json().error]).toEqual([403, "errors.apiKeyReadOnly"]);
    const objects = await call(listObjects, { auth: tokens.access_token });
    expect([objects.status, objects.json().error]).toEqual([403, "errors.insufficientScope"]);
  });

  it("is limited by the user's role too", async () => {
    const tokens = await mustExchange(app, await approvedCode(t, app, ["records:read", "records:write"], { user: "read_only" }));
    expect((await list(tokens.access_token)).status).toBe(200);
    const write = await call(createRecord, { auth: tokens.access_token, params: { object: "contact" }, body: { last_name: "Nope" } });
    expect([write.status, write.json().error]).toEqual([403, "errors.permissionDenied"]);
  });

  it("sees only its tenant", async () => {
    const b = await createTestTenant("oauth-b");
    const bTokens = await mustExchange(app, await approvedCode(b, app, ["records:read", "records:write"]));
    const created = await call(createRecord, {
      auth: bTokens.access_token,
      params: { object: "contact" },
      body: { last_name: "Only in B" },
    });
    expect(created.status).toBe(201);
    const aTokens = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
    expect(
      (await call(getRecord, { auth: aTokens.access_token, params: { object: "contact", id: created.json<{ id: string }>().id } })).status,
    ).toBe(404);
    const names = (await list(aTokens.access_token)).json<{ data: { last_name: string }[] }>().data.map((r) => r.last_name);
    expect(names).not.toContain("Only in B");
  });

  it("authenticates the client by client_secret_basic as well, and refuses wrong credentials with 401", async () => {
    const c = await approvedCode(t, app, ["records:read"]);
    const basic = await token(
      app,
      { grant_type: "authorization_code", code: c.code, code_verifier: c.verifier, redirect_uri: REDIRECT },
      { basic: true },
    );
    expect(basic.status, JSON.stringify(basic.body)).toBe(200);
    const wrong = await token(
      { ...app, clientSecret: `${app.clientSecret}x` },
      { grant_type: "authorization_code", code: "x" },
      { basic: true },
    );
    expectOAuthError(wrong, 401, "invalid_client");
    expect(wrong.headers.get("www-authenticate")).toBe('Basic realm="oauth"');
    expectOAuthError(
      await token({ ...app, clientId: "crm_app_unknown" }, { grant_type: "authorization_code", code: "x" }),
      401,
      "invalid_client",
    );
    expectOAuthError(await token({ ...app, clientSecret: "" }, { grant_type: "authorization_code", code: "x" }), 401, "invalid_client");
  });

  it("spends a code once; a replay fails and revokes what the code issued", async () => {
    const c = await approvedCode(t, app, ["records:read"]);
    const first = await mustExchange(app, c);
    expect((await list(first.access_token)).status).toBe(200);
    expectOAuthError(
      await token(app, { grant_type: "authorization_code", code: c.code, code_verifier: c.verifier, redirect_uri: REDIRECT }),
      400,
      "invalid_grant",
    );
    expect((await list(first.access_token)).status).toBe(401);
    expectOAuthError(await token(app, { grant_type: "refresh_token", refresh_token: first.refresh_token }), 400, "invalid_grant");
  });

  it("revokes on a replay only when the replay passes every other check (client, redirect_uri, code_verifier)", async () => {
    const c = await approvedCode(t, app, ["records:read"]);
    const victim = await mustExchange(app, c);
    const exchange = { grant_type: "authorization_code", code: c.code, code_verifier: c.verifier, redirect_uri: REDIRECT };
    // Someone holding the used code and the client's credentials, but not the verifier or the redirect_uri.
    for (const replay of [
      { ...exchange, code_verifier: newVerifier() },
      { ...exchange, redirect_uri: `${REDIRECT}/x` },
    ]) {
      const res = await token(app, replay);
      expectOAuthError(res, 400, "invalid_grant");
      expect(res.body!.error_description).not.toMatch(/revoked/);
    }
    expectOAuthError(await token(app, { grant_type: "authorization_code", code: c.code, redirect_uri: REDIRECT }), 400, "invalid_request");
    expectOAuthError(await token(other, exchange), 400, "invalid_grant");
    expectOAuthError(await token({ ...app, clientSecret: "wrong" }, exchange), 401, "invalid_client");
    expect((await list(victim.access_token)).status).toBe(200);
    expect((await token(app, { grant_type: "refresh_token", refresh_token: victim.refresh_token })).status).toBe(200);
    // The real replay still revokes the family.
    expectOAuthError(await token(app, exchange), 400, "invalid_grant");
    expect((await list(victim.access_token)).status).toBe(401);
  });

  it("refuses an expired code, a wrong or missing verifier, another redirect_uri, and another client's code", async () => {
    const expired = await approvedCode(t, app, ["records:read"], { now: new Date(Date.now() - 61_000) });
    expectOAuthError(
      await token(app, { grant_type: "authorization_code", code: expired.code, code_verifier: expired.verifier, redirect_uri: REDIRECT }),
      400,
      "invalid_grant",
    );
    const c = await approvedCode(t, app, ["records:read"]);
    expectOAuthError(
      await token(app, { grant_type: "authorization_code", code: c.code, code_verifier: newVerifier(), redirect_uri: REDIRECT }),
      400,
      "invalid_grant",
    );
    expectOAuthError(await token(app, { grant_type: "authorization_code", code: c.code, redirect_uri: REDIRECT }), 400, "invalid_request");
    expectOAuthError(
      await token(app, { grant_type: "authorization_code", code: c.code, code_verifier: c.verifier, redirect_uri: `${REDIRECT}/` }),
      400,
      "invalid_grant",
    );
    expectOAuthError(
      await token(app, { grant_type: "authorization_code", code: c.code, code_verifier: c.verifier }),
      400,
      "invalid_request",
    );
    expectOAuthError(
      await token(other, { grant_type: "authorization_code", code: c.code, code_verifier: c.verifier, redirect_uri: REDIRECT }),
      400,
      "invalid_grant",
    );
    // None of those spent it: the right client with the right verifier still succeeds.
    await mustExchange(app, c);
    expectOAuthError(
      await token(app, { grant_type: "authorization_code", code: "crm_ac_garbage", code_verifier: c.verifier, redirect_uri: REDIRECT }),
      400,
      "invalid_grant",
    );
  });

  it("rotates refresh tokens; reusing a spent one revokes the whole family", async () => {
    const first = await mustExchange(app, await approvedCode(t, app, ["records:read", "objects:read"]));
    const second = await token(app, { grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const next = second.body as unknown as { access_token: string; refresh_token: string; scope: string };
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(next.scope).toBe("records:read objects:read");
    expect((await list(next.access_token)).status).toBe(200);
    expectOAuthError(await token(app, { grant_type: "refresh_token", refresh_token: first.refresh_token }), 400, "invalid_grant");
    expect((await list(next.access_token)).status).toBe(401);
    expect((await list(first.access_token)).status).toBe(401);
    expectOAuthError(await token(app, { grant_type: "refresh_token", refresh_token: next.refresh_token }), 400, "invalid_grant");
  });

  it("narrows the access token only when refreshing with a smaller scope, and refuses escalation", async () => {
    const first = await mustExchange(app, await approvedCode(t, app, ["records:read", "objects:read"]));
    expectOAuthError(
      await token(app, { grant_type: "refresh_token", refresh_token: first.refresh_token, scope: "records:read records:write" }),
      400,
      "invalid_scope",
    );
    expectOAuthError(
      await token(app, { grant_type: "refresh_token", refresh_token: first.refresh_token, scope: "records:nonsense" }),
      400,
      "invalid_scope",
    );
    const narrowed = await token(app, { grant_type: "refresh_token", refresh_token: first.refresh_token, scope: "records:read" });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    const n = narrowed.body as unknown as { access_token: string; refresh_token: string; scope: string };
    expect(n.scope).toBe("records:read");
    expect((await call(listObjects, { auth: n.access_token })).status).toBe(403);
    const full = await token(app, { grant_type: "refresh_token", refresh_token: n.refresh_token });
    expect((full.body as { scope: string }).scope).toBe("records:read objects:read");
  });

  it("slides refresh tokens 30 days at a time but never past 365 days from the consent", async () => {
    const day = 24 * 3600 * 1000;
    const appRow = (await withPlatformSql((tx) => findPublishedApp(tx, app.clientId)))!;
    const start = new Date();
    const first = await mustExchange(app, await approvedCode(t, app, ["records:read"], { now: start }));
    const refreshAt = (refreshToken: string, at: Date) =>
      withTenantSql(t.tenantId, (tx) => refreshTokens(tx, { tenantId: t.tenantId, app: appRow, refreshToken, scope: null, now: at }));
    const expiryOf = async (refreshToken: string) => {
      const id = parseTenantSecret("refresh", refreshToken)!.id;
      const [row] = await withTenantSql(
        t.tenantId,
        async (tx) =>
          tx.$queryRaw<
            { expires_at: Date }[]
          >`SELECT expires_at FROM oauth_token WHERE tenant_id = ${t.tenantId}::uuid AND id = ${id}::uuid`,
      );
      return row!.expires_at.getTime();
    };
    const at = (days: number, ms = 0) => new Date(start.getTime() + days * day + ms);
    let current = first.refresh_token;
    // A refresh every 29 days: each new refresh token is good for 30 days more...
    for (let d = 29; d + 30 <= 365; d += 29) {
      current = (await refreshAt(current, at(d))).refresh_token;
      expect(await expiryOf(current)).toBe(at(d + 30).getTime());
    }
    // ...until the consent's 365th day (consented just after `start`) caps it; then no refresh succeeds.
    for (const d of [348, 364]) {
      current = (await refreshAt(current, at(d))).refresh_token;
      expect(await expiryOf(current)).toBeGreaterThanOrEqual(at(365).getTime());
      expect(await expiryOf(current)).toBeLessThan(at(365, 60_000).getTime());
    }
    await expect(refreshAt(current, at(365, 60_000))).rejects.toMatchObject({ error: "invalid_grant" });
    // A code of a consent older than that cannot start a new family either.
    const late = await approvedCode(t, app, ["records:read"]);
    await withTenantSql(
      t.tenantId,
      async (tx) =>
        tx.$executeRaw`UPDATE oauth_grant SET consented_at = ${new Date(Date.now() - 366 * day)} WHERE tenant_id = ${t.tenantId}::uuid AND user_id = ${t.users.admin}::uuid AND app_id = ${app.id}::uuid AND revoked_at IS NULL`,
    );
    const res = await token(app, {
      grant_type: "authorization_code",
      code: late.code,
      code_verifier: late.verifier,
      redirect_uri: REDIRECT,
    });
    expectOAuthError(res, 400, "invalid_grant");
    expect(res.body!.error_description).toMatch(/365 days/);
  });

  it("lets exactly one of two concurrent uses of a refresh token succeed", async () => {
    const first = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
    const results = await Promise.all([1, 2].map(() => token(app, { grant_type: "refresh_token", refresh_token: first.refresh_token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body).toMatchObject({ error: "invalid_grant" });
    // The loser presented a spent token: reuse, so the winner's new pair is revoked with the family.
    const winner = results.find((r) => r.status === 200)!.body as { access_token: string };
    expect((await list(winner.access_token)).status).toBe(401);
  });

  it("revoking a family while a refresh of it is in flight also revokes the pair that refresh issues", async () => {
    const first = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
    const appRow = (await withPlatformSql((tx) => findPublishedApp(tx, app.clientId)))!;
    const tokenId = parseTenantSecret("refresh", first.refresh_token)!.id;
    const [{ family_id: familyId }] = (await withTenantSql(
      t.tenantId,
      async (tx) =>
        tx.$queryRaw<
          { family_id: string }[]
        >`SELECT family_id::text FROM oauth_token WHERE tenant_id = ${t.tenantId}::uuid AND id = ${tokenId}::uuid`,
    )) as [{ family_id: string }];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const inFlight = new Promise<void>((r) => (started = r));
    const refreshing = withTenantSql(t.tenantId, async (tx) => {
      const pair = await refreshTokens(tx, { tenantId: t.tenantId, app: appRow, refreshToken: first.refresh_token, scope: null });
      started();
      await gate; // the new pair is written, not yet committed
      return pair;
    });
    await inFlight;
    const revoking = withTenantSql(t.tenantId, (tx) => revokeFamily(tx, t.tenantId, familyId));
    setTimeout(release, 150);
    const [pair] = await Promise.all([refreshing, revoking]);
    expect((await list(pair.access_token)).status).toBe(401);
    expectOAuthError(await token(app, { grant_type: "refresh_token", refresh_token: pair.refresh_token }), 400, "invalid_grant");
  });

  it("refuses another client's refresh token", async () => {
    const first = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
    expectOAuthError(await token(other, { grant_type: "refresh_token", refresh_token: first.refresh_token }), 400, "invalid_grant");
    expect((await token(app, { grant_type: "refresh_token", refresh_token: first.refresh_token })).status).toBe(200);
  });

  it("answers malformed requests with RFC 6749 errors", async () => {
    expectOAuthError(await token(app, { grant_type: "password", username: "a", password: "b" }), 400, "unsupported_grant_type");
    expectOAuthError(await token(app, {}), 400, "invalid_request");
    expectOAuthError(await token(app, { grant_type: "authorization_code" }), 400, "invalid_request");
    expectOAuthError(await token(app, { grant_type: "refresh_token" }), 400, "invalid_request");
    expectOAuthError(
      await token(app, { grant_type: "refresh_token", refresh_token: "x" }, { headers: { "content-type": "application/json" } }),
      400,
      "invalid_request",
    );
    const c = await approvedCode(t, app, ["records:read"]);
    const both = await token(
      app,
      {
        grant_type: "authorization_code",
        code: c.code,
        code_verifier: c.verifier,
        redirect_uri: REDIRECT,
        client_secret: app.clientSecret,
      },
      { basic: true },
    );
    expectOAuthError(both, 400, "invalid_request");
    const twice = new URLSearchParams({ grant_type: "authorization_code", code: c.code });
    twice.append("code", c.code);
    expectOAuthError(await token(app, Object.fromEntries(twice), { headers: {} }), 400, "invalid_request");
    // Parameters this endpoint does not define may repeat (RFC 8707 resource indicators).
    expect(
      (
        await token(app, {
          grant_type: "authorization_code",
          code: c.code,
          code_verifier: c.verifier,
          redirect_uri: REDIRECT,
          resource: "x",
        })
      ).status,
    ).toBe(200);
  });

  it("refuses tokens whose embedded tenant was swapped, and tokens of a deactivated user", async () => {
    const b = await createTestTenant("oauth-swap");
    const tokens = await mustExchange(app, await approvedCode(t, app, ["records:read"], { user: "member" }));
    const swap = (secret: string, prefix: string) => {
      const ids = Buffer.from(secret.slice(prefix.length, prefix.length + 43), "base64url");
      Buffer.from(b.tenantId.replaceAll("-", ""), "hex").copy(ids, 16);
      return `${prefix}${ids.toString("base64url")}${secret.slice(prefix.length + 43)}`;
    };
    expect((await list(swap(tokens.access_token, "crm_at_"))).status).toBe(401);
    expectOAuthError(
      await token(app, { grant_type: "refresh_token", refresh_token: swap(tokens.refresh_token, "crm_rt_") }),
      400,
      "invalid_grant",
    );
    expect(
      await withTenantSql(
        t.tenantId,
        async (tx) =>
          tx.$executeRaw`UPDATE app_user SET active = false WHERE tenant_id = ${t.tenantId}::uuid AND id = ${t.users.member}::uuid`,
      ),
    ).toBe(1);
    try {
      expect((await list(tokens.access_token)).status).toBe(401);
      expectOAuthError(await token(app, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }), 400, "invalid_grant");
    } finally {
      expect(
        await withTenantSql(
          t.tenantId,
          async (tx) =>
            tx.$executeRaw`UPDATE app_user SET active = true WHERE tenant_id = ${t.tenantId}::uuid AND id = ${t.users.member}::uuid`,
        ),
      ).toBe(1);
    }
  });

  it("rate-limits per authorization like a key (120/min), and a refresh does not reset the bucket", async () => {
    const first = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
    for (let i = 0; i < 120; i++) expect((await list(first.access_token)).status).toBe(200);
    const limited = await list(first.access_token);
    expect([limited.status, limited.headers.get("x-ratelimit-limit"), limited.headers.has("retry-after")]).toEqual([429, "120", true]);
    const next = (await token(app, { grant_type: "refresh_token", refresh_token: first.refresh_token })).body as { access_token: string };
    expect((await list(next.access_token)).status).toBe(429);
    // Another authorization has a bucket of its own.
    expect((await list((await mustExchange(app, await approvedCode(t, app, ["records:read"]))).access_token)).status).toBe(200);
  });

  describe("revocation (RFC 7009)", () => {
    it("revokes a refresh token with its family, an access token alone, and answers 200 for unknown tokens", async () => {
      const a = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
      const r1 = await revoke(app, { token: a.access_token, token_type_hint: "access_token" });
      expect([r1.status, r1.headers.get("cache-control")]).toEqual([200, "no-store"]);
      expect((await list(a.access_token)).status).toBe(401);
      expect((await token(app, { grant_type: "refresh_token", refresh_token: a.refresh_token })).status).toBe(200);

      const b = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
      expect((await revoke(app, { token: b.refresh_token, token_type_hint: "access_token" })).status).toBe(200);
      expect((await list(b.access_token)).status).toBe(401);
      expectOAuthError(await token(app, { grant_type: "refresh_token", refresh_token: b.refresh_token }), 400, "invalid_grant");

      expect((await revoke(app, { token: "crm_at_unknown" })).status).toBe(200);
      expectOAuthError(await revoke(app, {}), 400, "invalid_request");
      expectOAuthError(await revoke({ ...app, clientSecret: "wrong" }, { token: b.refresh_token }), 401, "invalid_client");
    });

    it("does not let a client revoke another client's token", async () => {
      const a = await mustExchange(app, await approvedCode(t, app, ["records:read"]));
      expect((await revoke(other, { token: a.access_token })).status).toBe(200);
      expect((await list(a.access_token)).status).toBe(200);
    });
  });
});
