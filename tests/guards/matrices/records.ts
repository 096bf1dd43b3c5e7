/**
 * The authentication and authorization matrix (spec 5.2, 7) of every records operation, keyed by
 * operation name; tests/integration/guards/auth-matrix.test.ts runs them.
 */
import { expect } from "vitest";
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { bigKey, RecordsApi, type ApiRecord, type ItemResult } from "../../integration/records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: dataRoute } = restRoute("/data/{object}");

export const OBJECT = "company";

export interface Ctx {
  /** Tenant admin's credential, used to set up records; never the credential under test. */
  admin: RecordsApi;
  record: ApiRecord;
}

export async function prepare(t: TestTenant): Promise<Ctx> {
  const admin = new RecordsApi(await bigKey(t, { allowDelete: true }), OBJECT);
  return { admin, record: await admin.mustCreate({ name: "Matrix Co", employees: 1 }) };
}

export const as = (auth: string | undefined) => new RecordsApi(auth, OBJECT);

/**
 * A one-item bulk response as the matrix sees it: 200 only when the item succeeded; a failed item
 * counts as the status the single-record endpoint gives (404 when not found, else 400), so the
 * matrix checks that the write happened, and that a foreign id is not found.
 */
function asSingle(res: CallResult): CallResult {
  if (res.status !== 200) return res;
  const [item] = res.json<{ results: ItemResult[] }>().results;
  if (item?.ok) return res;
  return { ...res, status: / not found$/.test(item?.error ?? "") ? 404 : 400 };
}

export const recordsMatrices: MatrixTable = {
  "records.list": matrix({
    object: OBJECT,
    action: "read",
    prepare,
    call: (_ctx, auth) => as(auth).list(),
    // Every tenant has a company object; "tenant separation of lists" (records/permissions.test.ts) covers the records.
    crossTenantStatus: 200,
  }),

  "records.create": matrix({
    object: OBJECT,
    action: "create",
    prepare,
    call: (_ctx, auth) => as(auth).create({ name: "Created Co" }),
    crossTenantStatus: 201,
  }),

  "records.get": matrix({
    object: OBJECT,
    action: "read",
    prepare,
    call: (ctx, auth) => as(auth).get(ctx.record.id),
  }),

  "records.update": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: (ctx, auth) => as(auth).patch(ctx.record.id, { employees: 2 }),
  }),

  "records.delete": matrix({
    object: OBJECT,
    action: "delete",
    prepare,
    // Each call deletes a fresh record, so a success never hides a later check behind a 404.
    call: async (ctx, auth) => as(auth).remove((await ctx.admin.mustCreate({ name: "Doomed Co" })).id),
  }),

  "records.restore": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: async (ctx, auth) => {
      const r = await ctx.admin.mustCreate({ name: "Trashed Co" });
      expect((await ctx.admin.remove(r.id)).status).toBe(204);
      return as(auth).restore(r.id);
    },
  }),

  "records.bulkCreate": matrix({
    object: OBJECT,
    action: "create",
    prepare,
    call: async (_ctx, auth) => asSingle(await as(auth).bulkCreate([{ name: "Bulk Co" }])),
    crossTenantStatus: 200,
  }),

  "records.bulkUpdate": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: async (ctx, auth) => asSingle(await as(auth).bulkUpdate([{ id: ctx.record.id, employees: 3 }])),
  }),

  "records.export": matrix({
    object: "contact",
    action: "read",
    prepare: async () => ({}),
    call: (_ctx, auth) => call(dataRoute, { auth, params: { object: "contact" } }),
    // Every tenant has a contact object; data-endpoint.test.ts checks that tenant B sees none of A's rows.
    crossTenantStatus: 200,
  }),
};
