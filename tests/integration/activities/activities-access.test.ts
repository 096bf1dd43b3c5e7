/**
 * Who may do what with activities (spec 5.2: "activities count as the object named activity";
 * deleting them needs the delete permission): read-only keys, keys limited to objects (activity
 * and the record's object both matter), "Allow deletion", roles on `activity` and on the record's
 * object, tenant isolation, and the generic record path /{object}, where `activity` and the line
 * item names are never objects (404 for every credential).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { archiveObjectDefinition } from "@/lib/services/objects/object-definitions.ts";
import { createTestTenant, denyRole, type TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { bigKey, createCustomObject, errorOf, RecordsApi, type ApiRecord } from "../records/helpers.ts";
import { ActivitiesApi, expectRefusal, on, sortedIds, type Activity } from "./activity-client.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: getRecordRoute } = restRoute("/{object}/{id}");
const { GET: listRecordsRoute, POST: createRecordRoute } = restRoute("/{object}");

/** Every activities endpoint, called with one credential on an existing activity and record. */
function everyEndpoint(
  api: ActivitiesApi,
  activity: Activity,
  record: { objectApiName: string; id: string },
): [string, () => Promise<CallResult>][] {
  return [
    ["list", () => api.list()],
    ["timeline", () => api.list({ recordId: record.id })],
    ["timeline with objectApiName", () => api.list({ recordId: record.id, objectApiName: record.objectApiName })],
    ["create", () => api.create(on(record.objectApiName, record.id))],
    ["get", () => api.get(activity.id)],
    ["patch", () => api.patch(activity.id, { outcome: "changed" })],
    ["delete", () => api.remove(activity.id)],
  ];
}

describe("activities: API key scopes", () => {
  let t: TestTenant;
  let full: ActivitiesApi;
  let contact: ApiRecord;
  let company: ApiRecord;
  let onContact: Activity;
  let onCompany: Activity;
  const keyApi = async (o: Parameters<typeof bigKey>[1]) => new ActivitiesApi(await bigKey(t, o));

  beforeAll(async () => {
    t = await createTestTenant("act-keys");
    const key = await bigKey(t, { allowDelete: true });
    full = new ActivitiesApi(key);
    contact = await new RecordsApi(key, "contact").mustCreate({ last_name: "Scoped" });
    company = await new RecordsApi(key, "company").mustCreate({ name: "Scoped Co" });
    onContact = await full.mustCreate(on("contact", contact.id, { type: "task", subject: "On the contact" }));
    onCompany = await full.mustCreate(on("company", company.id, { type: "note", subject: "On the company" }));
  });

  it("lets a read-only key list and get, and refuses create, update and delete with errors.apiKeyReadOnly", async () => {
    const ro = await keyApi({ readOnly: true, allowDelete: true });
    expect(sortedIds(await ro.ids())).toEqual(sortedIds([onContact.id, onCompany.id]));
    expect(await ro.ids({ recordId: contact.id, objectApiName: "contact" })).toEqual([onContact.id]);
    expect(await ro.mustGet(onContact.id)).toEqual(onContact);
    expectRefusal(await ro.create(on("contact", contact.id)), 403, "errors.apiKeyReadOnly");
    expectRefusal(await ro.patch(onContact.id, { completed: true }), 403, "errors.apiKeyReadOnly");
    expectRefusal(await ro.remove(onContact.id), 403, "errors.apiKeyReadOnly");
    expect(await full.mustGet(onContact.id)).toEqual(onContact);
    expect((await full.page()).total).toBe(2);
  });

  it('refuses a key limited to ["contact"] on every activities endpoint with errors.apiKeyObjectDenied', async () => {
    const limited = await keyApi({ allowedObjects: ["contact"], allowDelete: true });
    for (const [name, res] of everyEndpoint(limited, onContact, { objectApiName: "contact", id: contact.id })) {
      const r = await res();
      expect({ name, status: r.status, error: r.json().error }).toEqual({ name, status: 403, error: "errors.apiKeyObjectDenied" });
    }
    expect(await full.mustGet(onContact.id)).toEqual(onContact);
  });

  it('serves a key limited to ["contact", "activity"] on every endpoint, showing only activities on contacts', async () => {
    const api = await keyApi({ allowedObjects: ["contact", "activity"], allowDelete: true });
    expect(await api.ids()).toEqual([onContact.id]);
    expect((await api.page()).total).toBe(1);
    expect(await api.ids({ recordId: contact.id })).toEqual([onContact.id]);
    expect(await api.mustGet(onContact.id)).toEqual(onContact);
    const mine = await api.mustCreate(on("contact", contact.id, { type: "email" }));
    expect((await api.mustPatch(mine.id, { outcome: "Replied" })).outcome).toBe("Replied");
    expect((await api.remove(mine.id)).status).toBe(204);
    // Company activities stay out of its sight.
    expectRefusal(await api.create(on("company", company.id)), 403, "errors.apiKeyObjectDenied");
    expect(errorOf(await api.get(onCompany.id), 404)).toBe(`Activity '${onCompany.id}' not found`);
    expect(errorOf(await api.list({ recordId: company.id }), 404)).toBe(`Record '${company.id}' not found`);
  });

  it('keeps a key limited to ["activity"] away from activities on contacts: 403 on create, absent from lists, 404 by id', async () => {
    const api = await keyApi({ allowedObjects: ["activity"], allowDelete: true });
    expectRefusal(await api.create(on("contact", contact.id)), 403, "errors.apiKeyObjectDenied");
    const page = await api.page();
    expect(page.data.map((a) => a.id)).not.toContain(onContact.id);
    expect(page).toMatchObject({ data: [], total: 0 });
    const missing = `Activity '${onContact.id}' not found`;
    expect(errorOf(await api.get(onContact.id), 404)).toBe(missing);
    expect(errorOf(await api.patch(onContact.id, { outcome: "x" }), 404)).toBe(missing);
    expect(errorOf(await api.remove(onContact.id), 404)).toBe(missing);
    // A timeline: unknown without the object's name, refused by scope with it.
    expect(errorOf(await api.list({ recordId: contact.id }), 404)).toBe(`Record '${contact.id}' not found`);
    expectRefusal(await api.list({ recordId: contact.id, objectApiName: "contact" }), 403, "errors.apiKeyObjectDenied");
    expect(await full.mustGet(onContact.id)).toEqual(onContact);
  });

  it('shows a key limited to ["activity", "company"] the company activities only, with a total that counts only those', async () => {
    const api = await keyApi({ allowedObjects: ["activity", "company"] });
    expect(await api.page()).toMatchObject({ data: [onCompany], total: 1 });
    expect(await api.ids({ type: "task" })).toEqual([]);
    expect(await api.page({ limit: "1", offset: "1" })).toMatchObject({ data: [], total: 1 });
  });

  it("refuses delete without Allow deletion (errors.apiKeyDeleteDenied) while update works", async () => {
    const api = await keyApi({ allowDelete: false });
    const a = await api.mustCreate(on("contact", contact.id, { type: "call" }));
    expect((await api.mustPatch(a.id, { completed: true })).completed_at).not.toBeNull();
    const res = await api.remove(a.id);
    expectRefusal(res, 403, "errors.apiKeyDeleteDenied");
    expect(await api.mustGet(a.id)).toMatchObject({ id: a.id });
    expect((await full.remove(a.id)).status).toBe(204);
  });

  it('hides activities on an archived object from a key not limited to it (the "Limited to objects" scope still holds)', async () => {
    await createCustomObject(t, "project", []);
    const project = await new RecordsApi(full.auth, "project").mustCreate({ name: "Secret project" });
    const onProject = await full.mustCreate(on("project", project.id, { type: "note", subject: "Confidential" }));
    const api = await keyApi({ allowedObjects: ["activity", "contact"] });
    expect(await api.ids()).toEqual([onContact.id]);
    await withTenantSql(t.tenantId, async (tx) => archiveObjectDefinition(tx, t.tenantId, "project"));
    expect(errorOf(await api.get(onProject.id), 404)).toBe(`Activity '${onProject.id}' not found`);
    const page = await api.page();
    expect(page.data.map((a) => a.id)).not.toContain(onProject.id);
    expect(page.total).toBe(1);
  });
});

describe("activities: roles", () => {
  it("refuses delete with errors.permissionDenied when the member's role may not delete activity", async () => {
    const t = await createTestTenant("act-role-del");
    const admin = new ActivitiesApi(await bigKey(t, { allowDelete: true }));
    const member = new ActivitiesApi(await bigKey(t, { role: "member", allowDelete: true }));
    const contact = await new RecordsApi(admin.auth, "contact").mustCreate({ last_name: "Role" });
    await denyRole(t, "member", "activity", { read: true, create: true, update: true, delete: false });
    const a = await member.mustCreate(on("contact", contact.id, { type: "task" }));
    expect((await member.mustPatch(a.id, { completed: true })).completed_at).not.toBeNull();
    expectRefusal(await member.remove(a.id), 403, "errors.permissionDenied");
    expect(await member.mustGet(a.id)).toMatchObject({ id: a.id });
    expect((await admin.remove(a.id)).status).toBe(204);
  });

  it("refuses every activities endpoint with errors.permissionDenied when the role may not read activity", async () => {
    const t = await createTestTenant("act-role-read");
    const admin = new ActivitiesApi(await bigKey(t, { allowDelete: true }));
    const member = new ActivitiesApi(await bigKey(t, { role: "member", allowDelete: true }));
    const contact = await new RecordsApi(admin.auth, "contact").mustCreate({ last_name: "Role" });
    const a = await admin.mustCreate(on("contact", contact.id));
    await denyRole(t, "member", "activity", { read: false, create: false, update: false, delete: false });
    for (const [name, res] of everyEndpoint(member, a, { objectApiName: "contact", id: contact.id })) {
      const r = await res();
      expect({ name, status: r.status, error: r.json().error }).toEqual({ name, status: 403, error: "errors.permissionDenied" });
    }
    expect(await admin.mustGet(a.id)).toEqual(a);
  });

  it("refuses create with errors.permissionDenied to a read-only user's key, which still reads", async () => {
    const t = await createTestTenant("act-role-ro");
    const admin = new ActivitiesApi(await bigKey(t, { allowDelete: true }));
    const viewer = new ActivitiesApi(await bigKey(t, { role: "read_only", allowDelete: true }));
    const contact = await new RecordsApi(admin.auth, "contact").mustCreate({ last_name: "Viewer" });
    const a = await admin.mustCreate(on("contact", contact.id));
    expect(await viewer.ids()).toEqual([a.id]);
    expectRefusal(await viewer.create(on("contact", contact.id)), 403, "errors.permissionDenied");
    expectRefusal(await viewer.patch(a.id, { completed: true }), 403, "errors.permissionDenied");
    expectRefusal(await viewer.remove(a.id), 403, "errors.permissionDenied");
  });

  describe("a role that may not read contact", () => {
    let t: TestTenant;
    let admin: ActivitiesApi;
    let member: ActivitiesApi;
    let contact: ApiRecord;
    let onContact: Activity;
    let onCompany: Activity;

    beforeAll(async () => {
      t = await createTestTenant("act-role-contact");
      admin = new ActivitiesApi(await bigKey(t, { allowDelete: true }));
      member = new ActivitiesApi(await bigKey(t, { role: "member", allowDelete: true }));
      contact = await new RecordsApi(admin.auth, "contact").mustCreate({ last_name: "Hidden" });
      const company = await new RecordsApi(admin.auth, "company").mustCreate({ name: "Visible Co" });
      onContact = await admin.mustCreate(on("contact", contact.id, { assignee_id: t.users.member }));
      onCompany = await admin.mustCreate(on("company", company.id, { assignee_id: t.users.member }));
      expect(sortedIds(await member.ids())).toEqual(sortedIds([onContact.id, onCompany.id]));
      await denyRole(t, "member", "contact", { read: false, create: false, update: false, delete: false });
    });

    it("omits activities on contacts from that member's list, also with filters, and counts them out of the total", async () => {
      expect(await member.page()).toMatchObject({ data: [onCompany], total: 1 });
      expect(await member.ids({ assignee: "me" })).toEqual([onCompany.id]);
      expect((await member.page({ limit: "1", offset: "1" })).total).toBe(1);
      expect(sortedIds(await admin.ids())).toEqual(sortedIds([onContact.id, onCompany.id]));
    });

    it("answers 404 for those activities by id and for the contact's timeline, 403 when the timeline names contact", async () => {
      const missing = `Activity '${onContact.id}' not found`;
      expect(errorOf(await member.get(onContact.id), 404)).toBe(missing);
      expect(errorOf(await member.patch(onContact.id, { completed: true }), 404)).toBe(missing);
      expect(errorOf(await member.remove(onContact.id), 404)).toBe(missing);
      expect(errorOf(await member.list({ recordId: contact.id }), 404)).toBe(`Record '${contact.id}' not found`);
      expectRefusal(await member.list({ recordId: contact.id, objectApiName: "contact" }), 403, "errors.permissionDenied");
      expect(await admin.mustGet(onContact.id)).toEqual(onContact);
    });

    it("refuses that member an activity on a contact (errors.permissionDenied)", async () => {
      expectRefusal(await member.create(on("contact", contact.id)), 403, "errors.permissionDenied");
    });
  });
});

describe("activities: tenant isolation", () => {
  let a: TestTenant;
  let apiA: ActivitiesApi;
  let apiB: ActivitiesApi;
  let contactA: ApiRecord;
  let activityA: Activity;
  let activityB: Activity;

  beforeAll(async () => {
    a = await createTestTenant("act-iso-a");
    const b = await createTestTenant("act-iso-b");
    apiA = new ActivitiesApi(await bigKey(a, { allowDelete: true }));
    apiB = new ActivitiesApi(await bigKey(b, { allowDelete: true }));
    contactA = await new RecordsApi(apiA.auth, "contact").mustCreate({ last_name: "Tenant A" });
    activityA = await apiA.mustCreate(on("contact", contactA.id, { type: "task", assignee_id: a.users.member }));
    const contactB = await new RecordsApi(apiB.auth, "contact").mustCreate({ last_name: "Tenant B" });
    activityB = await apiB.mustCreate(on("contact", contactB.id));
  });

  it("answers 404 to tenant B for GET, PATCH and DELETE of tenant A's activity, which stays unchanged", async () => {
    const missing = `Activity '${activityA.id}' not found`;
    expect(errorOf(await apiB.get(activityA.id), 404)).toBe(missing);
    expect(errorOf(await apiB.patch(activityA.id, { completed: true, outcome: "hijacked" }), 404)).toBe(missing);
    expect(errorOf(await apiB.remove(activityA.id), 404)).toBe(missing);
    expect(await apiA.mustGet(activityA.id)).toEqual(activityA);
  });

  it("answers 404 to tenant B for the timeline of tenant A's record", async () => {
    expect(errorOf(await apiB.list({ recordId: contactA.id }), 404)).toBe(`Record '${contactA.id}' not found`);
    expect(errorOf(await apiB.list({ recordId: contactA.id, objectApiName: "contact" }), 404)).toBe(`Record '${contactA.id}' not found`);
  });

  it("refuses tenant B an activity on tenant A's record (400 naming record_id)", async () => {
    expect(errorOf(await apiB.create(on("contact", contactA.id)), 400)).toBe(`record_id: no live contact record with id '${contactA.id}'`);
    expect(await apiA.ids({ recordId: contactA.id })).toEqual([activityA.id]);
  });

  it("never shows tenant A's activities in tenant B's list, whatever the filters", async () => {
    expect(await apiB.page()).toMatchObject({ data: [activityB], total: 1 });
    expect(await apiB.ids({ assignee: a.users.member })).toEqual([]);
    expect(await apiB.ids({ type: "task" })).toEqual([]);
    expect(await apiA.ids()).toEqual([activityA.id]);
  });

  it("answers 404 to tenant B's key for a made-up id, as for tenant A's", async () => {
    const id = randomUUID();
    expect(errorOf(await apiB.get(id), 404)).toBe(`Activity '${id}' not found`);
  });
});

describe("the generic record path never serves activities or line items", () => {
  let t: TestTenant;
  let activity: Activity;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestTenant("act-generic");
    keys.full = await bigKey(t, { allowDelete: true });
    keys["limited to contact"] = await bigKey(t, { allowedObjects: ["contact"] });
    keys["limited to activity"] = await bigKey(t, { allowedObjects: ["activity", "line_item"] });
    const contact = await new RecordsApi(keys.full, "contact").mustCreate({ last_name: "Generic" });
    activity = await new ActivitiesApi(keys.full).mustCreate(on("contact", contact.id));
  });

  const expectNotAnObject = async (object: string) => {
    for (const [who, auth] of Object.entries(keys)) {
      const calls: [string, CallResult][] = [
        ["GET list", await call(listRecordsRoute, { auth, path: `/${object}`, params: { object } })],
        ["POST", await call(createRecordRoute, { auth, method: "POST", path: `/${object}`, params: { object }, body: { subject: "x" } })],
        ["GET one", await call(getRecordRoute, { auth, path: `/${object}/${activity.id}`, params: { object, id: activity.id } })],
      ];
      for (const [what, res] of calls) {
        expect({ who, what, status: res.status, error: res.json().error }).toEqual({
          who,
          what,
          status: 404,
          error: `Object '${object}' not found`,
        });
      }
    }
  };

  it("answers 404 for /activity (and /activities) to a full key and to keys limited to other objects or to activity", async () => {
    await expectNotAnObject("activity");
    await expectNotAnObject("activities");
  });

  it("answers 404 for the line item names line_item, line_items, line-items", async () => {
    for (const name of ["line_item", "line_items", "line-items"]) await expectNotAnObject(name);
  });

  it("answers 404 for line-item as well, whatever the key's object list", async () => {
    await expectNotAnObject("line-item");
  });
});
