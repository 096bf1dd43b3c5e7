/**
 * MCP/REST parity cases of the opportunity line item operations, keyed by operation name;
 * tests/integration/guards/mcp-rest-parity.test.ts runs them. add_line_item and update_line_item
 * take the JSON body's properties as flat arguments (the line's id among them, as in PATCH
 * /line-items), delete_line_item answers {id, deleted: true} where REST answers 204. Amounts are
 * sent as strings and as numbers alike. An unknown body key has no case: the tool refuses an
 * unknown argument before the operation runs, by design.
 */
import { expect } from "vitest";
import type { ApiLineItem } from "@/lib/schemas/line-items.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { parity, type ParityTable } from "../../helpers/parity.ts";
import { call } from "../../helpers/rest.ts";
import { bigKey, RecordsApi } from "../../integration/records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: addRoute } = restRoute("/line-items");

const MISSING_ID = "01890000-0000-7000-8000-000000000000";

/** Another tenant's opportunity, product and line: never visible here. */
interface Foreign {
  opportunityId: string;
  productId: string;
  lineId: string;
}

async function addLine(key: string, body: Record<string, unknown>): Promise<ApiLineItem> {
  const res = await call(addRoute, { auth: key, method: "POST", path: "/line-items", body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.json<ApiLineItem>();
}

/** An open opportunity and a product with a price, tax rate and term, created through REST. */
async function dealAndProduct(key: string, label: string): Promise<{ opportunityId: string; productId: string }> {
  const opportunity = await new RecordsApi(key, "opportunity").mustCreate({ name: `${label} Deal`, stage: "proposal" });
  const product = await new RecordsApi(key, "product").mustCreate({
    name: `${label} Widget`,
    price: "19.99",
    tax_rate: 20,
    term_months: 12,
  });
  return { opportunityId: opportunity.id, productId: product.id };
}

let foreign: Promise<Foreign> | undefined;
/** Another tenant's data, made once for every entry of this table. */
function foreignData(): Promise<Foreign> {
  foreign ??= (async () => {
    const key = await bigKey(await createTestTenant("parity-other"));
    const { opportunityId, productId } = await dealAndProduct(key, "Foreign");
    const line = await addLine(key, { opportunity_id: opportunityId, product_id: productId });
    return { opportunityId, productId, lineId: line.id };
  })();
  return foreign;
}

interface Ctx {
  key: string;
  opportunityId: string;
  productId: string;
  /** Lines on the opportunity, created alike in pairs (each surface changes its own). */
  lines: ApiLineItem[];
  /** An opportunity in the trash, with a line. */
  trashed: { opportunityId: string; lineId: string };
  /** An opportunity without lines. */
  emptyOpportunityId: string;
  foreign: Foreign;
}

async function prepare(t: TestTenant, key: string): Promise<Ctx> {
  const { opportunityId, productId } = await dealAndProduct(key, "Parity");
  const lines: ApiLineItem[] = [];
  for (const body of [{}, {}, { quantity: 3, discount: "5" }, { name: "Parity Support", unit_price: 100, term: null }])
    lines.push(await addLine(key, { opportunity_id: opportunityId, product_id: productId, ...body }));
  const opportunities = new RecordsApi(key, "opportunity");
  const doomed = await opportunities.mustCreate({ name: "Parity Trashed", stage: "proposal" });
  const trashedLine = await addLine(key, { opportunity_id: doomed.id, product_id: productId });
  const res = await opportunities.remove(doomed.id);
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  const empty = await opportunities.mustCreate({ name: "Parity Empty", stage: "proposal" });
  return {
    key,
    opportunityId,
    productId,
    lines,
    trashed: { opportunityId: doomed.id, lineId: trashedLine.id },
    emptyOpportunityId: empty.id,
    foreign: await foreignData(),
  };
}

/** A line without what differs between two made alike: id and timestamps. */
function alike(line: unknown): Record<string, unknown> {
  const { id, created_at, updated_at, ...rest } = line as ApiLineItem;
  expect(
    [id, created_at, updated_at].every((v) => typeof v === "string"),
    JSON.stringify(line),
  ).toBe(true);
  return rest;
}
const sameButIdentity = (rest: unknown, tool: unknown) => expect(alike(tool)).toEqual(alike(rest));

export const lineItemsParity: ParityTable = {
  "line-items.list": parity({
    prepare,
    cases: [
      {
        name: "an opportunity's lines and totals",
        status: 200,
        rest: (c) => ({ path: "/line-items", query: { opportunityId: c.opportunityId } }),
        mcp: (c) => ({ opportunityId: c.opportunityId }),
      },
      {
        name: "an opportunity without lines",
        status: 200,
        rest: (c) => ({ path: "/line-items", query: { opportunityId: c.emptyOpportunityId } }),
        mcp: (c) => ({ opportunityId: c.emptyOpportunityId }),
      },
      { name: "no opportunityId", status: 400, rest: () => ({ path: "/line-items" }), mcp: () => ({}) },
      {
        name: "an opportunityId that is no uuid",
        status: 400,
        rest: () => ({ path: "/line-items", query: { opportunityId: "not-a-uuid" } }),
        mcp: () => ({ opportunityId: "not-a-uuid" }),
      },
      {
        name: "an unknown opportunity",
        status: 404,
        rest: () => ({ path: "/line-items", query: { opportunityId: MISSING_ID } }),
        mcp: () => ({ opportunityId: MISSING_ID }),
      },
      {
        name: "another tenant's opportunity",
        status: 404,
        rest: (c) => ({ path: "/line-items", query: { opportunityId: c.foreign.opportunityId } }),
        mcp: (c) => ({ opportunityId: c.foreign.opportunityId }),
      },
      {
        name: "an opportunity in the trash",
        status: 404,
        rest: (c) => ({ path: "/line-items", query: { opportunityId: c.trashed.opportunityId } }),
        mcp: (c) => ({ opportunityId: c.trashed.opportunityId }),
      },
      {
        name: "a record of another object",
        status: 404,
        rest: (c) => ({ path: "/line-items", query: { opportunityId: c.productId } }),
        mcp: (c) => ({ opportunityId: c.productId }),
      },
    ],
  }),

  "line-items.create": parity({
    prepare,
    cases: [
      {
        name: "a line with the product's defaults",
        status: 201,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: c.opportunityId, product_id: c.productId } }),
        mcp: (c) => ({ opportunity_id: c.opportunityId, product_id: c.productId }),
        compare: sameButIdentity,
      },
      {
        name: "a line with its own values, numbers and strings",
        status: 201,
        rest: (c) => ({
          path: "/line-items",
          body: {
            opportunity_id: c.opportunityId,
            product_id: c.productId,
            name: "Parity Custom",
            quantity: 2.5,
            unit_price: "10.10",
            discount: 10,
            tax: "7.5",
            term: null,
          },
        }),
        mcp: (c) => ({
          opportunity_id: c.opportunityId,
          product_id: c.productId,
          name: "Parity Custom",
          quantity: 2.5,
          unit_price: "10.10",
          discount: 10,
          tax: "7.5",
          term: null,
        }),
        compare: sameButIdentity,
      },
      {
        name: "quantity 0",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: c.opportunityId, product_id: c.productId, quantity: 0 } }),
        mcp: (c) => ({ opportunity_id: c.opportunityId, product_id: c.productId, quantity: 0 }),
      },
      {
        name: "a quantity that is no number",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: c.opportunityId, product_id: c.productId, quantity: true } }),
        mcp: (c) => ({ opportunity_id: c.opportunityId, product_id: c.productId, quantity: true }),
      },
      {
        name: "a unit price with three decimals",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: c.opportunityId, product_id: c.productId, unit_price: "1.234" } }),
        mcp: (c) => ({ opportunity_id: c.opportunityId, product_id: c.productId, unit_price: "1.234" }),
      },
      {
        name: "a discount over 100 percent",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: c.opportunityId, product_id: c.productId, discount: 101 } }),
        mcp: (c) => ({ opportunity_id: c.opportunityId, product_id: c.productId, discount: 101 }),
      },
      {
        name: "a term of 0 months",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: c.opportunityId, product_id: c.productId, term: 0 } }),
        mcp: (c) => ({ opportunity_id: c.opportunityId, product_id: c.productId, term: 0 }),
      },
      {
        name: "no product",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: c.opportunityId } }),
        mcp: (c) => ({ opportunity_id: c.opportunityId }),
      },
      {
        name: "an unknown opportunity",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: MISSING_ID, product_id: c.productId } }),
        mcp: (c) => ({ opportunity_id: MISSING_ID, product_id: c.productId }),
      },
      {
        name: "another tenant's opportunity",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: c.foreign.opportunityId, product_id: c.productId } }),
        mcp: (c) => ({ opportunity_id: c.foreign.opportunityId, product_id: c.productId }),
      },
      {
        name: "an opportunity in the trash",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: c.trashed.opportunityId, product_id: c.productId } }),
        mcp: (c) => ({ opportunity_id: c.trashed.opportunityId, product_id: c.productId }),
      },
      {
        name: "an unknown product",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: c.opportunityId, product_id: MISSING_ID } }),
        mcp: (c) => ({ opportunity_id: c.opportunityId, product_id: MISSING_ID }),
      },
      {
        name: "another tenant's product",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { opportunity_id: c.opportunityId, product_id: c.foreign.productId } }),
        mcp: (c) => ({ opportunity_id: c.opportunityId, product_id: c.foreign.productId }),
      },
    ],
  }),

  "line-items.update": parity({
    prepare,
    cases: [
      {
        name: "quantity, price, discount, tax, term and name",
        status: 200,
        rest: (c) => ({
          path: "/line-items",
          body: { id: c.lines[0]!.id, quantity: "4", unit_price: 12.5, discount: "2.5", tax: 0, term: 24, name: "Parity Renamed" },
        }),
        mcp: (c) => ({ id: c.lines[1]!.id, quantity: "4", unit_price: 12.5, discount: "2.5", tax: 0, term: 24, name: "Parity Renamed" }),
        compare: sameButIdentity,
      },
      {
        name: "no change",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { id: c.lines[2]!.id } }),
        mcp: (c) => ({ id: c.lines[2]!.id }),
      },
      {
        name: "no id",
        status: 400,
        rest: () => ({ path: "/line-items", body: { quantity: 2 } }),
        mcp: () => ({ quantity: 2 }),
      },
      {
        name: "a negative quantity",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { id: c.lines[2]!.id, quantity: -1 } }),
        mcp: (c) => ({ id: c.lines[2]!.id, quantity: -1 }),
      },
      {
        name: "a term over 600 months",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { id: c.lines[2]!.id, term: 601 } }),
        mcp: (c) => ({ id: c.lines[2]!.id, term: 601 }),
      },
      {
        name: "an id that is no uuid",
        status: 400,
        rest: () => ({ path: "/line-items", body: { id: "not-a-uuid", quantity: 2 } }),
        mcp: () => ({ id: "not-a-uuid", quantity: 2 }),
      },
      {
        name: "a line whose opportunity is in the trash",
        status: 400,
        rest: (c) => ({ path: "/line-items", body: { id: c.trashed.lineId, quantity: 2 } }),
        mcp: (c) => ({ id: c.trashed.lineId, quantity: 2 }),
      },
      {
        name: "an unknown id",
        status: 404,
        rest: () => ({ path: "/line-items", body: { id: MISSING_ID, quantity: 2 } }),
        mcp: () => ({ id: MISSING_ID, quantity: 2 }),
      },
      {
        name: "another tenant's id",
        status: 404,
        rest: (c) => ({ path: "/line-items", body: { id: c.foreign.lineId, quantity: 2 } }),
        mcp: (c) => ({ id: c.foreign.lineId, quantity: 2 }),
      },
    ],
  }),

  "line-items.delete": parity({
    prepare,
    cases: [
      {
        // Each surface removes a fresh line; delete_line_item answers {id, deleted: true} where REST answers 204.
        name: "a line",
        status: 204,
        rest: async (c) => ({
          path: "/line-items",
          query: { id: (await addLine(c.key, { opportunity_id: c.opportunityId, product_id: c.productId })).id },
        }),
        mcp: async (c) => ({ id: (await addLine(c.key, { opportunity_id: c.opportunityId, product_id: c.productId })).id }),
      },
      { name: "no id", status: 400, rest: () => ({ path: "/line-items" }), mcp: () => ({}) },
      {
        name: "an id that is no uuid",
        status: 400,
        rest: () => ({ path: "/line-items", query: { id: "not-a-uuid" } }),
        mcp: () => ({ id: "not-a-uuid" }),
      },
      {
        name: "a line whose opportunity is in the trash",
        status: 400,
        rest: (c) => ({ path: "/line-items", query: { id: c.trashed.lineId } }),
        mcp: (c) => ({ id: c.trashed.lineId }),
      },
      {
        name: "an unknown id",
        status: 404,
        rest: () => ({ path: "/line-items", query: { id: MISSING_ID } }),
        mcp: () => ({ id: MISSING_ID }),
      },
      {
        name: "another tenant's id",
        status: 404,
        rest: (c) => ({ path: "/line-items", query: { id: c.foreign.lineId } }),
        mcp: (c) => ({ id: c.foreign.lineId }),
      },
    ],
  }),
};
