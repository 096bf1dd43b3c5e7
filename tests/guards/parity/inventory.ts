/**
 * MCP/REST parity cases of the inventory operations, keyed by operation name;
 * tests/integration/guards/mcp-rest-parity.test.ts runs them. Only the inventory list is a tool:
 * list_inventory's arguments are typed (numbers, booleans) where REST has query strings, and its
 * pages hold 20 rows by default where REST's hold 50. A productId names one live product of the
 * tenant: any other is not found.
 */
import { expect } from "vitest";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { parity, type ParityTable } from "../../helpers/parity.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { bigKey, RecordsApi } from "../../integration/records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { PATCH: settingsRoute } = restRoute("/inventory/{productId}");
const { POST: adjustRoute } = restRoute("/inventory/adjustments");
const { POST: addLineRoute } = restRoute("/line-items");

const MISSING_ID = "01890000-0000-7000-8000-000000000000";

const must = (res: CallResult, status: number) => expect(res.status, JSON.stringify(res.body)).toBe(status);

interface Ctx {
  /** Products by name: Alpha is low on stock, Beta is not, Gamma has no stock, Delta is promised on a closed deal only. */
  products: Record<string, string>;
  /** A product in the trash, with stock. */
  trashedProductId: string;
  /** A product of another tenant, with stock there. */
  foreignProductId: string;
}

/** A product with its stock: on hand, reorder level and a quantity promised on an opportunity in `stage`. */
async function stockedProduct(
  key: string,
  name: string,
  stock: { onHand?: string; reorderLevel?: string; promised?: { quantity: string; stage: string } },
): Promise<string> {
  const product = await new RecordsApi(key, "product").mustCreate({
    name,
    sku: `${name.toUpperCase().replace(/\W/g, "-")}`,
    price: "5.00",
  });
  if (stock.onHand !== undefined) {
    const body = { product_id: product.id, operation: "set", quantity: stock.onHand, reason: "stock count" };
    must(await call(adjustRoute, { auth: key, method: "POST", path: "/inventory/adjustments", body }), 201);
  }
  if (stock.reorderLevel !== undefined) {
    const path = `/inventory/${product.id}`;
    const body = { reorder_level: stock.reorderLevel };
    must(await call(settingsRoute, { auth: key, method: "PATCH", path, params: { productId: product.id }, body }), 200);
  }
  if (stock.promised) {
    const deal = await new RecordsApi(key, "opportunity").mustCreate({ name: `${name} Deal`, stage: stock.promised.stage });
    const body = { opportunity_id: deal.id, product_id: product.id, quantity: stock.promised.quantity };
    must(await call(addLineRoute, { auth: key, method: "POST", path: "/line-items", body }), 201);
  }
  return product.id;
}

async function prepare(t: TestTenant, key: string): Promise<Ctx> {
  const products: Record<string, string> = {
    alpha: await stockedProduct(key, "Parity Alpha", { onHand: "10", reorderLevel: "5", promised: { quantity: "7", stage: "proposal" } }),
    beta: await stockedProduct(key, "Parity Beta", { onHand: "100.5", reorderLevel: "10" }),
    gamma: await stockedProduct(key, "Parity Gamma", {}),
    delta: await stockedProduct(key, "Parity Delta", { onHand: "3", reorderLevel: "2", promised: { quantity: "3", stage: "closed_won" } }),
  };
  const trashedProductId = await stockedProduct(key, "Parity Trashed", { onHand: "4" });
  must(await new RecordsApi(key, "product").remove(trashedProductId), 204);
  const otherKey = await bigKey(await createTestTenant("parity-other"));
  const foreignProductId = await stockedProduct(otherKey, "Parity Foreign", { onHand: "1", reorderLevel: "5" });
  return { products, trashedProductId, foreignProductId };
}

export const inventoryParity: ParityTable = {
  "inventory.list": parity({
    prepare,
    cases: [
      {
        name: "every product, paged",
        status: 200,
        rest: () => ({ path: "/inventory", query: { limit: "2", offset: "1" } }),
        mcp: () => ({ limit: 2, offset: 1 }),
      },
      {
        name: "the tool's default page is REST's limit=20",
        status: 200,
        rest: () => ({ path: "/inventory", query: { limit: "20" } }),
        mcp: () => ({}),
      },
      {
        name: "low stock only",
        status: 200,
        rest: () => ({ path: "/inventory", query: { lowStock: "true", limit: "20" } }),
        mcp: () => ({ lowStock: true }),
      },
      {
        name: "lowStock false lists every product",
        status: 200,
        rest: () => ({ path: "/inventory", query: { lowStock: "false", limit: "20" } }),
        mcp: () => ({ lowStock: false }),
      },
      {
        name: "one product",
        status: 200,
        rest: (c) => ({ path: "/inventory", query: { productId: c.products.alpha!, limit: "20" } }),
        mcp: (c) => ({ productId: c.products.alpha }),
      },
      {
        name: "limit 0",
        status: 400,
        rest: () => ({ path: "/inventory", query: { limit: "0" } }),
        mcp: () => ({ limit: 0 }),
      },
      {
        name: "limit over 500",
        status: 400,
        rest: () => ({ path: "/inventory", query: { limit: "501" } }),
        mcp: () => ({ limit: 501 }),
      },
      {
        name: "a negative offset",
        status: 400,
        rest: () => ({ path: "/inventory", query: { offset: "-1" } }),
        mcp: () => ({ offset: -1 }),
      },
      {
        name: "lowStock that is no boolean",
        status: 400,
        rest: () => ({ path: "/inventory", query: { lowStock: "yes" } }),
        mcp: () => ({ lowStock: "yes" }),
      },
      {
        name: "a productId that is no uuid",
        status: 400,
        rest: () => ({ path: "/inventory", query: { productId: "not-a-uuid" } }),
        mcp: () => ({ productId: "not-a-uuid" }),
      },
      {
        name: "a product in the trash",
        status: 404,
        rest: (c) => ({ path: "/inventory", query: { productId: c.trashedProductId } }),
        mcp: (c) => ({ productId: c.trashedProductId }),
      },
      {
        name: "an unknown product",
        status: 404,
        rest: () => ({ path: "/inventory", query: { productId: MISSING_ID } }),
        mcp: () => ({ productId: MISSING_ID }),
      },
      {
        name: "another tenant's product",
        status: 404,
        rest: (c) => ({ path: "/inventory", query: { productId: c.foreignProductId } }),
        mcp: (c) => ({ productId: c.foreignProductId }),
      },
    ],
  }),
};
