/**
 * Validation of record writes and the 404s of the record endpoints (spec 4.1, 7): required
 * fields, per-type value checks, lookups in the same tenant and of the target object, read-only,
 * unknown and system keys, partial PATCH, null clears, malformed bodies.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { ALL_TYPE_FIELDS, bigKey, createCustomObject, errorOf, RecordsApi, type ApiRecord } from "./helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { PATCH: patchRoute } = restRoute("/{object}/{id}");
const { POST: createRoute } = restRoute("/{object}");

describe("record validation", () => {
  let t: TestTenant;
  let key: string;
  let api: RecordsApi;
  let companies: RecordsApi;
  let contacts: RecordsApi;
  let company: ApiRecord;
  let foreignCompany: ApiRecord;
  let contact: ApiRecord;

  const count = async () => (await api.page({ limit: "1" })).total;

  beforeAll(async () => {
    t = await createTestTenant("valid");
    key = await bigKey(t, { allowDelete: true });
    await createCustomObject(t, "widget", [...ALL_TYPE_FIELDS, { apiName: "code", label: "Code", type: "text", required: true }]);
    api = new RecordsApi(key, "widget");
    companies = new RecordsApi(key, "company");
    contacts = new RecordsApi(key, "contact");
    company = await companies.mustCreate({ name: "Home Co" });
    contact = await contacts.mustCreate({ last_name: "Person" });
    const other = await createTestTenant("valid-b");
    foreignCompany = await new RecordsApi(await bigKey(other), "company").mustCreate({ name: "Foreign Co" });
  });

  it("requires required fields on create, naming them", async () => {
    expect(errorOf(await api.create({ name: "n" }), 400)).toBe("code: is required");
    expect(errorOf(await api.create({ code: "c" }), 400)).toBe("name: is required");
    const both = await api.create({});
    expect(errorOf(both, 400)).toBe("name: is required (and 1 more)");
    expect(both.json()).toMatchObject({
      code: "invalid_request",
      details: [
        { path: "name", message: "is required" },
        { path: "code", message: "is required" },
      ],
    });
    expect(errorOf(await api.create({ name: "", code: "c" }), 400)).toBe("name: is required");
    expect(errorOf(await api.create({ name: null, code: "c" }), 400)).toBe("name: is required");
    expect(errorOf(await contacts.create({ first_name: "Only first" }), 400)).toBe("last_name: is required");
    expect(await count()).toBe(0);
  });

  it("checks every value against its field type", async () => {
    const cases: [string, unknown, string][] = [
      ["f_text", 12, "must be a string"],
      ["f_text", "x".repeat(1001), "must be at most 1000 characters"],
      ["f_textarea", ["a"], "must be a string"],
      ["f_email", "not-an-email", "must be a valid email address"],
      ["f_email", "a@b", "must be a valid email address"],
      ["f_phone", "call me", "must be a phone number"],
      ["f_url", "ftp://example.com", "must be an http or https URL"],
      ["f_url", "example.com", "must be an http or https URL"],
      ["f_number", "12", "must be a number"],
      ["f_number", true, "must be a number"],
      ["f_number", 1e16, "must be less than 1e15 in absolute value"],
      ["f_currency", "12.34567", "must be a decimal with at most 4 decimal places"],
      ["f_currency", 1.23456, "must be a decimal with at most 4 decimal places"],
      ["f_currency", "12,50", "must be a decimal with at most 4 decimal places"],
      ["f_percent", "50%", "must be a number"],
      ["f_date", "2024-02-30", "must be a date (YYYY-MM-DD)"],
      ["f_date", "15/01/2024", "must be a date (YYYY-MM-DD)"],
      ["f_datetime", "2024-05-01T10:00:00", "must be an ISO 8601 date-time with a time zone"],
      ["f_datetime", "2024-05-01", "must be an ISO 8601 date-time with a time zone"],
      ["f_boolean", "true", "must be true or false"],
      ["f_boolean", 1, "must be true or false"],
      ["f_select", "purple", "must be one of: red, green, blue"],
      ["f_select", "RED", "must be one of: red, green, blue"],
      ["f_multiselect", ["north", "up"], "contains 'up', which is not one of: north, south, east"],
      ["f_multiselect", "north", "must be a list of values from: north, south, east"],
      ["f_multiselect", ["north", "north"], "contains 'north' twice"],
      ["f_lookup", "not-a-uuid", "must be the id (uuid) of a company record"],
      ["f_lookup", 7, "must be the id (uuid) of a company record"],
    ];
    for (const [field, value, message] of cases) {
      const res = await api.create({ name: "n", code: "c", [field]: value });
      expect(errorOf(res, 400), `${field}=${JSON.stringify(value)}`).toBe(`${field}: ${message}`);
      expect(res.json().details).toEqual([{ path: field, message }]);
    }
    expect(await count()).toBe(0);
  });

  it("stores valid values of every type in their normalized form", async () => {
    const r = await api.mustCreate({
      name: "ok",
      code: "c",
      f_text: "  keep spaces ",
      f_textarea: "long\ntext",
      f_email: " Ann@Example.COM ",
      f_phone: "+1 (555) 010-9999",
      f_url: "https://example.com/x",
      f_number: 12.5,
      f_currency: 1.5,
      f_percent: -0,
      f_date: "2024-02-29",
      f_datetime: "2024-05-01T12:00:00.123456+02:00",
      f_boolean: false,
      f_select: "red",
      f_multiselect: ["east", "north"],
      f_lookup: company.id.toUpperCase(),
    });
    expect(r).toMatchObject({
      f_text: "  keep spaces ",
      f_textarea: "long\ntext",
      f_email: "ann@example.com",
      f_phone: "+1 (555) 010-9999",
      f_url: "https://example.com/x",
      f_number: 12.5,
      f_currency: "1.5000",
      f_percent: 0,
      f_date: "2024-02-29",
      f_datetime: "2024-05-01T10:00:00.123Z",
      f_boolean: false,
      f_select: "red",
      f_multiselect: ["east", "north"],
      f_lookup: company.id,
    });
    expect(await api.mustGet(r.id)).toEqual(r);
  });

  it("requires lookups to point at a live record of the target object in the same tenant", async () => {
    const cases: [string, string][] = [
      [foreignCompany.id, "tenant B's company"],
      [contact.id, "a contact where a company is expected"],
      [randomUUID(), "an id of nothing"],
    ];
    for (const [id, what] of cases) {
      const res = await api.create({ name: "n", code: "c", f_lookup: id });
      expect(errorOf(res, 400), what).toBe(`f_lookup: no company record with id '${id}'`);
    }
    const opp = new RecordsApi(key, "opportunity");
    expect(errorOf(await opp.create({ name: "Deal", stage: "proposal", company: foreignCompany.id }), 400)).toBe(
      `company: no company record with id '${foreignCompany.id}'`,
    );
    expect(errorOf(await opp.create({ name: "Deal", stage: "proposal", contact: company.id }), 400)).toBe(
      `contact: no contact record with id '${company.id}'`,
    );
    // A trashed target is not live.
    const gone = await companies.mustCreate({ name: "Gone Co" });
    expect((await companies.remove(gone.id)).status).toBe(204);
    expect(errorOf(await api.create({ name: "n", code: "c", f_lookup: gone.id }), 400)).toBe(
      `f_lookup: no company record with id '${gone.id}'`,
    );
    // The same checks apply on update.
    const ok = await api.mustCreate({ name: "linked", code: "c", f_lookup: company.id });
    expect(errorOf(await api.patch(ok.id, { f_lookup: foreignCompany.id }), 400)).toBe(
      `f_lookup: no company record with id '${foreignCompany.id}'`,
    );
    expect(errorOf(await api.patch(ok.id, { f_lookup: contact.id }), 400)).toBe(`f_lookup: no company record with id '${contact.id}'`);
    expect(await api.mustGet(ok.id)).toEqual(ok);
  });

  it("refuses read-only, unknown and system keys", async () => {
    expect(errorOf(await contacts.create({ last_name: "X", full_name: "X Y" }), 400)).toBe("full_name: is read-only (computed)");
    expect(errorOf(await companies.create({ name: "X", open_deals: 3 }), 400)).toBe("open_deals: is read-only (computed)");
    expect(errorOf(await companies.create({ name: "X", pipeline_amount: null }), 400)).toBe("pipeline_amount: is read-only (computed)");
    const opps = new RecordsApi(key, "opportunity");
    const deal = await opps.mustCreate({ name: "Deal", stage: "proposal" });
    expect(errorOf(await opps.patch(deal.id, { expected_revenue: 1 }), 400)).toBe("expected_revenue: is read-only (computed)");
    expect(errorOf(await api.create({ name: "n", code: "c", colour: "red" }), 400)).toBe("colour: is not a field of this object");
    for (const system of ["id", "owner_id", "created_at", "updated_at"]) {
      const value = system.endsWith("_at") ? "2024-01-01T00:00:00.000Z" : randomUUID();
      expect(errorOf(await api.create({ name: "n", code: "c", [system]: value }), 400), system).toBe(
        `${system}: is set by the server and cannot be written`,
      );
    }
    const r = await api.mustCreate({ name: "sys", code: "c" });
    for (const system of ["id", "owner_id", "created_at", "updated_at"]) {
      expect(errorOf(await api.patch(r.id, { [system]: r[system] }), 400), system).toBe(
        `${system}: is set by the server and cannot be written`,
      );
    }
    expect(errorOf(await contacts.patch(contact.id, { full_name: "x" }), 400)).toBe("full_name: is read-only (computed)");
    expect(await api.mustGet(r.id)).toEqual(r);
  });

  it("answers 404 for nonexistent, trashed and non-uuid ids and unknown objects", async () => {
    const r = await api.mustCreate({ name: "to trash", code: "c" });
    expect((await api.remove(r.id)).status).toBe(204);
    const ghost = randomUUID();
    expect(errorOf(await api.patch(ghost, { name: "x" }), 404)).toBe(`Record '${ghost}' not found`);
    expect(errorOf(await api.patch(r.id, { name: "x" }), 404)).toBe(`Record '${r.id}' not found`);
    expect(errorOf(await api.remove(ghost), 404)).toBe(`Record '${ghost}' not found`);
    expect(errorOf(await api.remove(r.id), 404)).toBe(`Record '${r.id}' not found`);
    expect(errorOf(await api.get(r.id), 404)).toBe(`Record '${r.id}' not found`);
    expect(errorOf(await api.restore(ghost), 404)).toBe(`Trashed record '${ghost}' not found`);
    for (const bad of ["nope", "123", `${r.id}x`, "00000000-0000-0000-0000-00000000000g"]) {
      expect(errorOf(await api.get(bad), 404), bad).toBe(`Record '${bad}' not found`);
      expect(errorOf(await api.patch(bad, { name: "x" }), 404), bad).toBe(`Record '${bad}' not found`);
      expect(errorOf(await api.remove(bad), 404), bad).toBe(`Record '${bad}' not found`);
      expect(errorOf(await api.restore(bad), 404), bad).toBe(`Trashed record '${bad}' not found`);
    }
    // A record of another object is not found through this one.
    expect(errorOf(await api.get(company.id), 404)).toBe(`Record '${company.id}' not found`);
    const nope = new RecordsApi(key, "nope");
    for (const res of [
      await nope.list(),
      await nope.get(ghost),
      await nope.create({ name: "x" }),
      await nope.patch(ghost, { name: "x" }),
      await nope.remove(ghost),
    ]) {
      expect(errorOf(res, 404)).toBe("Object 'nope' not found");
    }
  });

  it("PATCH changes only the sent fields; null clears a field", async () => {
    const r = await api.mustCreate({
      name: "partial",
      code: "c",
      f_text: "keep",
      f_number: 5,
      f_select: "blue",
      f_multiselect: ["east"],
      f_lookup: company.id,
    });
    const patched = await api.patch(r.id, { f_number: 6 });
    expect(patched.status).toBe(200);
    const after = patched.json<ApiRecord>();
    expect(after).toEqual({ ...r, f_number: 6, updated_at: after.updated_at });
    expect(after.updated_at > r.updated_at).toBe(true);
    expect(after.created_at).toBe(r.created_at);

    const cleared = await api.patch(r.id, { f_text: null, f_select: null, f_multiselect: [], f_lookup: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.json()).toMatchObject({
      f_text: null,
      f_select: null,
      f_multiselect: null,
      f_lookup: null,
      f_number: 6,
      name: "partial",
    });
    expect(
      await api.ids({
        filter: [`id:eq:${r.id}`, "f_text:empty", "f_select:empty", "f_multiselect:empty", "f_lookup:empty", "f_number:eq:6"],
      }),
    ).toEqual([r.id]);
    expect(await api.ids({ filter: "f_text:eq:keep" })).toEqual([]);

    expect((await api.patch(r.id, {})).status).toBe(200);
    expect(errorOf(await api.patch(r.id, { code: null }), 400)).toBe("code: is required");
    expect(errorOf(await api.patch(r.id, { f_number: "7" }), 400)).toBe("f_number: must be a number");
    expect((await api.mustGet(r.id)).code).toBe("c");
  });

  it("concurrent PATCHes of different fields of one record all persist", async () => {
    const r = await api.mustCreate({ name: "busy", code: "c" });
    const changes: Record<string, unknown>[] = [
      { f_text: "t" },
      { f_number: 1 },
      { f_email: "e@example.com" },
      { f_phone: "555-0100" },
      { f_url: "https://e.example" },
      { f_date: "2024-01-01" },
      { f_boolean: true },
      { f_select: "green" },
      { f_percent: 5 },
      { f_currency: "2.5000" },
    ];
    const results = await Promise.all(changes.map((c) => api.patch(r.id, c)));
    expect(results.map((x) => x.status)).toEqual(changes.map(() => 200));
    expect(await api.mustGet(r.id)).toMatchObject(Object.assign({ name: "busy", code: "c" }, ...changes));
  });

  it("refuses malformed JSON (400), a non-object body (400) and a wrong Content-Type (415)", async () => {
    const r = await api.mustCreate({ name: "body", code: "c" });
    const before = await count();
    const params = { object: "widget" };
    expect(errorOf(await call(createRoute, { auth: key, method: "POST", params, body: "{not json" }), 400)).toBe(
      "Request body is not valid JSON",
    );
    expect(
      errorOf(
        await call(createRoute, { auth: key, method: "POST", params, body: "", headers: { "content-type": "application/json" } }),
        400,
      ),
    ).toBe("Request body is not valid JSON");
    expect(
      errorOf(await call(patchRoute, { auth: key, method: "PATCH", params: { ...params, id: r.id }, body: '{"name": "x",}' }), 400),
    ).toBe("Request body is not valid JSON");
    expect(errorOf(await call(createRoute, { auth: key, method: "POST", params, body: [{ name: "x", code: "c" }] }), 400)).toMatch(
      /expected record/,
    );
    expect(errorOf(await call(createRoute, { auth: key, method: "POST", params, body: "null" }), 400)).toBeTruthy();
    const textPlain = await call(createRoute, {
      auth: key,
      method: "POST",
      params,
      body: JSON.stringify({ name: "x", code: "c" }),
      headers: { "content-type": "text/plain" },
    });
    expect(errorOf(textPlain, 415)).toBe("Content-Type must be application/json");
    const form = await call(patchRoute, {
      auth: key,
      method: "PATCH",
      params: { ...params, id: r.id },
      body: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(errorOf(form, 415)).toBe("Content-Type must be application/json");
    expect(
      (
        await call(createRoute, {
          auth: key,
          method: "POST",
          params,
          body: { name: "x", code: "c" },
          headers: { "content-type": "application/json; charset=utf-8" },
        })
      ).status,
    ).toBe(201);
    expect(await count()).toBe(before + 1);
    expect(await api.mustGet(r.id)).toEqual(r);
  });
});
