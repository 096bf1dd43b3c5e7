/**
 * REST hooks with an OAuth token: only a token granted webhooks:manage, consented by someone
 * allowed to manage settings, may use /api/v1/webhooks; the scope is in the metadata and shown
 * on the consent screen in plain words.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as authServerMetadata } from "@/app/.well-known/oauth-authorization-server/route.ts";
import ConsentPage from "@/app/oauth/consent/page.tsx";
import { s256 } from "@/lib/oauth/pkce.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { approvedCode, createPublishedApp, mustExchange, newVerifier, REDIRECT, type TestApp } from "./helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listHooks, POST: createHook } = restRoute("/webhooks");

const signedIn = vi.hoisted(() => ({ user: null as { userId: string; tenantId: string } | null }));
vi.mock("@/lib/adapters/next-auth/session-user.ts", () => ({ sessionUser: async () => signedIn.user }));

describe("webhooks:manage", () => {
  let t: TestTenant;
  let app: TestApp;
  const tokenFor = async (scopes: string[], user: keyof TestTenant["users"] = "admin") =>
    (await mustExchange(app, await approvedCode(t, app, scopes, { user }))).access_token;

  beforeAll(async () => {
    t = await createTestTenant("oauth-hooks");
    app = await createPublishedApp(["records:read", "webhooks:manage"]);
  });

  it("lets an admin's token with the scope manage webhooks, and refuses one without it naming the scope", async () => {
    const granted = await tokenFor(["records:read", "webhooks:manage"]);
    const made = await call(createHook, { auth: granted, body: { url: "https://93.184.215.14/hook" } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await call(listHooks, { auth: granted })).json<{ data: unknown[] }>().data).toHaveLength(1);

    const without = await tokenFor(["records:read"]);
    const refused = await call(listHooks, { auth: without });
    expect(refused.status).toBe(403);
    expect(refused.json().error).toBe("errors.insufficientScope");
    expect(refused.headers.get("www-authenticate")).toContain('scope="webhooks:manage"');
  });

  it("refuses a member's token even with the scope", async () => {
    const member = await tokenFor(["webhooks:manage"], "member");
    const res = await call(listHooks, { auth: member });
    expect({ status: res.status, error: res.json().error }).toEqual({ status: 403, error: "errors.permissionDenied" });
  });

  it("publishes the scope in the metadata and shows it on the consent screen", async () => {
    const meta = (await (
      await authServerMetadata(new Request("http://localhost/.well-known/oauth-authorization-server"), { params: Promise.resolve({}) })
    ).json()) as {
      scopes_supported: string[];
    };
    expect(meta.scopes_supported).toContain("webhooks:manage");
    signedIn.user = { userId: t.users.admin, tenantId: t.tenantId };
    const html = renderToStaticMarkup(
      await ConsentPage({
        searchParams: Promise.resolve({
          response_type: "code",
          client_id: app.clientId,
          redirect_uri: REDIRECT,
          scope: "webhooks:manage",
          state: "s",
          code_challenge: s256(newVerifier()),
          code_challenge_method: "S256",
        }),
      }),
    );
    expect(html).toContain("Create, change and delete webhooks");
    expect(html).toContain('value="webhooks:manage"');
  });
});
