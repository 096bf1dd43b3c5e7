/**
 * GET /api/v1/activities: a record's timeline (recordId) and the tenant's latest activities;
 * ordering (created_at:desc by default, due_at with empty values last, id breaking ties), paging
 * with the exact total, the filters type, assignee (an id or me), status (open, completed,
 * overdue), due_before/due_after (strict) combined with AND, and the refusals: objectApiName
 * without recordId (400), a trashed, unknown or mismatched record (404), bad parameters (400).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { bigKey, errorOf, RecordsApi, type ApiRecord } from "../records/helpers.ts";
import { ActivitiesApi, on, sortedIds, type Activity } from "./activity-client.ts";

describe("listing activities", () => {
  let t: TestTenant;
  let api: ActivitiesApi;
  let c1: ApiRecord;
  let c2: ApiRecord;
  let co: ApiRecord;
  /** Activities by name, created in the order a1..a5 (on c1), b1 (on c2), b2, b3 (on the company). */
  const a: Record<string, Activity> = {};
  const ids = (...names: string[]) => names.map((n) => a[n]!.id);
  const set = (...names: string[]) => sortedIds(ids(...names));

  beforeAll(async () => {
    t = await createTestTenant("act-list");
    const key = await bigKey(t, { allowDelete: true });
    api = new ActivitiesApi(key);
    const contacts = new RecordsApi(key, "contact");
    c1 = await contacts.mustCreate({ last_name: "Timeline" });
    c2 = await contacts.mustCreate({ last_name: "Other" });
    co = await new RecordsApi(key, "company").mustCreate({ name: "Listing Co" });
    const { admin, member } = t.users;
    const plan: [string, Record<string, unknown>][] = [
      ["a1", on("contact", c1.id, { type: "task", due_at: "2020-01-01T00:00:00Z", assignee_id: admin })],
      ["a2", on("contact", c1.id, { type: "call", due_at: "2099-06-01T00:00:00Z", assignee_id: member })],
      ["a3", on("contact", c1.id, { type: "note", completed_at: "2001-01-01T00:00:00Z" })],
      ["a4", on("contact", c1.id, { type: "task", due_at: "2030-01-01T00:00:00Z", assignee_id: admin })],
      ["a5", on("contact", c1.id, { type: "email", assignee_id: member })],
      ["b1", on("contact", c2.id, { type: "task", due_at: "2021-05-05T12:00:00Z", assignee_id: member })],
      ["b2", on("company", co.id, { type: "meeting", due_at: "2098-01-01T00:00:00Z", assignee_id: admin })],
      ["b3", on("company", co.id, { type: "call", due_at: "2019-01-01T00:00:00Z", completed_at: "2019-01-02T00:00:00Z" })],
    ];
    for (const [name, body] of plan) a[name] = await api.mustCreate(body);
    // a4 is completed afterwards (now), through the API.
    a.a4 = await api.mustPatch(a.a4!.id, { completed: true });
  });

  describe("a record's timeline", () => {
    it("lists only that record's activities, newest first by default, with the exact total", async () => {
      const page = await api.page({ recordId: c1.id });
      expect(page.data.map((x) => x.id)).toEqual(ids("a5", "a4", "a3", "a2", "a1"));
      expect(page).toMatchObject({ total: 5, limit: 50, offset: 0 });
      expect(page.data[1]).toEqual(a.a4);
      expect(await api.ids({ recordId: c2.id })).toEqual(ids("b1"));
      expect(await api.ids({ recordId: co.id })).toEqual(ids("b3", "b2"));
    });

    it("accepts the record's objectApiName alongside recordId", async () => {
      expect(await api.ids({ recordId: c1.id, objectApiName: "contact" })).toEqual(ids("a5", "a4", "a3", "a2", "a1"));
      expect(await api.ids({ recordId: co.id, objectApiName: "company" })).toEqual(ids("b3", "b2"));
    });

    it("orders by created_at ascending and descending", async () => {
      expect(await api.ids({ recordId: c1.id, order: "created_at:asc" })).toEqual(ids("a1", "a2", "a3", "a4", "a5"));
      expect(await api.ids({ recordId: c1.id, order: "created_at:desc" })).toEqual(ids("a5", "a4", "a3", "a2", "a1"));
    });

    it("orders by due_at with activities without a due date last, either way, id breaking ties", async () => {
      const nulls = sortedIds(ids("a3", "a5"));
      expect(await api.ids({ recordId: c1.id, order: "due_at:asc" })).toEqual([...ids("a1", "a4", "a2"), ...nulls]);
      expect(await api.ids({ recordId: c1.id, order: "due_at:desc" })).toEqual([...ids("a2", "a4", "a1"), ...nulls.reverse()]);
    });

    it("orders by completed_at and updated_at", async () => {
      const open = sortedIds(ids("a1", "a2", "a5"));
      expect(await api.ids({ recordId: c1.id, order: "completed_at:asc" })).toEqual([...ids("a3", "a4"), ...open]);
      expect(await api.ids({ recordId: c1.id, order: "completed_at:desc" })).toEqual([...ids("a4", "a3"), ...open.reverse()]);
      expect((await api.ids({ recordId: c1.id, order: "updated_at:desc" }))[0]).toBe(a.a4!.id);
    });

    it("pages with limit and offset, always with the exact total", async () => {
      const all = ids("a5", "a4", "a3", "a2", "a1");
      const pages: [string, string, string[]][] = [
        ["2", "0", all.slice(0, 2)],
        ["2", "2", all.slice(2, 4)],
        ["2", "4", all.slice(4)],
        ["5", "0", all],
        ["10", "0", all],
        ["3", "1", all.slice(1, 4)],
        ["1", "4", all.slice(4)],
        ["2", "5", []],
        ["2", "100", []],
      ];
      for (const [limit, offset, expected] of pages) {
        const page = await api.page({ recordId: c1.id, limit, offset });
        expect(
          { ids: page.data.map((x) => x.id), total: page.total, limit: page.limit, offset: page.offset },
          `limit ${limit} offset ${offset}`,
        ).toEqual({ ids: expected, total: 5, limit: Number(limit), offset: Number(offset) });
      }
      const byDue = await api.page({ recordId: c1.id, order: "due_at:asc", limit: "2", offset: "3" });
      expect(byDue.data.map((x) => x.id)).toEqual(sortedIds(ids("a3", "a5")));
      expect(byDue.total).toBe(5);
    });

    it("combines filters with the timeline", async () => {
      expect(await api.ids({ recordId: c1.id, type: "task" })).toEqual(ids("a4", "a1"));
      expect(await api.ids({ recordId: c1.id, type: "task", status: "open" })).toEqual(ids("a1"));
      expect(await api.ids({ recordId: c1.id, assignee: "me", status: "completed" })).toEqual(ids("a4"));
      expect(await api.ids({ recordId: c2.id, type: "call" })).toEqual([]);
      expect((await api.page({ recordId: c1.id, status: "open", limit: "1" })).total).toBe(3);
    });
  });

  describe("the tenant's latest activities", () => {
    it("lists every activity of the tenant, newest first, with the exact total", async () => {
      const page = await api.page();
      expect(page.data.map((x) => x.id)).toEqual(ids("b3", "b2", "b1", "a5", "a4", "a3", "a2", "a1"));
      expect(page).toMatchObject({ total: 8, limit: 50, offset: 0 });
      const paged = await api.page({ limit: "3", offset: "3" });
      expect(paged.data.map((x) => x.id)).toEqual(ids("a5", "a4", "a3"));
      expect(paged.total).toBe(8);
      expect(await api.ids({ order: "due_at:asc" })).toEqual([...ids("b3", "a1", "b1", "a4", "b2", "a2"), ...set("a3", "a5")]);
    });

    it("filters by type", async () => {
      expect(await api.ids({ type: "task" })).toEqual(ids("b1", "a4", "a1"));
      expect(await api.ids({ type: "meeting" })).toEqual(ids("b2"));
      expect(await api.ids({ type: "note" })).toEqual(ids("a3"));
    });

    it("filters by assignee: a user id, or me (the credential's user)", async () => {
      expect(await api.ids({ assignee: t.users.member })).toEqual(ids("b1", "a5", "a2"));
      expect(await api.ids({ assignee: t.users.admin })).toEqual(ids("b2", "a4", "a1"));
      expect(await api.ids({ assignee: "me" })).toEqual(ids("b2", "a4", "a1"));
      expect(await api.ids({ assignee: t.users.read_only })).toEqual([]);
      expect(await api.ids({ assignee: randomUUID() })).toEqual([]);
      const memberApi = new ActivitiesApi(await bigKey(t, { role: "member" }));
      expect(await memberApi.ids({ assignee: "me" })).toEqual(ids("b1", "a5", "a2"));
    });

    it("filters by status: open, completed, overdue (open and due before now)", async () => {
      expect(await api.ids({ status: "open" })).toEqual(ids("b2", "b1", "a5", "a2", "a1"));
      expect(await api.ids({ status: "completed" })).toEqual(ids("b3", "a4", "a3"));
      expect(await api.ids({ status: "overdue" })).toEqual(ids("b1", "a1"));
      expect((await api.page({ status: "open", limit: "2" })).total).toBe(5);
    });

    it("filters by due_before and due_after, both strict, and together", async () => {
      expect(await api.ids({ due_before: "2025-01-01T00:00:00Z" })).toEqual(ids("b3", "b1", "a1"));
      expect(await api.ids({ due_after: "2029-01-01T00:00:00Z" })).toEqual(ids("b2", "a4", "a2"));
      expect(await api.ids({ due_after: "2020-06-01T00:00:00Z", due_before: "2031-01-01T00:00:00Z" })).toEqual(ids("b1", "a4"));
      // Strictly before / after: an activity due exactly then is left out.
      expect(await api.ids({ due_before: "2020-01-01T00:00:00Z" })).toEqual(ids("b3"));
      expect(await api.ids({ due_after: "2099-06-01T00:00:00Z" })).toEqual([]);
      expect(await api.ids({ due_before: "2020-01-01T00:00:01Z", due_after: "2019-12-31T23:59:59Z" })).toEqual(ids("a1"));
      // An offset is an instant like any other.
      expect(await api.ids({ due_before: "2020-01-01T01:00:01+01:00", due_after: "2019-12-31T22:59:59-01:00" })).toEqual(ids("a1"));
    });

    it("combines every filter with AND, and pages the result with its exact total", async () => {
      expect(await api.ids({ type: "task", status: "open", assignee: t.users.member })).toEqual(ids("b1"));
      expect(await api.ids({ status: "overdue", assignee: "me" })).toEqual(ids("a1"));
      expect(await api.ids({ type: "call", status: "completed" })).toEqual(ids("b3"));
      const page = await api.page({ due_before: "2100-01-01T00:00:00Z", order: "due_at:asc", limit: "2", offset: "2" });
      expect(page.data.map((x) => x.id)).toEqual(ids("b1", "a4"));
      expect(page.total).toBe(6);
    });
  });

  describe("refusals", () => {
    it("refuses objectApiName without recordId (400)", async () => {
      expect(errorOf(await api.list({ objectApiName: "contact" }), 400)).toBe(
        "objectApiName: give recordId too (objectApiName names the record's object)",
      );
    });

    it("answers 404 for the timeline of a trashed record, with or without objectApiName", async () => {
      const contacts = new RecordsApi(api.auth, "contact");
      const doomed = await contacts.mustCreate({ last_name: "Doomed" });
      const note = await api.mustCreate(on("contact", doomed.id, { type: "note" }));
      expect(await api.ids({ recordId: doomed.id })).toEqual([note.id]);
      expect((await contacts.remove(doomed.id)).status).toBe(204);
      expect(errorOf(await api.list({ recordId: doomed.id }), 404)).toBe(`Record '${doomed.id}' not found`);
      expect(errorOf(await api.list({ recordId: doomed.id, objectApiName: "contact" }), 404)).toBe(`Record '${doomed.id}' not found`);
      expect((await contacts.restore(doomed.id)).status).toBe(200);
      expect(await api.ids({ recordId: doomed.id })).toEqual([note.id]);
    });

    it("answers 404 for the timeline of an unknown record or with the wrong objectApiName", async () => {
      const unknown = randomUUID();
      expect(errorOf(await api.list({ recordId: unknown }), 404)).toBe(`Record '${unknown}' not found`);
      expect(errorOf(await api.list({ recordId: c1.id, objectApiName: "company" }), 404)).toBe(`Record '${c1.id}' not found`);
      expect(errorOf(await api.list({ recordId: c1.id, objectApiName: "nope" }), 404)).toBe(`Record '${c1.id}' not found`);
    });

    it("refuses malformed parameters (400), naming the parameter", async () => {
      const cases: [Record<string, string>, string][] = [
        [{ recordId: "nope" }, "recordId: must be the id (a uuid) of a record"],
        [{ type: "chat" }, "type: must be one of task, call, email, meeting, note"],
        [{ status: "done" }, "status: must be one of open, completed, overdue"],
        [{ due_before: "2026-01-01" }, "due_before: must be an ISO 8601 date-time with a time zone, e.g. 2026-12-01T09:30:00Z"],
        [{ due_after: "soon" }, "due_after: must be an ISO 8601 date-time with a time zone, e.g. 2026-12-01T09:30:00Z"],
        [{ limit: "0" }, "limit: must be an integer from 1 to 500"],
        [{ limit: "501" }, "limit: must be an integer from 1 to 500"],
        [{ offset: "-1" }, "offset: must be a non-negative integer (at most 10000000)"],
        [
          { order: "subject:asc" },
          "order: must be <field>:asc or <field>:desc with a field among created_at, updated_at, due_at, completed_at",
        ],
        [{ order: "due_at" }, "order: must be <field>:asc or <field>:desc with a field among created_at, updated_at, due_at, completed_at"],
      ];
      for (const [query, message] of cases) expect(errorOf(await api.list(query), 400), JSON.stringify(query)).toBe(message);
      // The schema's own words ("a user id or me") are lost to the uuid branch's message; either names the parameter.
      expect(errorOf(await api.list({ assignee: "bob" }), 400)).toMatch(/^assignee: must be /);
    });
  });
});
