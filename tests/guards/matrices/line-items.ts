/**
 * The authentication and authorization matrix (spec 5.2, 7) of the opportunity line-item
 * operations, keyed by operation name; tests/integration/guards/auth-matrix.test.ts runs them.
 * Lines are checked against the opportunity object (read to list, update to write); adding one
 * also reads the product, which a key limited to [opportunity, product] may.
 */
import { expect } from "vitest";
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { bigKey, RecordsApi, type ApiRecord } from "../../integration/records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { DELETE: deleteLineById, PATCH: patchLineById } = restRoute("/line-items/{id}");
const { DELETE: deleteLine, GET: listLines, PATCH: patchLine, POST: addLine } = restRoute("/line-items");

export const OBJECT = "opportunity";

export interface Ctx {
  /** Tenant admin's credential, used to set up lines; never the credential under test. */
  admin: string;
  opportunity: ApiRecord;
  product: ApiRecord;
  line: { id: string };
}

const post = (auth: string | undefined, ctx: Pick<Ctx, "opportunity" | "product">): Promise<CallResult> =>
  call(addLine, {
    auth,
    method: "POST",
    path: "/line-items",
    body: { opportunity_id: ctx.opportunity.id, product_id: ctx.product.id, quantity: 1 },
  });

/** A line on the opportunity, added by the admin; insists on 201. */
async function mustAdd(ctx: Pick<Ctx, "admin" | "opportunity" | "product">): Promise<{ id: string }> {
  const res = await post(ctx.admin, ctx);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.json<{ id: string }>();
}

export async function prepare(t: TestTenant): Promise<Ctx> {
  const admin = await bigKey(t, { allowDelete: true });
  const opportunity = await new RecordsApi(admin, OBJECT).mustCreate({ name: "Matrix Deal", stage: "proposal" });
  const product = await new RecordsApi(admin, "product").mustCreate({ name: "Matrix Widget", price: "19.99" });
  const base = { admin, opportunity, product };
  return { ...base, line: await mustAdd(base) };
}

export const lineItemsMatrices: MatrixTable = {
  "line-items.list": matrix({
    object: OBJECT,
    action: "read",
    prepare,
    call: (ctx, auth) => call(listLines, { auth, path: "/line-items", query: { opportunityId: ctx.opportunity.id } }),
  }),

  "line-items.create": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: (ctx, auth) => post(auth, ctx),
    // Tenant A's opportunity id is no live opportunity in tenant B: the body is invalid there.
    crossTenantStatus: 400,
  }),

  "line-items.update": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: (ctx, auth) => call(patchLine, { auth, method: "PATCH", path: "/line-items", body: { id: ctx.line.id, quantity: "2" } }),
  }),

  "line-items.update-by-id": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: (ctx, auth) =>
      call(patchLineById, {
        auth,
        method: "PATCH",
        path: `/line-items/${ctx.line.id}`,
        params: { id: ctx.line.id },
        body: { quantity: "3" },
      }),
  }),

  "line-items.delete": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    // Each call removes a fresh line, so a success never hides a later check behind a 404.
    call: async (ctx, auth) => {
      const { id } = await mustAdd(ctx);
      return call(deleteLine, { auth, method: "DELETE", path: "/line-items", query: { id } });
    },
  }),

  "line-items.delete-by-id": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: async (ctx, auth) => {
      const { id } = await mustAdd(ctx);
      return call(deleteLineById, { auth, method: "DELETE", path: `/line-items/${id}`, params: { id } });
    },
  }),
};
