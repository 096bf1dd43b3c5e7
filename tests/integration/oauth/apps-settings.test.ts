/**
 * Settings → Apps: platform admins register and publish apps (secret shown once, rotation);
 * people see the marketplace, the apps installed in their tenant (not another tenant's), their
 * tokens; uninstalling or revoking takes effect on the API at once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  listAppsOp,
  listInstalledOp,
  listMarketplaceOp,
  listTokensOp,
  publishAppOp,
  registerAppOp,
  revokeTokenOp,
  uninstallOp,
} from "@/lib/operations/oauth-apps/manage-apps.ts";
import { createTestTenant, type TestTenant, makePlatformAdmin } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { expectOk, runAs, session } from "../operation-helpers.ts";
import { approvedCode, mustExchange, REDIRECT, token, type TestApp } from "./helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listRecords } = restRoute("/{object}");

describe("apps in settings", () => {
  let t: TestTenant;
  let b: TestTenant;
  let app: TestApp;
  const list = (accessToken: string) => call(listRecords, { auth: accessToken, params: { object: "contact" } });

  beforeAll(async () => {
    t = await createTestTenant("apps");
    b = await createTestTenant("apps-b");
    await makePlatformAdmin(t);
  });

  it("lets only platform admins register and publish; the secret works once shown and stops working when rotated", async () => {
    const input = {
      name: "Ledger Sync",
      description: "Books",
      logoUrl: null,
      redirectUris: [REDIRECT],
      allowedOrigins: [],
      scopes: ["records:read", "objects:read"],
    };
    for (const who of [session(t, "member"), session(b, "admin")]) {
      expect(await runAs(registerAppOp, who, input)).toMatchObject({ status: 403, error: "errors.permissionDenied" });
      expect((await runAs(listAppsOp, who, {})).status).toBe(403);
    }
    const { id, clientId } = expectOk(await runAs(registerAppOp, session(t), input));
    expect(expectOk(await runAs(listMarketplaceOp, session(b), {})).data.map((a) => a.name)).not.toContain("Ledger Sync");
    expect((await runAs(publishAppOp, session(t, "member"), { id })).status).toBe(403);
    const published = expectOk(await runAs(publishAppOp, session(t), { id }));
    expect(published.clientId).toBe(clientId);
    app = { id, clientId, clientSecret: published.clientSecret };
    expect(expectOk(await runAs(listMarketplaceOp, session(b, "read_only"), {})).data.map((a) => a.name)).toContain("Ledger Sync");
    expect(expectOk(await runAs(listAppsOp, session(t), {})).data.find((a) => a.id === id)).toMatchObject({
      published: true,
      redirectUris: [REDIRECT],
    });

    // The shown secret works; after rotation only the new one does.
    const probe = (a: TestApp) => token(a, { grant_type: "refresh_token", refresh_token: "crm_rt_x" });
    expect(await probe(app)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const rotated = expectOk(await runAs(publishAppOp, session(t), { id }));
    expect(rotated.clientSecret).not.toBe(published.clientSecret);
    expect(await probe(app)).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    app = { ...app, clientSecret: rotated.clientSecret };
    expect(await probe(app)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("refuses wildcard, fragment, userinfo and non-https redirect URIs with a message on the field; http only on loopback IP literals", async () => {
    const base = { name: "Bad", redirectUris: [REDIRECT], scopes: ["records:read"] };
    const refused: [string, RegExp][] = [
      ["https://*.example.test/cb", /wildcard/],
      ["https://app.example.test/*", /wildcard/],
      ["https://app.example.com/cb#x", /fragment/],
      ["https://app.example.com/cb#", /fragment/],
      ["https://user:pass@app.example.com/cb", /user name or password/],
      ["https://@app.example.com/cb", /user name or password/],
      ["http://app.example.com/cb", /must use https/],
      ["http://localhost:8080/cb", /must use https.*not localhost/],
      ["http://localhost/cb", /must use https/],
      ["http://127.0.0.1.nip.io:8080/cb", /must use https/],
      ["http://127.1:8080/cb", /must use https/],
      ["com.example.app:/callback", /must use https/],
      ["/cb", /absolute URL/],
    ];
    for (const [uri, message] of refused) {
      const res = await runAs(registerAppOp, session(t), { ...base, redirectUris: [REDIRECT, uri] });
      if (res.ok) throw new Error(`${uri} was accepted`);
      expect(res.status, uri).toBe(400);
      expect(res.details, uri).toEqual([{ path: "redirectUris.1", message: expect.stringMatching(message) }]);
      expect(res.details![0]!.message, uri).toContain(uri);
    }
    expect((await runAs(registerAppOp, session(t), { ...base, redirectUris: [] })).status).toBe(400);
    expect((await runAs(registerAppOp, session(t), { ...base, scopes: ["records:purge"] })).status).toBe(400);
    const accepted = [
      "http://127.0.0.1:8080/cb",
      "http://[::1]:8080/cb",
      "http://127.0.0.1/cb",
      "https://localhost:8443/cb",
      "https://app.example.com/cb?tenant=1",
    ];
    expect(
      (
        await runAs(registerAppOp, session(t), {
          ...base,
          redirectUris: accepted,
          scopes: ["records:read", "records:delete", "records:delete:contact"],
        })
      ).status,
    ).toBe(200);
  });

  it("lists installed apps per tenant, and uninstalling revokes every token at once", async () => {
    const memberTokens = await mustExchange(app, await approvedCode(t, app, ["records:read"], { user: "member" }));
    const bTokens = await mustExchange(app, await approvedCode(b, app, ["records:read"]));
    const installed = expectOk(await runAs(listInstalledOp, session(t, "read_only"), {})).data;
    expect(installed.map((g) => [g.appName, g.scopes])).toEqual([["Ledger Sync", ["records:read"]]]);
    expect(expectOk(await runAs(listInstalledOp, session(b), {})).data).toHaveLength(1);

    // Someone else's installation: not theirs to remove; an admin may.
    expect((await runAs(uninstallOp, session(t, "read_only"), { grantId: installed[0]!.grantId })).status).toBe(404);
    expect((await runAs(uninstallOp, session(b), { grantId: installed[0]!.grantId })).status).toBe(404);
    expect((await list(memberTokens.access_token)).status).toBe(200);
    expectOk(await runAs(uninstallOp, session(t), { grantId: installed[0]!.grantId }));
    expect((await list(memberTokens.access_token)).status).toBe(401);
    expect((await token(app, { grant_type: "refresh_token", refresh_token: memberTokens.refresh_token })).status).toBe(400);
    expect(expectOk(await runAs(listInstalledOp, session(t), {})).data).toHaveLength(0);
    expect((await list(bTokens.access_token)).status).toBe(200);
  });

  it("lists your live tokens and revokes one with its family", async () => {
    const mine = await mustExchange(app, await approvedCode(t, app, ["records:read"], { user: "member" }));
    const tokens = expectOk(await runAs(listTokensOp, session(t, "member"), {})).data;
    expect(tokens.map((x) => x.kind).sort()).toEqual(["access", "refresh"]);
    expect(expectOk(await runAs(listTokensOp, session(t, "admin"), {})).data).toHaveLength(0);
    expect((await runAs(revokeTokenOp, session(t, "admin"), { id: tokens[0]!.id })).status).toBe(404);
    expectOk(await runAs(revokeTokenOp, session(t, "member"), { id: tokens.find((x) => x.kind === "access")!.id }));
    expect((await list(mine.access_token)).status).toBe(401);
    expect((await token(app, { grant_type: "refresh_token", refresh_token: mine.refresh_token })).status).toBe(400);
    expect(expectOk(await runAs(listTokensOp, session(t, "member"), {})).data).toHaveLength(0);
  });

  it("registers an app with as many redirect URIs as the form allows (20), which the database keeps", async () => {
    const redirectUris = Array.from({ length: 20 }, (_, i) => `https://many.example.com/cb/${i}`);
    const input = { name: "Many Redirects", description: "", logoUrl: null, redirectUris, allowedOrigins: [], scopes: ["records:read"] };
    const { id } = expectOk(await runAs(registerAppOp, session(t), input));
    expect(expectOk(await runAs(listAppsOp, session(t), {})).data.find((a) => a.id === id)!.redirectUris).toHaveLength(20);
  });
});
