/**
 * MCP/REST parity cases of the activities operations, keyed by operation name;
 * tests/integration/guards/mcp-rest-parity.test.ts runs them. create_activity and update_activity
 * take the JSON body's properties as flat arguments, delete_activity answers {id, deleted: true}
 * where REST answers 204, and list_activities pages hold 20 rows by default where REST's hold 50:
 * the cases say the same thing in each surface's words. An unknown body key has no case: the tool
 * refuses an unknown argument before the operation runs, by design.
 */
import { expect } from "vitest";
import type { ApiActivity } from "@/lib/schemas/activities.ts";
import { createTestTenant, setUserActive, type TestTenant } from "../../helpers/fixtures.ts";
import { parity, type ParityTable } from "../../helpers/parity.ts";
import { call } from "../../helpers/rest.ts";
import { bigKey, RecordsApi } from "../../integration/records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: createRoute } = restRoute("/activities");

const MISSING_ID = "01890000-0000-7000-8000-000000000000";

/** A contact of another tenant and an activity on it: never visible here. */
interface Foreign {
  recordId: string;
  activityId: string;
  userId: string;
}

async function createActivity(key: string, body: Record<string, unknown>): Promise<ApiActivity> {
  const res = await call(createRoute, { auth: key, method: "POST", path: "/activities", body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.json<ApiActivity>();
}

let foreign: Promise<Foreign> | undefined;
/** Another tenant's data, made once for every entry of this table. */
function foreignData(): Promise<Foreign> {
  foreign ??= (async () => {
    const other = await createTestTenant("parity-other");
    const key = await bigKey(other);
    const contact = await new RecordsApi(key, "contact").mustCreate({ last_name: "Parity Foreign" });
    const activity = await createActivity(key, { type: "note", subject: "Theirs", record_id: contact.id, objectApiName: "contact" });
    return { recordId: contact.id, activityId: activity.id, userId: other.users.member };
  })();
  return foreign;
}

interface Ctx {
  key: string;
  t: TestTenant;
  /** A contact and a company of this tenant, activities are logged on. */
  contactId: string;
  companyId: string;
  foreign: Foreign;
}

async function prepare(t: TestTenant, key: string): Promise<Ctx> {
  const contact = await new RecordsApi(key, "contact").mustCreate({ last_name: "Parity Contact" });
  const company = await new RecordsApi(key, "company").mustCreate({ name: "Parity Company" });
  return { key, t, contactId: contact.id, companyId: company.id, foreign: await foreignData() };
}

/** An activity on the context's contact, created through REST. */
const onContact = (c: Ctx, body: Record<string, unknown>) =>
  createActivity(c.key, { record_id: c.contactId, objectApiName: "contact", ...body });

/** Two activities alike: each surface changes its own, and the results agree but for identity. */
async function prepareTwins(t: TestTenant, key: string): Promise<Ctx & { twins: ApiActivity[][]; single: ApiActivity }> {
  const ctx = await prepare(t, key);
  const twins: ApiActivity[][] = [];
  for (const subject of ["Parity Reschedule", "Parity Complete", "Parity Reopen"]) {
    const body = {
      type: "call",
      subject,
      due_at: "2030-01-10T10:00:00Z",
      ...(subject === "Parity Reopen" ? { completed_at: "2026-01-01T08:00:00Z" } : {}),
    };
    twins.push([await onContact(ctx, body), await onContact(ctx, body)]);
  }
  return { ...ctx, twins, single: await onContact(ctx, { type: "task", subject: "Parity Single" }) };
}

/** An activity without what differs between two made alike: id and timestamps (and more, by `also`). */
function alike(activity: unknown, also: (keyof ApiActivity)[] = []): Record<string, unknown> {
  const { id, created_at, updated_at, ...rest } = activity as ApiActivity;
  expect(
    [id, created_at, updated_at].every((v) => typeof v === "string"),
    JSON.stringify(activity),
  ).toBe(true);
  for (const key of also) delete (rest as Record<string, unknown>)[key];
  return rest;
}
const sameButIdentity = (rest: unknown, tool: unknown) => expect(alike(tool)).toEqual(alike(rest));

export const activitiesParity: ParityTable = {
  "activities.list": parity({
    prepare: async (t, key) => {
      const ctx = await prepare(t, key);
      const member = t.users.member;
      await onContact(ctx, {
        type: "call",
        subject: "Parity called",
        due_at: "2026-01-10T10:00:00Z",
        completed_at: "2026-01-10T10:05:00Z",
      });
      await onContact(ctx, { type: "task", subject: "Parity send quote", due_at: "2030-01-01T09:00:00Z", assignee_id: member });
      await onContact(ctx, { type: "task", subject: "Parity overdue", due_at: "2020-01-01T09:00:00Z", assignee_id: t.users.admin });
      await onContact(ctx, { type: "note", subject: "Parity note", body: "Met at the fair" });
      await createActivity(key, { type: "meeting", subject: "Parity kickoff", record_id: ctx.companyId, objectApiName: "company" });
      return ctx;
    },
    cases: [
      {
        name: "a record's timeline, ordered and paged",
        status: 200,
        rest: (c) => ({
          path: "/activities",
          query: { recordId: c.contactId, objectApiName: "contact", order: "due_at:asc", limit: "2", offset: "1" },
        }),
        mcp: (c) => ({ recordId: c.contactId, objectApiName: "contact", order: "due_at:asc", limit: 2, offset: 1 }),
      },
      {
        name: "the tool's default page is REST's limit=20",
        status: 200,
        rest: () => ({ path: "/activities", query: { limit: "20" } }),
        mcp: () => ({}),
      },
      {
        name: "open tasks of a user due in a window",
        status: 200,
        rest: (c) => ({
          path: "/activities",
          query: {
            type: "task",
            status: "open",
            assignee: c.t.users.member,
            due_after: "2029-01-01T00:00:00Z",
            due_before: "2031-01-01T00:00:00+01:00",
            limit: "20",
          },
        }),
        mcp: (c) => ({
          type: "task",
          status: "open",
          assignee: c.t.users.member,
          due_after: "2029-01-01T00:00:00Z",
          due_before: "2031-01-01T00:00:00+01:00",
        }),
      },
      {
        name: "overdue ones assigned to the caller",
        status: 200,
        rest: () => ({ path: "/activities", query: { status: "overdue", assignee: "me", limit: "20" } }),
        mcp: () => ({ status: "overdue", assignee: "me" }),
      },
      {
        name: "a timeline without objectApiName",
        status: 200,
        rest: (c) => ({ path: "/activities", query: { recordId: c.companyId, limit: "20" } }),
        mcp: (c) => ({ recordId: c.companyId }),
      },
      {
        name: "limit 0",
        status: 400,
        rest: () => ({ path: "/activities", query: { limit: "0" } }),
        mcp: () => ({ limit: 0 }),
      },
      {
        name: "an unknown status",
        status: 400,
        rest: () => ({ path: "/activities", query: { status: "late" } }),
        mcp: () => ({ status: "late" }),
      },
      {
        name: "an order on a field that has none",
        status: 400,
        rest: () => ({ path: "/activities", query: { order: "subject:asc" } }),
        mcp: () => ({ order: "subject:asc" }),
      },
      {
        name: "due_before that is no instant",
        status: 400,
        rest: () => ({ path: "/activities", query: { due_before: "tomorrow" } }),
        mcp: () => ({ due_before: "tomorrow" }),
      },
      {
        name: "an assignee that is neither a user id nor me",
        status: 400,
        rest: () => ({ path: "/activities", query: { assignee: "you" } }),
        mcp: () => ({ assignee: "you" }),
      },
      {
        name: "a recordId that is no uuid",
        status: 400,
        rest: () => ({ path: "/activities", query: { recordId: "not-a-uuid" } }),
        mcp: () => ({ recordId: "not-a-uuid" }),
      },
      {
        name: "objectApiName without recordId",
        status: 400,
        rest: () => ({ path: "/activities", query: { objectApiName: "contact" } }),
        mcp: () => ({ objectApiName: "contact" }),
      },
      {
        name: "an unknown recordId",
        status: 404,
        rest: () => ({ path: "/activities", query: { recordId: MISSING_ID } }),
        mcp: () => ({ recordId: MISSING_ID }),
      },
      {
        name: "another tenant's record",
        status: 404,
        rest: (c) => ({ path: "/activities", query: { recordId: c.foreign.recordId, objectApiName: "contact" } }),
        mcp: (c) => ({ recordId: c.foreign.recordId, objectApiName: "contact" }),
      },
      {
        name: "a record named with another object",
        status: 404,
        rest: (c) => ({ path: "/activities", query: { recordId: c.contactId, objectApiName: "company" } }),
        mcp: (c) => ({ recordId: c.contactId, objectApiName: "company" }),
      },
    ],
  }),

  "activities.create": parity({
    prepare: async (t, key) => {
      await setUserActive(t, "read_only", false);
      return prepare(t, key);
    },
    cases: [
      {
        name: "a task with every field",
        status: 201,
        rest: (c) => ({
          path: "/activities",
          body: {
            type: "task",
            subject: "Parity call back",
            body: "Ask about the renewal",
            due_at: "2030-03-01T09:30:00+02:00",
            outcome: null,
            assignee_id: c.t.users.member,
            record_id: c.contactId,
            objectApiName: "contact",
          },
        }),
        mcp: (c) => ({
          type: "task",
          subject: "Parity call back",
          body: "Ask about the renewal",
          due_at: "2030-03-01T09:30:00+02:00",
          outcome: null,
          assignee_id: c.t.users.member,
          record_id: c.contactId,
          objectApiName: "contact",
        }),
        compare: sameButIdentity,
      },
      {
        name: "a call already made, on a company",
        status: 201,
        rest: (c) => ({
          path: "/activities",
          body: {
            type: "call",
            subject: "  Parity intro call  ",
            completed_at: "2026-02-03T14:00:00Z",
            outcome: "Interested",
            record_id: c.companyId,
            objectApiName: "company",
          },
        }),
        mcp: (c) => ({
          type: "call",
          subject: "  Parity intro call  ",
          completed_at: "2026-02-03T14:00:00Z",
          outcome: "Interested",
          record_id: c.companyId,
          objectApiName: "company",
        }),
        compare: sameButIdentity,
      },
      {
        name: "no subject",
        status: 400,
        rest: (c) => ({ path: "/activities", body: { type: "note", record_id: c.contactId, objectApiName: "contact" } }),
        mcp: (c) => ({ type: "note", record_id: c.contactId, objectApiName: "contact" }),
      },
      {
        name: "a blank subject",
        status: 400,
        rest: (c) => ({ path: "/activities", body: { type: "note", subject: "  ", record_id: c.contactId, objectApiName: "contact" } }),
        mcp: (c) => ({ type: "note", subject: "  ", record_id: c.contactId, objectApiName: "contact" }),
      },
      {
        name: "an unknown type",
        status: 400,
        rest: (c) => ({ path: "/activities", body: { type: "fax", subject: "X", record_id: c.contactId, objectApiName: "contact" } }),
        mcp: (c) => ({ type: "fax", subject: "X", record_id: c.contactId, objectApiName: "contact" }),
      },
      {
        name: "due_at without a time zone",
        status: 400,
        rest: (c) => ({
          path: "/activities",
          body: { type: "task", subject: "X", due_at: "2030-03-01T09:30:00", record_id: c.contactId, objectApiName: "contact" },
        }),
        mcp: (c) => ({ type: "task", subject: "X", due_at: "2030-03-01T09:30:00", record_id: c.contactId, objectApiName: "contact" }),
      },
      {
        name: "a record_id that is no uuid",
        status: 400,
        rest: () => ({ path: "/activities", body: { type: "note", subject: "X", record_id: "nope", objectApiName: "contact" } }),
        mcp: () => ({ type: "note", subject: "X", record_id: "nope", objectApiName: "contact" }),
      },
      {
        name: "an unknown record",
        status: 400,
        rest: () => ({ path: "/activities", body: { type: "note", subject: "X", record_id: MISSING_ID, objectApiName: "contact" } }),
        mcp: () => ({ type: "note", subject: "X", record_id: MISSING_ID, objectApiName: "contact" }),
      },
      {
        name: "another tenant's record",
        status: 400,
        rest: (c) => ({
          path: "/activities",
          body: { type: "note", subject: "X", record_id: c.foreign.recordId, objectApiName: "contact" },
        }),
        mcp: (c) => ({ type: "note", subject: "X", record_id: c.foreign.recordId, objectApiName: "contact" }),
      },
      {
        name: "a record named with another object",
        status: 400,
        rest: (c) => ({ path: "/activities", body: { type: "note", subject: "X", record_id: c.contactId, objectApiName: "company" } }),
        mcp: (c) => ({ type: "note", subject: "X", record_id: c.contactId, objectApiName: "company" }),
      },
      {
        name: "an inactive assignee",
        status: 400,
        rest: (c) => ({
          path: "/activities",
          body: { type: "task", subject: "X", assignee_id: c.t.users.read_only, record_id: c.contactId, objectApiName: "contact" },
        }),
        mcp: (c) => ({ type: "task", subject: "X", assignee_id: c.t.users.read_only, record_id: c.contactId, objectApiName: "contact" }),
      },
      {
        name: "another tenant's user as assignee",
        status: 400,
        rest: (c) => ({
          path: "/activities",
          body: { type: "task", subject: "X", assignee_id: c.foreign.userId, record_id: c.contactId, objectApiName: "contact" },
        }),
        mcp: (c) => ({ type: "task", subject: "X", assignee_id: c.foreign.userId, record_id: c.contactId, objectApiName: "contact" }),
      },
    ],
  }),

  "activities.update": parity({
    prepare: prepareTwins,
    cases: [
      {
        name: "rescheduled, reassigned, outcome recorded",
        status: 200,
        rest: (c) => ({
          path: `/activities/${c.twins[0]![0]!.id}`,
          body: {
            due_at: "2030-02-01T08:00:00-05:00",
            assignee_id: c.t.users.member,
            outcome: "Left a message",
            subject: "Parity call again",
          },
        }),
        mcp: (c) => ({
          id: c.twins[0]![1]!.id,
          due_at: "2030-02-01T08:00:00-05:00",
          assignee_id: c.t.users.member,
          outcome: "Left a message",
          subject: "Parity call again",
        }),
        compare: sameButIdentity,
      },
      {
        // Each side completes its own at its own instant.
        name: "completed now",
        status: 200,
        rest: (c) => ({ path: `/activities/${c.twins[1]![0]!.id}`, body: { completed: true } }),
        mcp: (c) => ({ id: c.twins[1]![1]!.id, completed: true }),
        compare: (rest, tool) => {
          for (const a of [rest, tool]) expect(typeof (a as ApiActivity).completed_at, JSON.stringify(a)).toBe("string");
          expect(alike(tool, ["completed_at"])).toEqual(alike(rest, ["completed_at"]));
        },
      },
      {
        name: "reopened, unassigned, retyped",
        status: 200,
        rest: (c) => ({
          path: `/activities/${c.twins[2]![0]!.id}`,
          body: { completed: false, assignee_id: null, type: "meeting", body: null },
        }),
        mcp: (c) => ({ id: c.twins[2]![1]!.id, completed: false, assignee_id: null, type: "meeting", body: null }),
        compare: sameButIdentity,
      },
      {
        name: "no change",
        status: 400,
        rest: (c) => ({ path: `/activities/${c.single.id}`, body: {} }),
        mcp: (c) => ({ id: c.single.id }),
      },
      {
        name: "completed and completed_at together",
        status: 400,
        rest: (c) => ({ path: `/activities/${c.single.id}`, body: { completed: true, completed_at: "2026-01-01T00:00:00Z" } }),
        mcp: (c) => ({ id: c.single.id, completed: true, completed_at: "2026-01-01T00:00:00Z" }),
      },
      {
        name: "completed that is no boolean",
        status: 400,
        rest: (c) => ({ path: `/activities/${c.single.id}`, body: { completed: "yes" } }),
        mcp: (c) => ({ id: c.single.id, completed: "yes" }),
      },
      {
        name: "an unknown assignee",
        status: 400,
        rest: (c) => ({ path: `/activities/${c.single.id}`, body: { assignee_id: MISSING_ID } }),
        mcp: (c) => ({ id: c.single.id, assignee_id: MISSING_ID }),
      },
      {
        name: "an id that is no uuid",
        status: 400,
        rest: () => ({ path: "/activities/not-a-uuid", body: { subject: "X" } }),
        mcp: () => ({ id: "not-a-uuid", subject: "X" }),
      },
      {
        name: "an unknown id",
        status: 404,
        rest: () => ({ path: `/activities/${MISSING_ID}`, body: { subject: "X" } }),
        mcp: () => ({ id: MISSING_ID, subject: "X" }),
      },
      {
        name: "another tenant's id",
        status: 404,
        rest: (c) => ({ path: `/activities/${c.foreign.activityId}`, body: { subject: "Mine" } }),
        mcp: (c) => ({ id: c.foreign.activityId, subject: "Mine" }),
      },
    ],
  }),

  "activities.delete": parity({
    prepare,
    cases: [
      {
        // Each surface deletes a fresh activity; delete_activity answers {id, deleted: true} where REST answers 204.
        name: "an activity",
        status: 204,
        rest: async (c) => ({ path: `/activities/${(await onContact(c, { type: "note", subject: "Parity doomed" })).id}` }),
        mcp: async (c) => ({ id: (await onContact(c, { type: "note", subject: "Parity doomed" })).id }),
      },
      {
        name: "an unknown id",
        status: 404,
        rest: () => ({ path: `/activities/${MISSING_ID}` }),
        mcp: () => ({ id: MISSING_ID }),
      },
      {
        name: "another tenant's id",
        status: 404,
        rest: (c) => ({ path: `/activities/${c.foreign.activityId}` }),
        mcp: (c) => ({ id: c.foreign.activityId }),
      },
      {
        name: "an id that is no uuid",
        status: 400,
        rest: () => ({ path: "/activities/not-a-uuid" }),
        mcp: () => ({ id: "not-a-uuid" }),
      },
    ],
  }),
};
