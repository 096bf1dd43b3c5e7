/**
 * The authentication and authorization matrix (spec 5.2, 7) of the inventory operations, keyed by
 * operation name; tests/integration/guards/auth-matrix.test.ts runs them. Stock is checked
 * against the product object: read to see it, update to adjust it or set its reorder level.
 */
import { expect } from "vitest";
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { bigKey, RecordsApi, type ApiRecord } from "../../integration/records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listMovements } = restRoute("/inventory/{productId}/movements");
const { GET: getStock, PATCH: patchStock } = restRoute("/inventory/{productId}");
const { POST: adjustStock } = restRoute("/inventory/adjustments");
const { GET: listInventory } = restRoute("/inventory");

export const OBJECT = "product";

export interface Ctx {
  /** Tenant admin's credential, used to set up stock; never the credential under test. */
  admin: string;
  product: ApiRecord;
}

const adjust = (auth: string | undefined, product: ApiRecord): Promise<CallResult> =>
  call(adjustStock, {
    auth,
    method: "POST",
    path: "/inventory/adjustments",
    body: { product_id: product.id, operation: "add", quantity: 1, reason: "matrix" },
  });

/** A product with stock on hand, so its movement log has an entry. */
export async function prepare(t: TestTenant): Promise<Ctx> {
  const admin = await bigKey(t, { allowDelete: true });
  const product = await new RecordsApi(admin, OBJECT).mustCreate({ name: "Matrix Widget", price: "19.99" });
  const res = await adjust(admin, product);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { admin, product };
}

const at = (ctx: Ctx, tail = "") => ({ path: `/inventory/${ctx.product.id}${tail}`, params: { productId: ctx.product.id } });

export const inventoryMatrices: MatrixTable = {
  "inventory.list": matrix({
    object: OBJECT,
    action: "read",
    prepare,
    call: (_ctx, auth) => call(listInventory, { auth, path: "/inventory" }),
    // Every tenant has a product object and lists its own stock (none of A's).
    crossTenantStatus: 200,
  }),

  "inventory.adjust": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: (ctx, auth) => adjust(auth, ctx.product),
    // Tenant A's product id is no live product in tenant B: the body is invalid there.
    crossTenantStatus: 400,
  }),

  "inventory.get": matrix({
    object: OBJECT,
    action: "read",
    prepare,
    call: (ctx, auth) => call(getStock, { auth, ...at(ctx) }),
  }),

  "inventory.update": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: (ctx, auth) => call(patchStock, { auth, method: "PATCH", ...at(ctx), body: { reorder_level: "5" } }),
  }),

  "inventory.movements": matrix({
    object: OBJECT,
    action: "read",
    prepare,
    call: (ctx, auth) => call(listMovements, { auth, ...at(ctx, "/movements") }),
  }),
};
