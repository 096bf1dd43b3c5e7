/**
 * Deleting with an OAuth token (spec 3: "delete permission" from the key or token): only the
 * records:delete and records:delete:<apiName> scopes allow it, on REST and MCP alike; the scopes
 * are in the OpenAPI document and shown apart on the consent screen.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as openapiRoute } from "@/app/api/v1/openapi.json/route.ts";
import ConsentPage from "@/app/oauth/consent/page.tsx";
import { s256 } from "@/lib/oauth/pkce.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { mcpClient, resultText } from "../../helpers/mcp.ts";
import { RecordsApi } from "../records/helpers.ts";
import { approvedCode, createPublishedApp, mustExchange, newVerifier, REDIRECT, type TestApp } from "./helpers.ts";

const signedIn = vi.hoisted(() => ({ user: null as { userId: string; tenantId: string } | null }));
vi.mock("@/lib/adapters/next-auth/session-user.ts", () => ({ sessionUser: async () => signedIn.user }));

describe("deleting with an OAuth token", () => {
  let t: TestTenant;
  let app: TestApp;
  let keyApi: RecordsApi;
  const tokenFor = async (scopes: string[]) => (await mustExchange(app, await approvedCode(t, app, scopes))).access_token;

  beforeAll(async () => {
    t = await createTestTenant("oauth-delete");
    app = await createPublishedApp([
      "records:read",
      "records:write",
      "records:delete",
      "records:write:contact",
      "records:delete:contact",
      "objects:read",
    ]);
    keyApi = new RecordsApi((await createTestKey(t, { rateLimit: 100_000 })).secret, "contact");
  });
  const newContact = async (object = "contact") =>
    (await new RecordsApi(keyApi.auth, object).mustCreate(object === "contact" ? { last_name: "Doomed" } : { name: "Doomed Inc" })).id;

  it("refuses DELETE to a token without a delete scope, naming records:delete:<apiName>, and leaves the record", async () => {
    const id = await newContact();
    for (const scopes of [["records:write"], ["records:read", "records:write:contact"], ["records:read"]]) {
      const res = await new RecordsApi(await tokenFor(scopes), "contact").remove(id);
      expect([res.status, res.json().error], JSON.stringify(scopes)).toEqual([403, "errors.apiKeyDeleteDenied"]);
      expect(res.json().message).toContain("records:delete:contact");
      expect(res.headers.get("www-authenticate")).toContain('error="insufficient_scope", scope="records:delete:contact"');
    }
    expect((await keyApi.get(id)).status).toBe(200);
  });

  it("lets records:delete:contact delete contacts (204, to the trash) and nothing else; records:delete deletes any object", async () => {
    const id = await newContact();
    const perObject = await tokenFor(["records:read", "records:delete:contact"]);
    expect((await new RecordsApi(perObject, "contact").remove(id)).status).toBe(204);
    expect((await keyApi.get(id)).status).toBe(404);
    const company = await newContact("company");
    const other = await new RecordsApi(perObject, "company").remove(company);
    expect([other.status, other.json().error]).toEqual([403, "errors.apiKeyDeleteDenied"]);
    expect((await new RecordsApi(await tokenFor(["records:delete"]), "company").remove(company)).status).toBe(204);
    // Deleting is not writing.
    const write = await new RecordsApi(await tokenFor(["records:delete:contact"]), "contact").create({ last_name: "No" });
    expect([write.status, write.json().error]).toEqual([403, "errors.apiKeyReadOnly"]);
  });

  it("applies the same rule to the MCP tool delete_record", async () => {
    const id = await newContact();
    const writer = await mcpClient("v2-modern", await tokenFor(["records:read", "records:write"]));
    const refused = await writer.callTool({ name: "delete_record", arguments: { object: "contact", id } });
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toContain("errors.apiKeyDeleteDenied");
    await writer.close();
    expect((await keyApi.get(id)).status).toBe(200);
    const deleter = await mcpClient("v1", await tokenFor(["records:delete:contact"]));
    expect((await deleter.callTool({ name: "delete_record", arguments: { object: "contact", id } })).structuredContent).toEqual({
      id,
      trashed: true,
    });
    await deleter.close();
    expect((await keyApi.get(id)).status).toBe(404);
  });

  it("documents the delete scopes in OpenAPI: the DELETE operation needs records:delete", async () => {
    const doc = (await (
      await openapiRoute(new Request("http://localhost/api/v1/openapi.json"), { params: Promise.resolve({}) })
    ).json()) as {
      paths: Record<string, Record<string, { security: Record<string, string[]>[]; description: string }>>;
      components: { securitySchemes: { oauth2: { flows: { authorizationCode: { scopes: Record<string, string> } } } } };
    };
    const scopes = doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes;
    expect(scopes).toMatchObject({
      "records:delete": expect.stringMatching(/^Delete/),
      "records:delete:{object}": expect.stringMatching(/^Delete/),
    });
    expect(scopes["records:write"]).not.toMatch(/delete/i);
    const del = doc.paths["/{object}/{id}"]!.delete!;
    expect(del.security).toEqual([{ bearerAuth: [] }, { oauth2: ["records:delete"] }]);
    expect(del.description).toContain("records:delete");
  });

  it("shows the delete scopes on the consent screen in a group of their own, in plain words", async () => {
    signedIn.user = { userId: t.users.member, tenantId: t.tenantId };
    const search = {
      response_type: "code",
      client_id: app.clientId,
      redirect_uri: REDIRECT,
      scope: "records:read records:delete:contact records:delete",
      state: "s",
      code_challenge: s256(newVerifier()),
      code_challenge_method: "S256",
    };
    const html = renderToStaticMarkup(await ConsentPage({ searchParams: Promise.resolve(search) }));
    const groups = [...html.matchAll(/<fieldset[^>]*><legend>([^<]*)<\/legend>(.*?)<\/fieldset>/g)].map((m) => ({
      legend: m[1],
      body: m[2]!,
    }));
    expect(groups.map((g) => g.legend)).toEqual([
      "It asks to:",
      "It also asks to delete records (they go to the trash and can be restored):",
    ]);
    expect(groups[0]!.body).toContain("Read records of every object");
    expect(groups[0]!.body).not.toContain("records:delete");
    expect(groups[1]!.body).toContain("Delete (move to the trash) contact records");
    expect(groups[1]!.body).toContain("Delete (move to the trash) records of every object");
    expect(groups[1]!.body).toContain('value="records:delete:contact"');
  });
});
