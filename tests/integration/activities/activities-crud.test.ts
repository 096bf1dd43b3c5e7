/**
 * Activities CRUD over REST (POST/GET/PATCH/DELETE /api/v1/activities): activities on contact,
 * company and custom object records; completing (the first completion time is kept), reopening,
 * rescheduling, reassigning, the outcome; deleting for good; and the exact 400 messages of every
 * validation rule (types, lengths, dates, strict bodies, live records, active assignees).
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { instantSchema } from "@/lib/schemas/activities.ts";
import { createTestTenant, setUserActive, type TestTenant } from "../../helpers/fixtures.ts";
import { bigKey, createCustomObject, errorOf, ISO_MS_RE, RecordsApi, UUID_RE, type ApiRecord } from "../records/helpers.ts";
import { ActivitiesApi, on, type Activity } from "./activity-client.ts";

describe("activities CRUD", () => {
  let t: TestTenant;
  let api: ActivitiesApi;
  let contact: ApiRecord;
  let company: ApiRecord;
  let project: ApiRecord;

  beforeAll(async () => {
    t = await createTestTenant("act-crud");
    const key = await bigKey(t, { allowDelete: true });
    api = new ActivitiesApi(key);
    await createCustomObject(t, "project", [{ apiName: "code", label: "Code", type: "text" }]);
    contact = await new RecordsApi(key, "contact").mustCreate({ last_name: "Lovelace" });
    company = await new RecordsApi(key, "company").mustCreate({ name: "Analytical Engines" });
    project = await new RecordsApi(key, "project").mustCreate({ name: "Difference engine", code: "DE-1" });
  });

  describe("create and get", () => {
    it("creates an activity on a contact with every field, answering 201 and the whole activity (UTC instants)", async () => {
      const res = await api.create(
        on("contact", contact.id, {
          type: "task",
          subject: "  Send the proposal  ",
          body: "  Attach the price list.  ",
          due_at: "2026-12-01T10:30:00+02:00",
          outcome: "  Pending  ",
          assignee_id: t.users.member,
        }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const a = res.json<Activity>();
      expect(a).toEqual({
        id: expect.stringMatching(UUID_RE),
        type: "task",
        subject: "Send the proposal",
        body: "  Attach the price list.  ",
        due_at: "2026-12-01T08:30:00.000Z",
        completed_at: null,
        outcome: "Pending",
        assignee_id: t.users.member,
        record_id: contact.id,
        objectApiName: "contact",
        owner_id: t.users.admin,
        created_at: expect.stringMatching(ISO_MS_RE),
        updated_at: expect.stringMatching(ISO_MS_RE),
      });
      expect(a.updated_at).toBe(a.created_at);
      expect(await api.mustGet(a.id)).toEqual(a);
    });

    it("creates the minimal activity: optional fields are null", async () => {
      const a = await api.mustCreate({ type: "note", subject: "Met at the fair", record_id: contact.id, objectApiName: "contact" });
      expect(a).toMatchObject({ type: "note", body: null, due_at: null, completed_at: null, outcome: null, assignee_id: null });
    });

    it("creates activities of every type on company and custom object records", async () => {
      const cases: [string, string, string][] = [
        ["company", company.id, "call"],
        ["company", company.id, "email"],
        ["project", project.id, "meeting"],
        ["project", project.id, "task"],
        ["project", project.id, "note"],
      ];
      for (const [objectApiName, recordId, type] of cases) {
        const a = await api.mustCreate(on(objectApiName, recordId, { type, subject: `${type} on ${objectApiName}` }));
        expect(a).toMatchObject({ type, record_id: recordId, objectApiName });
        expect(await api.mustGet(a.id)).toEqual(a);
      }
    });

    it("records an activity already done with its completed_at", async () => {
      const a = await api.mustCreate(on("company", company.id, { type: "email", completed_at: "2026-01-02T03:04:05Z" }));
      expect(a.completed_at).toBe("2026-01-02T03:04:05.000Z");
    });

    it("answers 404 for an unknown activity id and 400 for an id that is not a uuid", async () => {
      const id = randomUUID();
      expect(errorOf(await api.get(id), 404)).toBe(`Activity '${id}' not found`);
      expect(errorOf(await api.get("not-a-uuid"), 400)).toBe("id: must be an activity id (a uuid)");
    });
  });

  describe("update", () => {
    let task: Activity;
    beforeAll(async () => {
      task = await api.mustCreate(on("contact", contact.id, { type: "task", subject: "Follow up", due_at: "2026-12-01T09:00:00Z" }));
    });

    it("completes with completed:true and keeps the first completion time on a second completed:true", async () => {
      const done = await api.mustPatch(task.id, { completed: true });
      expect(done.completed_at).toMatch(ISO_MS_RE);
      expect(Date.parse(done.completed_at!)).toBeGreaterThanOrEqual(Date.parse(task.created_at));
      expect(Date.parse(done.updated_at)).toBeGreaterThan(Date.parse(task.updated_at));
      await sleep(20);
      const again = await api.mustPatch(task.id, { completed: true });
      expect(again.completed_at).toBe(done.completed_at);
      expect(Date.parse(again.updated_at)).toBeGreaterThan(Date.parse(done.updated_at));
      expect((await api.mustGet(task.id)).completed_at).toBe(done.completed_at);
    });

    it("reopens with completed:false, and a later completion is a new time", async () => {
      const first = (await api.mustPatch(task.id, { completed: true })).completed_at!;
      const reopened = await api.mustPatch(task.id, { completed: false });
      expect(reopened.completed_at).toBeNull();
      await sleep(20);
      const second = await api.mustPatch(task.id, { completed: true });
      expect(Date.parse(second.completed_at!)).toBeGreaterThan(Date.parse(first));
      await api.mustPatch(task.id, { completed: false });
    });

    it("sets completed_at explicitly, keeps it on completed:true, clears it with null", async () => {
      const set = await api.mustPatch(task.id, { completed_at: "2026-03-04T05:06:07+01:00" });
      expect(set.completed_at).toBe("2026-03-04T04:06:07.000Z");
      expect((await api.mustPatch(task.id, { completed: true })).completed_at).toBe("2026-03-04T04:06:07.000Z");
      expect((await api.mustPatch(task.id, { completed_at: null })).completed_at).toBeNull();
    });

    it("reschedules with due_at and clears it with null", async () => {
      expect((await api.mustPatch(task.id, { due_at: "2027-01-15T14:00:00-05:00" })).due_at).toBe("2027-01-15T19:00:00.000Z");
      expect((await api.mustPatch(task.id, { due_at: null })).due_at).toBeNull();
      expect((await api.mustPatch(task.id, { due_at: "2026-12-01T09:00:00Z" })).due_at).toBe("2026-12-01T09:00:00.000Z");
    });

    it("reassigns with assignee_id and unassigns with null", async () => {
      expect((await api.mustPatch(task.id, { assignee_id: t.users.member })).assignee_id).toBe(t.users.member);
      expect((await api.mustPatch(task.id, { assignee_id: t.users.admin })).assignee_id).toBe(t.users.admin);
      expect((await api.mustPatch(task.id, { assignee_id: null })).assignee_id).toBeNull();
    });

    it("records the outcome, and corrects type, subject and body; only the fields sent change", async () => {
      const before = await api.mustGet(task.id);
      const after = await api.mustPatch(task.id, { outcome: "  Agreed to a demo  " });
      expect(after).toEqual({ ...before, outcome: "Agreed to a demo", updated_at: after.updated_at });
      const corrected = await api.mustPatch(task.id, { type: "call", subject: "Follow-up call", body: "Ask about budget" });
      expect(corrected).toEqual({
        ...after,
        type: "call",
        subject: "Follow-up call",
        body: "Ask about budget",
        updated_at: corrected.updated_at,
      });
      expect(corrected).toMatchObject({
        record_id: contact.id,
        objectApiName: "contact",
        owner_id: t.users.admin,
        created_at: task.created_at,
      });
      expect((await api.mustPatch(task.id, { body: null, outcome: null })).body).toBeNull();
    });

    it("answers 404 for PATCH of an unknown activity", async () => {
      const id = randomUUID();
      expect(errorOf(await api.patch(id, { outcome: "x" }), 404)).toBe(`Activity '${id}' not found`);
    });
  });

  describe("delete", () => {
    it("deletes for good: 204, then 404 for GET, PATCH and DELETE", async () => {
      const a = await api.mustCreate(on("project", project.id, { type: "meeting" }));
      const res = await api.remove(a.id);
      expect(res.status, JSON.stringify(res.body)).toBe(204);
      expect(res.body).toBeNull();
      const missing = `Activity '${a.id}' not found`;
      expect(errorOf(await api.get(a.id), 404)).toBe(missing);
      expect(errorOf(await api.patch(a.id, { outcome: "x" }), 404)).toBe(missing);
      expect(errorOf(await api.remove(a.id), 404)).toBe(missing);
      expect(await api.ids({ recordId: project.id })).not.toContain(a.id);
    });
  });

  describe("validation", () => {
    let target: Activity;
    let trashed: ApiRecord;
    let countBefore: number;
    const count = async () => (await api.page({ limit: "1" })).total;

    beforeAll(async () => {
      target = await api.mustCreate(on("contact", contact.id, { type: "task" }));
      const contacts = new RecordsApi(api.auth, "contact");
      trashed = await contacts.mustCreate({ last_name: "Trashed" });
      expect((await contacts.remove(trashed.id)).status).toBe(204);
      countBefore = await count();
    });

    it("refuses an unknown type", async () => {
      expect(errorOf(await api.create(on("contact", contact.id, { type: "chat" })), 400)).toBe(
        "type: must be one of task, call, email, meeting, note",
      );
      expect(errorOf(await api.patch(target.id, { type: "sms" }), 400)).toBe("type: must be one of task, call, email, meeting, note");
    });

    it("refuses an empty or blank subject and one longer than 255 characters (255 is fine)", async () => {
      for (const subject of ["", "   "]) {
        const res = await api.create(on("contact", contact.id, { subject }));
        expect(errorOf(res, 400)).toBe("subject: is required");
        expect(res.json()).toMatchObject({ code: "invalid_request", details: [{ path: "subject", message: "is required" }] });
      }
      expect(errorOf(await api.create(on("contact", contact.id, { subject: "x".repeat(256) })), 400)).toBe(
        "subject: must be at most 255 characters",
      );
      expect(errorOf(await api.patch(target.id, { subject: "" }), 400)).toBe("subject: is required");
      expect(errorOf(await api.patch(target.id, { subject: "y".repeat(256) }), 400)).toBe("subject: must be at most 255 characters");
      const max = await api.mustCreate(on("contact", contact.id, { subject: "s".repeat(255) }));
      expect(max.subject).toHaveLength(255);
      await api.remove(max.id);
    });

    it("refuses a body longer than 20000 characters (20000 is fine)", async () => {
      expect(errorOf(await api.create(on("contact", contact.id, { body: "b".repeat(20_001) })), 400)).toBe(
        "body: must be at most 20000 characters",
      );
      expect(errorOf(await api.patch(target.id, { body: "b".repeat(20_001) }), 400)).toBe("body: must be at most 20000 characters");
      const max = await api.mustCreate(on("contact", contact.id, { body: "b".repeat(20_000) }));
      expect(max.body).toHaveLength(20_000);
      await api.remove(max.id);
    });

    it("refuses an outcome longer than 2000 characters", async () => {
      expect(errorOf(await api.patch(target.id, { outcome: "o".repeat(2001) }), 400)).toBe("outcome: must be at most 2000 characters");
    });

    it("refuses due_at and completed_at that are not ISO 8601 date-times with a time zone", async () => {
      const message = "must be an ISO 8601 date-time with a time zone, e.g. 2026-12-01T09:30:00Z";
      for (const due_at of ["2026-12-01", "2026-12-01T09:30:00", "tomorrow", "2026-13-01T09:30:00Z", 1764581400000]) {
        expect(errorOf(await api.create(on("contact", contact.id, { due_at })), 400), String(due_at)).toBe(`due_at: ${message}`);
        expect(errorOf(await api.patch(target.id, { due_at }), 400), String(due_at)).toBe(`due_at: ${message}`);
      }
      expect(errorOf(await api.create(on("contact", contact.id, { completed_at: "yesterday" })), 400)).toBe(`completed_at: ${message}`);
      expect(errorOf(await api.patch(target.id, { completed_at: "2026-12-01" }), 400)).toBe(`completed_at: ${message}`);
    });

    it("refuses dates that do not exist, outside 1900–9999 or with offsets PostgreSQL refuses, instead of failing in the database", async () => {
      const message = "must be a real date between the years 1900 and 9999 (UTC), with a zone offset of at most ±15:59";
      for (const due_at of ["0000-01-01T00:00:00Z", "1899-12-31T23:59:59Z", "2026-01-01T00:00:00+23:00", "9999-12-31T23:59:59-14:00"]) {
        expect(errorOf(await api.create(on("contact", contact.id, { due_at })), 400), due_at).toBe(`due_at: ${message}`);
        expect(errorOf(await api.patch(target.id, { completed_at: due_at }), 400), due_at).toBe(`completed_at: ${message}`);
      }
      for (const due_at of ["2026-02-30T09:00:00Z", "2026-04-31T09:00:00Z", "2023-02-29T09:00:00Z"])
        expect(errorOf(await api.create(on("contact", contact.id, { due_at })), 400), due_at).toMatch(/^due_at: must be /);
      expect(errorOf(await api.list({ due_before: "2026-01-01T00:00:00+23:00" }), 400)).toBe(`due_before: ${message}`);
      // Unpaired surrogates would be stored as U+FFFD, NUL not at all: both are refused.
      expect(errorOf(await api.create(on("contact", contact.id, { subject: "x\ud800" })), 400)).toBe(
        "subject: must not contain NUL characters or invalid Unicode",
      );
      // A leap day is a real date (creating nothing here: the block ends by checking that refusals left nothing).
      expect(instantSchema.safeParse("2024-02-29T09:00:00Z").success).toBe(true);
    });

    it("refuses unknown keys (strict bodies); the record of an activity cannot be changed", async () => {
      const res = await api.create(on("contact", contact.id, { foo: 1 }));
      expect(errorOf(res, 400)).toBe('Unrecognized key: "foo"');
      expect(errorOf(await api.create(on("contact", contact.id, { id: randomUUID() })), 400)).toBe('Unrecognized key: "id"');
      expect(errorOf(await api.create(on("contact", contact.id, { completed: true })), 400)).toBe('Unrecognized key: "completed"');
      expect(errorOf(await api.patch(target.id, { record_id: company.id }), 400)).toBe('Unrecognized key: "record_id"');
      expect(errorOf(await api.patch(target.id, { outcome: "ok", objectApiName: "company" }), 400)).toBe(
        'Unrecognized key: "objectApiName"',
      );
      expect(await api.mustGet(target.id)).toMatchObject({ record_id: contact.id, objectApiName: "contact", outcome: null });
    });

    it("refuses record_id of a trashed record and of an unknown id, naming record_id", async () => {
      const trashedRes = await api.create(on("contact", trashed.id));
      expect(errorOf(trashedRes, 400)).toBe(`record_id: no live contact record with id '${trashed.id}'`);
      expect(trashedRes.json().details).toEqual([
        { path: "record_id", message: "must be the id of a contact record that is not in the trash" },
      ]);
      const unknown = randomUUID();
      expect(errorOf(await api.create(on("contact", unknown)), 400)).toBe(`record_id: no live contact record with id '${unknown}'`);
      expect(errorOf(await api.create(on("contact", "not-a-uuid")), 400)).toBe("record_id: must be the id (a uuid) of a record");
    });

    it("refuses an objectApiName that is unknown or is not the record's object", async () => {
      expect(errorOf(await api.create(on("nope", contact.id)), 400)).toBe(`record_id: no live nope record with id '${contact.id}'`);
      expect(errorOf(await api.create(on("company", contact.id)), 400)).toBe(`record_id: no live company record with id '${contact.id}'`);
      expect(errorOf(await api.create(on("activity", target.id)), 400)).toBe(`record_id: no live activity record with id '${target.id}'`);
    });

    it("refuses assignee_id of an unknown user and of a deactivated user", async () => {
      const unknown = randomUUID();
      const res = await api.create(on("contact", contact.id, { assignee_id: unknown }));
      expect(errorOf(res, 400)).toBe(`assignee_id: no active user with id '${unknown}'`);
      expect(res.json().details).toEqual([{ path: "assignee_id", message: "must be the id of an active user" }]);
      expect(errorOf(await api.patch(target.id, { assignee_id: unknown }), 400)).toBe(`assignee_id: no active user with id '${unknown}'`);
      await setUserActive(t, "read_only", false);
      try {
        const inactive = `assignee_id: no active user with id '${t.users.read_only}'`;
        expect(errorOf(await api.create(on("contact", contact.id, { assignee_id: t.users.read_only })), 400)).toBe(inactive);
        expect(errorOf(await api.patch(target.id, { assignee_id: t.users.read_only }), 400)).toBe(inactive);
      } finally {
        await setUserActive(t, "read_only", true);
      }
      expect((await api.mustPatch(target.id, { assignee_id: t.users.read_only })).assignee_id).toBe(t.users.read_only);
      expect((await api.mustPatch(target.id, { assignee_id: null })).assignee_id).toBeNull();
    });

    it("refuses a user of another tenant as assignee", async () => {
      const other = await createTestTenant("act-crud-other");
      const message = `assignee_id: no active user with id '${other.users.admin}'`;
      expect(errorOf(await api.create(on("contact", contact.id, { assignee_id: other.users.admin })), 400)).toBe(message);
    });

    it("refuses a PATCH that changes no field, and completed with completed_at together", async () => {
      expect(errorOf(await api.patch(target.id, {}), 400)).toBe("change at least one field");
      expect(errorOf(await api.patch(target.id, { completed: true, completed_at: "2026-12-01T09:30:00Z" }), 400)).toBe(
        "send completed or completed_at, not both",
      );
      expect(errorOf(await api.patch(target.id, { completed: false, completed_at: null }), 400)).toBe(
        "send completed or completed_at, not both",
      );
      expect(errorOf(await api.patch(target.id, { completed: "yes" }), 400)).toBe("completed: must be true or false");
    });

    it("left nothing behind: no refused request created or changed an activity", async () => {
      expect(await count()).toBe(countBefore);
      const now = await api.mustGet(target.id);
      expect(now).toMatchObject({ type: "task", subject: target.subject, body: null, due_at: null, completed_at: null, outcome: null });
    });
  });
});
