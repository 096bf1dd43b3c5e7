/**
 * The authentication and authorization matrix (spec 5.2, 7) of the activities operations, keyed by
 * operation name; tests/integration/guards/auth-matrix.test.ts runs them. The activities belong to
 * a product record: reading one also needs read on its record's object, so a key limited to
 * [activity, product] succeeds and one limited to [product] is refused on activity.
 */
import { expect } from "vitest";
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { bigKey, RecordsApi, type ApiRecord } from "../../integration/records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { DELETE: deleteActivity, GET: getActivity, PATCH: patchActivity } = restRoute("/activities/{id}");
const { GET: listActivities, POST: createActivity } = restRoute("/activities");

export const OBJECT = "activity";
/** The object of the record the activities are logged on. */
const RECORD_OBJECT = "product";

export interface Ctx {
  /** Tenant admin's credential, used to set up activities; never the credential under test. */
  admin: string;
  record: ApiRecord;
  activity: { id: string };
}

const post = (auth: string | undefined, record: ApiRecord, subject: string): Promise<CallResult> =>
  call(createActivity, {
    auth,
    method: "POST",
    path: "/activities",
    body: { type: "task", subject, due_at: "2030-01-01T09:00:00.000Z", record_id: record.id, objectApiName: RECORD_OBJECT },
  });

/** An activity on the record, created by the admin; insists on 201. */
async function mustCreate(ctx: Pick<Ctx, "admin" | "record">, subject: string): Promise<{ id: string }> {
  const res = await post(ctx.admin, ctx.record, subject);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.json<{ id: string }>();
}

export async function prepare(t: TestTenant): Promise<Ctx> {
  const admin = await bigKey(t, { allowDelete: true });
  const record = await new RecordsApi(admin, RECORD_OBJECT).mustCreate({ name: "Matrix Widget" });
  return { admin, record, activity: await mustCreate({ admin, record }, "Matrix task") };
}

export const activitiesMatrices: MatrixTable = {
  "activities.list": [
    matrix({
      object: OBJECT,
      action: "read",
      prepare,
      call: (_ctx, auth) => call(listActivities, { auth, path: "/activities" }),
      // The tenant's latest names no id: tenant B lists its own (none of A's).
      crossTenantStatus: 200,
    }),
    matrix({
      variant: "record's timeline",
      object: OBJECT,
      action: "read",
      prepare,
      call: (ctx, auth) => call(listActivities, { auth, path: "/activities", query: { recordId: ctx.record.id } }),
    }),
    matrix({
      variant: "record's timeline with objectApiName",
      object: OBJECT,
      action: "read",
      prepare,
      call: (ctx, auth) =>
        call(listActivities, { auth, path: "/activities", query: { recordId: ctx.record.id, objectApiName: RECORD_OBJECT } }),
    }),
  ],

  "activities.create": matrix({
    object: OBJECT,
    action: "create",
    prepare,
    call: (ctx, auth) => post(auth, ctx.record, "Created task"),
    // Tenant A's record id is no live record in tenant B: the body is invalid there.
    crossTenantStatus: 400,
  }),

  "activities.get": matrix({
    object: OBJECT,
    action: "read",
    prepare,
    call: (ctx, auth) => call(getActivity, { auth, path: `/activities/${ctx.activity.id}`, params: { id: ctx.activity.id } }),
  }),

  "activities.update": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: (ctx, auth) =>
      call(patchActivity, {
        auth,
        method: "PATCH",
        path: `/activities/${ctx.activity.id}`,
        params: { id: ctx.activity.id },
        body: { outcome: "Reached", completed: true },
      }),
  }),

  "activities.delete": matrix({
    object: OBJECT,
    action: "delete",
    prepare,
    // Each call deletes a fresh activity, so a success never hides a later check behind a 404.
    call: async (ctx, auth) => {
      const { id } = await mustCreate(ctx, "Doomed task");
      return call(deleteActivity, { auth, method: "DELETE", path: `/activities/${id}`, params: { id } });
    },
  }),
};
