/**
 * Lookups and the credential's read access (issue item 8): setting a lookup to an object the
 * credential may not read is refused with 403 before the id is looked up, so the answer is the
 * same for existing and unknown ids — no existence oracle. Holds for API key scopes, OAuth scopes
 * and the user's role, on POST, PATCH and per bulk item. Reading a record shows a lookup as the
 * bare id, never data of the target.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../helpers/auth-matrix.ts";
import { createTestKey, createTestTenant, denyRole, type TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { approvedCode, createPublishedApp, mustExchange } from "../oauth/helpers.ts";
import { bigKey, errorOf, RecordsApi, type ApiRecord, type BulkCreateResult, type BulkUpdateResult } from "./helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: exportRoute } = restRoute("/data/{object}");

const DENIED_DETAIL = [{ path: "company", message: "links to company records, which this credential may not read" }];

/** The answer without its per-request id, to compare two answers. */
const answer = (res: CallResult) => {
  const { requestId: _id, ...body } = res.json<{ requestId: string }>();
  return { status: res.status, body, challenge: res.headers.get("www-authenticate") };
};

describe("lookups need read access to their target object", () => {
  let t: TestTenant;
  let admin: RecordsApi;
  let acme: ApiRecord;
  let contactOnly: RecordsApi;

  beforeAll(async () => {
    t = await createTestTenant("lookup-access");
    admin = new RecordsApi(await bigKey(t), "company");
    acme = await admin.mustCreate({ name: "Acme Hidden Co", annual_revenue: "1234567.89" });
    contactOnly = new RecordsApi(await bigKey(t, { allowedObjects: ["contact"] }), "contact");
  });

  it("POST: a key limited to contact gets 403 errors.apiKeyObjectDenied for existing and unknown company ids alike", async () => {
    const existing = await contactOnly.create({ last_name: "Probe", company: acme.id });
    const unknown = await contactOnly.create({ last_name: "Probe", company: randomUUID() });
    expectError(existing, 403, "errors.apiKeyObjectDenied");
    expect(existing.json()).toMatchObject({ code: "api_key_object_denied", details: DENIED_DETAIL });
    expect(answer(unknown)).toEqual(answer(existing));
    expect((await contactOnly.page({ search: "probe" })).total).toBe(0);
    // Without the lookup, or clearing it, the key writes contacts as before.
    expect((await contactOnly.create({ last_name: "Plain" })).status).toBe(201);
    expect((await contactOnly.create({ last_name: "Cleared", company: null })).status).toBe(201);
  });

  it("PATCH: the same 403, and the record is unchanged", async () => {
    const r = await contactOnly.mustCreate({ last_name: "Patched" });
    for (const company of [acme.id, randomUUID()]) {
      const res = await contactOnly.patch(r.id, { job_title: "CEO", company });
      expectError(res, 403, "errors.apiKeyObjectDenied");
      expect(res.json()).toMatchObject({ details: DENIED_DETAIL });
    }
    expect(await contactOnly.mustGet(r.id)).toEqual(r);
    expect((await contactOnly.patch(r.id, { company: null })).status).toBe(200);
  });

  it("bulk create and update: the item is refused with errors.apiKeyObjectDenied, the others are written", async () => {
    const created = await contactOnly.bulkCreate([
      { last_name: "Bulk ok" },
      { last_name: "Bulk known", company: acme.id },
      { last_name: "Bulk unknown", company: randomUUID() },
    ]);
    expect(created.status).toBe(200);
    expect(created.json<BulkCreateResult>()).toMatchObject({
      results: [
        { index: 0, ok: true },
        { index: 1, ok: false, error: "errors.apiKeyObjectDenied" },
        { index: 2, ok: false, error: "errors.apiKeyObjectDenied" },
      ],
      created: 1,
      failed: 2,
    });
    const id = created.json<BulkCreateResult>().results[0]!.id!;
    const other = await contactOnly.mustCreate({ last_name: "Bulk other" });
    const third = await contactOnly.mustCreate({ last_name: "Bulk third" });
    const updated = await contactOnly.bulkUpdate([
      { id, company: acme.id },
      { id: other.id, job_title: "Kept" },
      { id: third.id, company: randomUUID() },
    ]);
    expect(updated.json<BulkUpdateResult>()).toMatchObject({
      results: [
        {
          index: 0,
          ok: false,
          error: "errors.apiKeyObjectDenied",
          message: "This credential is not allowed to use this object.",
          code: "api_key_object_denied",
        },
        { index: 1, ok: true, id: other.id },
        { index: 2, ok: false, error: "errors.apiKeyObjectDenied" },
      ],
      updated: 1,
      failed: 2,
    });
    expect(await contactOnly.mustGet(third.id)).toEqual(third);
    expect((await contactOnly.mustGet(id)).company).toBeNull();
    expect((await contactOnly.mustGet(other.id)).job_title).toBe("Kept");
  });

  it("a key that may read company still learns that an unknown id is not a company (400)", async () => {
    const both = new RecordsApi(await bigKey(t, { allowedObjects: ["contact", "company"] }), "contact");
    const ghost = randomUUID();
    expect(errorOf(await both.create({ last_name: "Ghost", company: ghost }), 400)).toBe(`company: no company record with id '${ghost}'`);
    expect((await both.create({ last_name: "Linked", company: acme.id })).status).toBe(201);
  });

  it("an OAuth token without read scope on company gets the same 403, naming the scope it lacks", async () => {
    const app = await createPublishedApp([
      "records:read",
      "records:write",
      "records:read:contact",
      "records:write:contact",
      "objects:read",
    ]);
    const tokenFor = async (scopes: string[]) => (await mustExchange(app, await approvedCode(t, app, scopes))).access_token;
    for (const scopes of [
      ["records:read:contact", "records:write:contact"],
      ["records:read:contact", "records:write"],
    ]) {
      const api = new RecordsApi(await tokenFor(scopes), "contact");
      const existing = await api.create({ last_name: "Token probe", company: acme.id });
      expectError(existing, 403, "errors.apiKeyObjectDenied");
      expect(existing.headers.get("www-authenticate")).toContain('error="insufficient_scope", scope="records:read:company"');
      expect(answer(await api.create({ last_name: "Token probe", company: randomUUID() }))).toEqual(answer(existing));
    }
    const full = new RecordsApi(await tokenFor(["records:read", "records:write"]), "contact");
    expect((await full.create({ last_name: "Token linked", company: acme.id })).status).toBe(201);
  });

  it("a user whose role may not read company gets 403 errors.permissionDenied, for existing and unknown ids alike", async () => {
    const other = await createTestTenant("lookup-role");
    const company = await new RecordsApi(await bigKey(other), "company").mustCreate({ name: "Role Co" });
    await denyRole(other, "member", "company", { read: false, create: true, update: true, delete: true });
    const member = new RecordsApi((await createTestKey(other, { role: "member", rateLimit: 10_000 })).secret, "contact");
    const existing = await member.create({ last_name: "Member probe", company: company.id });
    expectError(existing, 403, "errors.permissionDenied");
    expect(existing.json()).toMatchObject({ code: "permission_denied", details: DENIED_DETAIL });
    expect(answer(await member.create({ last_name: "Member probe", company: randomUUID() }))).toEqual(answer(existing));
    const r = await member.mustCreate({ last_name: "Member plain" });
    expectError(await member.patch(r.id, { company: company.id }), 403, "errors.permissionDenied");
    expect(
      (await member.bulkCreate([{ last_name: "Member bulk", company: company.id }])).json<BulkCreateResult>().results[0],
    ).toMatchObject({
      ok: false,
      error: "errors.permissionDenied",
    });
  });

  it("reading a contact shows its company only as the id: nothing of the company reaches a contact-only key", async () => {
    const linked = await new RecordsApi(admin.auth, "contact").mustCreate({ last_name: "Linked reader", company: acme.id });
    const reads = [
      await contactOnly.get(linked.id),
      await contactOnly.list({ filter: `company:eq:${acme.id}` }),
      await call(exportRoute, { auth: contactOnly.auth, params: { object: "contact" } }),
    ];
    for (const res of reads) {
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text).toContain(acme.id);
      for (const secret of ["Acme Hidden Co", "1234567.89"]) expect(text).not.toContain(secret);
    }
    expect((await contactOnly.mustGet(linked.id)).company).toBe(acme.id);
    expectError(await new RecordsApi(contactOnly.auth, "company").get(acme.id), 403, "errors.apiKeyObjectDenied");
  });
});
