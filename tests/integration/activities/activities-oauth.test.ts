/**
 * Activities with OAuth tokens: activities:read lists and reads but never writes, activities:write
 * creates and updates but never deletes (errors.apiKeyDeleteDenied, as a key without "Allow
 * deletion"), activities:delete deletes; the record's object still needs a records scope, and the
 * user's role still applies. The new scope activities:delete is described in plain words, shown
 * apart on the consent screen, and documented in OpenAPI.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as openapiRoute } from "@/app/api/v1/openapi.json/route.ts";
import ConsentPage from "@/app/oauth/consent/page.tsx";
import { s256 } from "@/lib/oauth/pkce.ts";
import { describeScope, FIXED_SCOPES, isDeleteScope, objectScope, parseScopes, scopeAllows, scopeReaches } from "@/lib/oauth/scopes.ts";
import { createTestTenant, denyRole, type TestTenant } from "../../helpers/fixtures.ts";
import type { CallResult } from "../../helpers/rest.ts";
import { approvedCode, createPublishedApp, mustExchange, newVerifier, REDIRECT, type TestApp } from "../oauth/helpers.ts";
import { bigKey, errorOf, RecordsApi, type ApiRecord } from "../records/helpers.ts";
import { ActivitiesApi, expectRefusal, on, sortedIds, type Activity } from "./activity-client.ts";

const signedIn = vi.hoisted(() => ({ user: null as { userId: string; tenantId: string } | null }));
vi.mock("@/lib/adapters/next-auth/session-user.ts", () => ({ sessionUser: async () => signedIn.user }));

const APP_SCOPES = ["records:read", "records:read:contact", "activities:read", "activities:write", "activities:delete"];

/** A 403 to a token that names the scope it lacked, in the message and in WWW-Authenticate (RFC 6750 3.1). */
function expectScopeRefusal(res: CallResult, scope: string, error?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  if (error) expect(res.json().error).toBe(error);
  expect(res.json().message).toContain(scope);
  expect(res.headers.get("www-authenticate")).toContain(`error="insufficient_scope", scope="${scope}"`);
}

describe("activities with OAuth tokens", () => {
  let t: TestTenant;
  let app: TestApp;
  let key: ActivitiesApi;
  let contact: ApiRecord;
  let onContact: Activity;
  let onCompany: Activity;
  const tokenApi = async (scopes: string[], user: keyof TestTenant["users"] = "admin") =>
    new ActivitiesApi((await mustExchange(app, await approvedCode(t, app, scopes, { user }))).access_token);

  beforeAll(async () => {
    t = await createTestTenant("act-oauth");
    app = await createPublishedApp(APP_SCOPES);
    key = new ActivitiesApi(await bigKey(t, { allowDelete: true }));
    contact = await new RecordsApi(key.auth, "contact").mustCreate({ last_name: "Token" });
    const company = await new RecordsApi(key.auth, "company").mustCreate({ name: "Token Co" });
    onContact = await key.mustCreate(on("contact", contact.id, { type: "task" }));
    onCompany = await key.mustCreate(on("company", company.id, { type: "note" }));
  });

  it("lets activities:read list and get, and refuses create, update and delete (403 naming the missing scope)", async () => {
    const reader = await tokenApi(["records:read", "activities:read"]);
    expect(sortedIds(await reader.ids())).toEqual(sortedIds([onContact.id, onCompany.id]));
    expect(await reader.ids({ recordId: contact.id, objectApiName: "contact" })).toEqual([onContact.id]);
    expect(await reader.mustGet(onContact.id)).toEqual(onContact);
    expectScopeRefusal(await reader.create(on("contact", contact.id)), "activities:write");
    expectScopeRefusal(await reader.patch(onContact.id, { completed: true }), "activities:write");
    expectScopeRefusal(await reader.remove(onContact.id), "activities:delete");
    expect(await key.mustGet(onContact.id)).toEqual(onContact);
    expect((await key.page()).total).toBe(2);
  });

  it("lets activities:write create and update (complete, reschedule, reassign), but not list without activities:read", async () => {
    const writer = await tokenApi(["records:read", "activities:write"]);
    const created = await writer.mustCreate(on("contact", contact.id, { type: "call", assignee_id: t.users.member }));
    expect(created).toMatchObject({ record_id: contact.id, owner_id: t.users.admin, assignee_id: t.users.member });
    const changed = await writer.mustPatch(created.id, { completed: true, due_at: "2027-02-03T04:05:06Z", assignee_id: t.users.admin });
    expect(changed).toMatchObject({ due_at: "2027-02-03T04:05:06.000Z", assignee_id: t.users.admin });
    expect(changed.completed_at).not.toBeNull();
    expectScopeRefusal(await writer.list(), "activities:read");
    expect((await key.remove(created.id)).status).toBe(204);
  });

  it("refuses DELETE to activities:write without activities:delete with errors.apiKeyDeleteDenied, and keeps the activity", async () => {
    const writer = await tokenApi(["records:read", "activities:read", "activities:write"]);
    const doomed = await writer.mustCreate(on("contact", contact.id, { type: "email" }));
    try {
      expectScopeRefusal(await writer.remove(doomed.id), "activities:delete", "errors.apiKeyDeleteDenied");
      expect(await key.mustGet(doomed.id)).toEqual(doomed);
    } finally {
      await key.remove(doomed.id);
    }
  });

  it("lets activities:delete delete (204, for good), and deleting is not writing", async () => {
    const doomed = await key.mustCreate(on("contact", contact.id, { type: "meeting" }));
    const deleter = await tokenApi(["records:read", "activities:delete"]);
    expect((await deleter.remove(doomed.id)).status).toBe(204);
    expect(errorOf(await key.get(doomed.id), 404)).toBe(`Activity '${doomed.id}' not found`);
    expectScopeRefusal(await deleter.create(on("contact", contact.id)), "activities:write");
    expectScopeRefusal(await deleter.patch(onContact.id, { outcome: "x" }), "activities:write");
    expect(await key.mustGet(onContact.id)).toEqual(onContact);
  });

  it("still needs a records scope for the record's object: activities elsewhere stay hidden, creating there is refused", async () => {
    const blind = await tokenApi(["activities:read", "activities:write"]);
    expect(await blind.page()).toMatchObject({ data: [], total: 0 });
    expect(errorOf(await blind.get(onContact.id), 404)).toBe(`Activity '${onContact.id}' not found`);
    expectScopeRefusal(await blind.create(on("contact", contact.id)), "records:read:contact", "errors.apiKeyObjectDenied");
    const contactsOnly = await tokenApi(["records:read:contact", "activities:read"]);
    const seen = await contactsOnly.page();
    expect(seen.data).toContainEqual(onContact);
    expect(seen.data.map((a) => a.objectApiName)).toEqual(seen.data.map(() => "contact"));
    expect(seen.total).toBe(seen.data.length);
    expect(errorOf(await contactsOnly.get(onCompany.id), 404)).toBe(`Activity '${onCompany.id}' not found`);
  });

  it("never exceeds the user's role: activities:delete with a role that may not delete activity → errors.permissionDenied", async () => {
    const other = await createTestTenant("act-oauth-role");
    const otherKey = new ActivitiesApi(await bigKey(other, { allowDelete: true }));
    const c = await new RecordsApi(otherKey.auth, "contact").mustCreate({ last_name: "Role" });
    const a = await otherKey.mustCreate(on("contact", c.id));
    await denyRole(other, "member", "activity", { read: true, create: true, update: true, delete: false });
    const memberToken = (await mustExchange(app, await approvedCode(other, app, ["records:read", "activities:delete"], { user: "member" })))
      .access_token;
    expectRefusal(await new ActivitiesApi(memberToken).remove(a.id), 403, "errors.permissionDenied");
    expect(await otherKey.mustGet(a.id)).toEqual(a);
  });
});

describe("the activities:delete scope", () => {
  it("is a known scope, a delete scope, described in plain words; activities:write no longer claims deleting", () => {
    expect(FIXED_SCOPES).toContain("activities:delete");
    expect(parseScopes("activities:read activities:write activities:delete")).toEqual([
      "activities:read",
      "activities:write",
      "activities:delete",
    ]);
    expect(parseScopes("records:delete:activity")).toBeNull();
    expect(describeScope("activities:delete")).toBe("Delete activities");
    expect(describeScope("activities:write")).not.toMatch(/delete/i);
    expect(describeScope("activities:read")).toMatch(/^Read activities/);
    expect(["activities:read", "activities:write", "activities:delete", "records:delete"].filter(isDeleteScope)).toEqual([
      "activities:delete",
      "records:delete",
    ]);
  });

  it("alone lets a token delete activities, and only activities", () => {
    expect(scopeAllows(["activities:delete"], "activity", "delete")).toBe(true);
    expect(scopeAllows(["activities:write"], "activity", "delete")).toBe(false);
    expect(scopeAllows(["activities:write", "records:delete"], "activity", "delete")).toBe(false);
    expect(scopeAllows(["activities:delete"], "activity", "write")).toBe(false);
    expect(scopeAllows(["activities:delete"], "contact", "delete")).toBe(false);
    expect(scopeReaches(["activities:delete"], "activity")).toBe(true);
    expect(objectScope("activity", "delete")).toBe("activities:delete");
  });

  it("is documented in OpenAPI: listed among the scopes and required by DELETE /activities/{id}", async () => {
    const res = await openapiRoute(new Request("http://localhost/api/v1/openapi.json"), { params: Promise.resolve({}) });
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { security: Record<string, string[]>[] }>>;
      components: { securitySchemes: { oauth2: { flows: { authorizationCode: { scopes: Record<string, string> } } } } };
    };
    const scopes = doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes;
    expect(scopes["activities:delete"]).toBe("Delete activities");
    expect(scopes["activities:write"]).not.toMatch(/delete/i);
    expect(doc.paths["/activities/{id}"]!.delete!.security).toEqual([{ bearerAuth: [] }, { oauth2: ["activities:delete"] }]);
    expect(doc.paths["/activities/{id}"]!.patch!.security).toEqual([{ bearerAuth: [] }, { oauth2: ["activities:write"] }]);
  });

  describe("on the consent screen", () => {
    let app: TestApp;
    const groups = async (scope: string) => {
      const search = {
        response_type: "code",
        client_id: app.clientId,
        redirect_uri: REDIRECT,
        scope,
        state: "s",
        code_challenge: s256(newVerifier()),
        code_challenge_method: "S256",
      };
      const html = renderToStaticMarkup(await ConsentPage({ searchParams: Promise.resolve(search) }));
      return [...html.matchAll(/<fieldset[^>]*><legend>([^<]*)<\/legend>(.*?)<\/fieldset>/g)].map((m) => ({ legend: m[1]!, body: m[2]! }));
    };

    beforeAll(async () => {
      const t = await createTestTenant("act-consent");
      app = await createPublishedApp(APP_SCOPES);
      signedIn.user = { userId: t.users.member, tenantId: t.tenantId };
    });

    it("lists activities:delete apart, with the deleting scopes, in plain words", async () => {
      const [asks, deletes, ...rest] = await groups("records:read activities:read activities:write activities:delete");
      expect(rest).toEqual([]);
      expect(asks!.body).toContain("Read activities (tasks, calls, emails, meetings, notes)");
      expect(asks!.body).toContain("Create and change activities (complete, reschedule, reassign)");
      expect(asks!.body).not.toContain("activities:delete");
      expect(deletes!.body).toContain("Delete activities");
      expect(deletes!.body).toContain('value="activities:delete"');
    });

    it("does not promise that deleted activities can be restored (activities have no trash)", async () => {
      const found = await groups("activities:read activities:delete");
      expect(found.map((g) => g.body.includes('value="activities:delete"'))).toEqual([false, true]);
      expect(found[1]!.legend).not.toMatch(/trash|restor/i);
    });
  });
});
