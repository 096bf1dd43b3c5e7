/**
 * Opportunity line items over REST (spec 4.1 note B), through the route handlers in-process:
 * - POST takes name, price, tax and term from the product unless given, quantity 1 by default;
 *   PATCH (id in the body or the path) changes only what is sent; DELETE (?id= or the path) removes;
 * - every line's amounts follow the documented rounding, GET's totals are the sums of the lines and
 *   the opportunity's `amount` equals totals.total after every write (0.00 once the last line goes),
 *   with a record.updated event in the outbox carrying it;
 * - numbers are taken as JSON numbers or strings; bad values, unknown or trashed opportunities and
 *   products, unknown keys and empty changes are 400s that say what is wrong, and change nothing;
 * - at most 200 lines, and no total beyond what `amount` holds;
 * - lines of a trashed opportunity cannot be read (404) or written (400) until it is restored;
 * - read-only keys, keys without the object, roles without update: 403; another tenant: 404 / 400.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestKey, createTestTenant, denyRole, type TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { bigKey, errorOf, ISO_MS_RE, RecordsApi, UUID_RE, type ApiRecord } from "../records/helpers.ts";
import { expectLinesAddUp, type LineList } from "./expected-totals.ts";
import type { ApiLineItem as Line } from "@/lib/schemas/line-items.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { DELETE: deleteLinesRoute, GET: listLinesRoute, PATCH: patchLinesRoute, POST: addLineRoute } = restRoute("/line-items");
const { DELETE: deleteLineRoute, PATCH: patchLineRoute } = restRoute("/line-items/{id}");

/** The line item endpoints, called in-process with one credential. */
class LinesApi {
  constructor(readonly auth: string) {}
  list(opportunityId?: string): Promise<CallResult> {
    return call(listLinesRoute, { auth: this.auth, path: "/line-items", query: opportunityId === undefined ? {} : { opportunityId } });
  }
  add(body: unknown): Promise<CallResult> {
    return call(addLineRoute, { auth: this.auth, method: "POST", path: "/line-items", body });
  }
  /** PATCH /line-items, the id in the body. */
  patch(body: unknown): Promise<CallResult> {
    return call(patchLinesRoute, { auth: this.auth, method: "PATCH", path: "/line-items", body });
  }
  /** PATCH /line-items/{id}. */
  patchById(id: string, body: unknown): Promise<CallResult> {
    return call(patchLineRoute, { auth: this.auth, method: "PATCH", path: `/line-items/${id}`, params: { id }, body });
  }
  /** DELETE /line-items?id=. */
  remove(id: string): Promise<CallResult> {
    return call(deleteLinesRoute, { auth: this.auth, method: "DELETE", path: "/line-items", query: { id } });
  }
  /** DELETE /line-items/{id}. */
  removeById(id: string): Promise<CallResult> {
    return call(deleteLineRoute, { auth: this.auth, method: "DELETE", path: `/line-items/${id}`, params: { id } });
  }

  async mustAdd(body: Record<string, unknown>): Promise<Line> {
    const res = await this.add(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.json<Line>();
  }
  async mustList(opportunityId: string): Promise<LineList> {
    const res = await this.list(opportunityId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<LineList>();
  }
}

describe("line items", () => {
  let t: TestTenant;
  let key: string;
  let lines: LinesApi;
  let opps: RecordsApi;
  let products: RecordsApi;
  /** Products: with a price, tax rate and term; with a price only; without a price. */
  let widget: ApiRecord;
  let plain: ApiRecord;
  let sample: ApiRecord;

  const newOpportunity = (name = "Deal", stage = "proposal") => opps.mustCreate({ name, stage });

  /**
   * Everything GET answers agrees: each line's total follows the rules, totals are the sums and
   * the opportunity's amount is totals.total. Returns the list.
   */
  async function expectConsistent(opportunityId: string, api = lines): Promise<LineList> {
    const list = await api.mustList(opportunityId);
    expectLinesAddUp(list);
    expect((await opps.mustGet(opportunityId)).amount).toBe(list.totals.total);
    return list;
  }

  beforeAll(async () => {
    t = await createTestTenant("lines");
    key = await bigKey(t, { allowDelete: true });
    lines = new LinesApi(key);
    opps = new RecordsApi(key, "opportunity");
    products = new RecordsApi(key, "product");
    widget = await products.mustCreate({ name: "Widget", sku: "W-1", price: "19.99", tax_rate: 20, term_months: 12 });
    plain = await products.mustCreate({ name: "Plain thing", price: 5 });
    sample = await products.mustCreate({ name: "Free sample" });
  });

  describe("adding", () => {
    it("takes the name, price, tax rate and term from the product; quantity 1 and discount 0 by default", async () => {
      const opp = await newOpportunity();
      const l = await lines.mustAdd({ opportunity_id: opp.id, product_id: widget.id });
      expect(l).toEqual({
        id: expect.stringMatching(UUID_RE),
        opportunity_id: opp.id,
        product_id: widget.id,
        name: "Widget",
        quantity: "1.00",
        unit_price: "19.99",
        discount: "0.00",
        tax: "20.00",
        term: 12,
        total: "23.99", // 19.99 × 1.2 = 23.988
        created_at: expect.stringMatching(ISO_MS_RE),
        updated_at: expect.stringMatching(ISO_MS_RE),
      });
      // A product without a tax rate or term: tax 0, no term.
      const p = await lines.mustAdd({ opportunity_id: opp.id, product_id: plain.id, quantity: 2 });
      expect(p).toMatchObject({ name: "Plain thing", quantity: "2.00", unit_price: "5.00", discount: "0.00", tax: "0.00", term: null });
      expect(p.total).toBe("10.00");
      const list = await expectConsistent(opp.id);
      expect(list.data).toEqual([l, p]);
      expect(list.totals).toEqual({ subtotal: "29.99", discount: "0.00", tax: "4.00", total: "33.99" });
      expect((await opps.mustGet(opp.id)).amount).toBe("33.99");
    });

    it("takes every value given instead of the product's", async () => {
      const opp = await newOpportunity();
      const l = await lines.mustAdd({
        opportunity_id: opp.id,
        product_id: widget.id,
        name: "  Widget, custom  ",
        quantity: "3",
        unit_price: "10.5",
        discount: "10",
        tax: "0",
        term: 24,
      });
      expect(l).toMatchObject({ name: "Widget, custom", quantity: "3.00", unit_price: "10.50", discount: "10.00", tax: "0.00", term: 24 });
      expect(l.total).toBe("28.35");
      // term null: no term, although the product has one; a price of 0 is a price.
      const free = await lines.mustAdd({ opportunity_id: opp.id, product_id: widget.id, term: null, unit_price: 0 });
      expect(free).toMatchObject({ term: null, unit_price: "0.00", tax: "20.00", total: "0.00" });
      await expectConsistent(opp.id);
    });

    it("a product's tax rate or term that a line cannot hold gives no default", async () => {
      const opp = await newOpportunity();
      const odd = await products.mustCreate({ name: "Odd", price: 1, tax_rate: 150, term_months: 700 });
      const fine = await products.mustCreate({ name: "Fine", price: 1, tax_rate: 12.345, term_months: 1.5 });
      for (const p of [odd, fine])
        expect(await lines.mustAdd({ opportunity_id: opp.id, product_id: p.id })).toMatchObject({ tax: "0.00", term: null, total: "1.00" });
      await expectConsistent(opp.id);
    });

    it("a product without a price needs unit_price", async () => {
      const opp = await newOpportunity();
      expect(errorOf(await lines.add({ opportunity_id: opp.id, product_id: sample.id }), 400)).toMatch(/^unit_price: /);
      const l = await lines.mustAdd({ opportunity_id: opp.id, product_id: sample.id, unit_price: "2.5" });
      expect(l).toMatchObject({ name: "Free sample", unit_price: "2.50", total: "2.50" });
      await expectConsistent(opp.id);
    });

    it("a product priced above what a line holds gives no default price (400, never a numeric overflow)", async () => {
      const opp = await newOpportunity();
      const huge = await products.mustCreate({ name: "Huge", price: "999999999999999.99" });
      expect(errorOf(await lines.add({ opportunity_id: opp.id, product_id: huge.id, quantity: 1000 }), 400)).toBe(
        "unit_price: the product has no price with at most 2 decimals up to 100000000; give unit_price",
      );
      expect((await lines.mustAdd({ opportunity_id: opp.id, product_id: huge.id, unit_price: "100000000" })).unit_price).toBe(
        "100000000.00",
      );
      await expectConsistent(opp.id);
    });

    it("takes numbers as JSON numbers and as strings alike", async () => {
      const opp = await newOpportunity();
      const common = { opportunity_id: opp.id, product_id: plain.id };
      const asNumbers = await lines.mustAdd({ ...common, quantity: 2.5, unit_price: 19.99, discount: 12.5, tax: 7 });
      const asStrings = await lines.mustAdd({ ...common, quantity: "2.50", unit_price: "19.99", discount: "12.50", tax: "7.00" });
      const asShort = await lines.mustAdd({ ...common, quantity: "2.5", unit_price: "19.99", discount: " 12.5 ", tax: "7" });
      const pick = (l: Line) => [l.quantity, l.unit_price, l.discount, l.tax, l.total];
      // 2.5 × 19.99 = 49.975 → 49.98; 12.5% off: 6.2475 → 6.25; 7% of 43.73: 3.0611 → 3.06.
      expect(pick(asNumbers)).toEqual(["2.50", "19.99", "12.50", "7.00", "46.79"]);
      expect(pick(asStrings)).toEqual(pick(asNumbers));
      expect(pick(asShort)).toEqual(pick(asNumbers));
      const list = await expectConsistent(opp.id);
      expect(list.totals).toEqual({ subtotal: "149.94", discount: "18.75", tax: "9.18", total: "140.37" });
    });

    it("lists lines oldest first, also when they were added within one millisecond", async () => {
      const opp = await newOpportunity();
      // Requests that land in the same millisecond (a script building a quote, a fast database).
      const now = vi.spyOn(Date, "now").mockReturnValue(Date.now());
      const added: string[] = [];
      try {
        for (let i = 1; i <= 6; i++)
          added.push((await lines.mustAdd({ opportunity_id: opp.id, product_id: plain.id, name: `Line ${i}` })).id);
      } finally {
        now.mockRestore();
      }
      expect((await expectConsistent(opp.id)).data.map((l) => l.name)).toEqual([
        "Line 1",
        "Line 2",
        "Line 3",
        "Line 4",
        "Line 5",
        "Line 6",
      ]);
      expect((await lines.mustList(opp.id)).data.map((l) => l.id)).toEqual(added);
    });

    it("keeps the largest values exact", async () => {
      const opp = await newOpportunity();
      const l = await lines.mustAdd({ opportunity_id: opp.id, product_id: plain.id, quantity: 1_000_000, unit_price: "100000000" });
      expect(l.total).toBe("100000000000000.00");
      const m = await lines.mustAdd({
        opportunity_id: opp.id,
        product_id: plain.id,
        quantity: "999999.99",
        unit_price: "99999999.99",
        tax: "100",
      });
      // (10^6 − 0.01) × (10^8 − 0.01) = 99,999,998,990,000.0001, taxed 100%.
      expect(m.total).toBe("199999997980000.00");
      const list = await expectConsistent(opp.id);
      expect(list.totals.total).toBe("299999997980000.00");
    });

    it("refuses a total beyond what the opportunity's amount holds, and keeps the previous total", async () => {
      const opp = await newOpportunity();
      const max = { opportunity_id: opp.id, product_id: plain.id, quantity: 1_000_000, unit_price: 100_000_000, tax: 100 };
      for (let i = 0; i < 4; i++) await lines.mustAdd(max); // 4 × 2·10^14
      const small = await lines.mustAdd({ opportunity_id: opp.id, product_id: plain.id, unit_price: 1 });
      expect((await opps.mustGet(opp.id)).amount).toBe("800000000000001.00");
      // One more line of 2·10^14 would pass 15 integer digits; so would growing the small one.
      expect(errorOf(await lines.add(max), 400)).toMatch(/exceed/);
      expect(errorOf(await lines.patchById(small.id, { quantity: 1_000_000, unit_price: 100_000_000, tax: 100 }), 400)).toMatch(/exceed/);
      const list = await expectConsistent(opp.id);
      expect(list.data).toHaveLength(5);
      expect(list.totals.total).toBe("800000000000001.00");
      // Within the limit, a change still goes through.
      const patched = await lines.patchById(list.data[0]!.id, { tax: 50 });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      expect((await expectConsistent(opp.id)).totals.total).toBe("750000000000001.00");
    });
  });

  describe("changing and removing", () => {
    it("PATCH /line-items {id, …} and PATCH /line-items/{id} change only the fields sent", async () => {
      const opp = await newOpportunity();
      const l = await lines.mustAdd({ opportunity_id: opp.id, product_id: widget.id, quantity: 4, discount: 10 });
      expect(l.total).toBe("86.35"); // 79.96 − 8.00 + 14.39

      const res = await lines.patch({ id: l.id, quantity: "3" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const a = res.json<Line>();
      expect(a).toEqual({ ...a, ...pickStable(l), quantity: "3.00", total: "64.76" });
      expect(a.updated_at >= l.updated_at).toBe(true);
      expect(await expectConsistent(opp.id)).toMatchObject({ totals: { total: "64.76" } });

      const res2 = await lines.patchById(l.id, { discount: 0, tax: "0", unit_price: 2, name: "Renamed", term: null });
      expect(res2.status, JSON.stringify(res2.body)).toBe(200);
      expect(res2.json<Line>()).toMatchObject({
        id: l.id,
        opportunity_id: opp.id,
        product_id: widget.id,
        name: "Renamed",
        quantity: "3.00",
        unit_price: "2.00",
        discount: "0.00",
        tax: "0.00",
        term: null,
        total: "6.00",
      });
      expect((await expectConsistent(opp.id)).data).toEqual([res2.json<Line>()]);
      expect((await opps.mustGet(opp.id)).amount).toBe("6.00");

      const res3 = await lines.patchById(l.id, { term: 36 });
      expect(res3.json<Line>()).toMatchObject({ term: 36, total: "6.00" });
    });

    it("DELETE /line-items?id= and DELETE /line-items/{id} remove a line; the amount is 0.00 after the last", async () => {
      const opp = await newOpportunity();
      const a = await lines.mustAdd({ opportunity_id: opp.id, product_id: widget.id });
      const b = await lines.mustAdd({ opportunity_id: opp.id, product_id: plain.id, quantity: 3 });
      const c = await lines.mustAdd({ opportunity_id: opp.id, product_id: plain.id, quantity: 1.5, discount: 33.33 });
      await expectConsistent(opp.id);

      const r1 = await lines.remove(b.id);
      expect(r1.status).toBe(204);
      expect(r1.body).toBeNull();
      expect((await expectConsistent(opp.id)).data.map((l) => l.id)).toEqual([a.id, c.id]);

      expect((await lines.removeById(a.id)).status).toBe(204);
      expect((await expectConsistent(opp.id)).data.map((l) => l.id)).toEqual([c.id]);
      // Removed: 404 on either path, and for a change.
      errorOf(await lines.remove(a.id), 404);
      errorOf(await lines.removeById(b.id), 404);
      errorOf(await lines.patch({ id: a.id, quantity: 1 }), 404);
      errorOf(await lines.patchById(b.id, { quantity: 1 }), 404);

      expect((await lines.remove(c.id)).status).toBe(204);
      const empty = await expectConsistent(opp.id);
      expect(empty).toEqual({ data: [], totals: { subtotal: "0.00", discount: "0.00", tax: "0.00", total: "0.00" } });
      expect((await opps.mustGet(opp.id)).amount).toBe("0.00");
    });

    it("an amount set by hand is replaced by the lines' total at the next line write, and formulas follow", async () => {
      const opp = await opps.mustCreate({ name: "Hand made", stage: "proposal", amount: "10.00", probability: 50 });
      const revenueAt10 = opp.expected_revenue;
      expect(revenueAt10).not.toBeNull();
      expect((await opps.patch(opp.id, { amount: "1234.56" })).status).toBe(200);
      const l = await lines.mustAdd({ opportunity_id: opp.id, product_id: plain.id });
      expect((await opps.mustGet(opp.id)).amount).toBe("5.00");
      expect((await opps.patch(opp.id, { amount: "99.99" })).status).toBe(200);
      await lines.patchById(l.id, { quantity: 2 });
      const after = await opps.mustGet(opp.id);
      expect(after.amount).toBe("10.00");
      // expected_revenue = amount × probability / 100, recomputed with the amount.
      expect(after.expected_revenue).toEqual(revenueAt10);
    });
  });

  describe("validation", () => {
    let opp: ApiRecord;
    let line: Line;
    let before: LineList;

    beforeAll(async () => {
      opp = await newOpportunity("Validation");
      line = await lines.mustAdd({ opportunity_id: opp.id, product_id: widget.id, quantity: 2 });
      before = await expectConsistent(opp.id);
    });

    const QTY = "must be greater than 0 and at most 1000000 with at most 2 decimals";
    const PRICE = "must be from 0 to 100000000 with at most 2 decimals";
    const PCT = "must be from 0 to 100 with at most 2 decimals";
    const TERM = "must be a whole number of months from 1 to 600";

    const badValues: [string, Record<string, unknown>, string, string][] = [
      ["quantity 0", { quantity: 0 }, "quantity", QTY],
      ['quantity "0"', { quantity: "0" }, "quantity", QTY],
      ['quantity "0.00"', { quantity: "0.00" }, "quantity", QTY],
      ["quantity -1", { quantity: -1 }, "quantity", QTY],
      ['quantity "-1"', { quantity: "-1" }, "quantity", QTY],
      ["quantity 1000000.01", { quantity: "1000000.01" }, "quantity", QTY],
      ['quantity "1.234" (three decimals)', { quantity: "1.234" }, "quantity", QTY],
      ["quantity 1.234 (three decimals)", { quantity: 1.234 }, "quantity", QTY],
      ["quantity 1e3 (exponent)", { quantity: "1e3" }, "quantity", QTY],
      ['quantity "abc"', { quantity: "abc" }, "quantity", QTY],
      ["unit_price -1", { unit_price: -1 }, "unit_price", PRICE],
      ["unit_price 100000000.01", { unit_price: "100000000.01" }, "unit_price", PRICE],
      ["unit_price 0.001 (three decimals)", { unit_price: 0.001 }, "unit_price", PRICE],
      ["discount -1", { discount: -1 }, "discount", PCT],
      ["discount 100.01", { discount: 100.01 }, "discount", PCT],
      ['discount "10.555"', { discount: "10.555" }, "discount", PCT],
      ["tax -1", { tax: "-1" }, "tax", PCT],
      ['tax "100.01"', { tax: "100.01" }, "tax", PCT],
      ["tax 0.001", { tax: 0.001 }, "tax", PCT],
      ["term 0", { term: 0 }, "term", TERM],
      ["term 601", { term: 601 }, "term", TERM],
      ["term 1.5", { term: 1.5 }, "term", TERM],
      ['term "12"', { term: "12" }, "term", TERM],
      ['name "   "', { name: "   " }, "name", "must not be empty"],
      ["name too long", { name: "x".repeat(256) }, "name", "must be at most 255 characters"],
    ];

    /** 400 naming the field, as `error` and as the one detail. */
    function expectRefused(res: CallResult, field: string, message: string): void {
      expect(errorOf(res, 400)).toBe(`${field}: ${message}`);
      expect(res.json<{ details?: unknown }>().details).toEqual([{ path: field, message }]);
    }

    it.each(badValues)("POST with %s → 400 naming the field", async (_, change, field, message) => {
      expectRefused(await lines.add({ opportunity_id: opp.id, product_id: widget.id, ...change }), field, message);
      expect(await expectConsistent(opp.id)).toEqual(before);
    });

    it.each(badValues)("PATCH with %s → 400 naming the field, on both paths", async (_, change, field, message) => {
      expectRefused(await lines.patch({ id: line.id, ...change }), field, message);
      expectRefused(await lines.patchById(line.id, change), field, message);
      expect(await expectConsistent(opp.id)).toEqual(before);
    });

    it("the edges themselves are accepted: quantity 0.01 and 1000000, price 0 and 100000000, percents 0 and 100, term 1 and 600", async () => {
      const o = await newOpportunity("Edges");
      const base = { opportunity_id: o.id, product_id: plain.id };
      await lines.mustAdd({ ...base, quantity: 0.01, unit_price: 0, discount: 0, tax: 0, term: 1 });
      await lines.mustAdd({ ...base, quantity: "1000000.00", unit_price: "100000000.00", discount: "100.00", tax: "100.00", term: 600 });
      const list = await expectConsistent(o.id);
      expect(list.data.map((l) => l.total)).toEqual(["0.00", "0.00"]);
    });

    it("an unknown or trashed product → 400 naming product_id", async () => {
      const gone = await products.mustCreate({ name: "Discontinued", price: 1 });
      expect((await products.remove(gone.id)).status).toBe(204);
      for (const productId of [randomUUID(), gone.id, opp.id]) {
        const res = await lines.add({ opportunity_id: opp.id, product_id: productId });
        expect(errorOf(res, 400)).toBe(`product_id: no live product with id '${productId}'`);
        expect(res.json<{ details: unknown }>().details).toEqual([
          { path: "product_id", message: "must be the id of a product that is not in the trash" },
        ]);
      }
      expect(await expectConsistent(opp.id)).toEqual(before);
    });

    it("an unknown or trashed opportunity, or a product's id as opportunity_id → 400 naming opportunity_id", async () => {
      const trashed = await newOpportunity("Trashed");
      expect((await opps.remove(trashed.id)).status).toBe(204);
      for (const opportunityId of [randomUUID(), trashed.id, widget.id]) {
        const res = await lines.add({ opportunity_id: opportunityId, product_id: widget.id });
        expect(errorOf(res, 400)).toBe(`opportunity_id: no live opportunity with id '${opportunityId}'`);
        expect(res.json<{ details: unknown }>().details).toEqual([
          { path: "opportunity_id", message: "must be the id of an opportunity that is not in the trash" },
        ]);
      }
    });

    it("ids that are not uuids, missing ids, unknown keys → 400", async () => {
      expect(errorOf(await lines.add({ opportunity_id: "nope", product_id: widget.id }), 400)).toMatch(
        /opportunity_id: must be the id \(a uuid\) of an opportunity/,
      );
      expect(errorOf(await lines.add({ opportunity_id: opp.id, product_id: "nope" }), 400)).toMatch(
        /product_id: must be the id \(a uuid\) of a product/,
      );
      expect(errorOf(await lines.add({ product_id: widget.id }), 400)).toMatch(/opportunity_id/);
      expect(errorOf(await lines.add({ opportunity_id: opp.id }), 400)).toMatch(/product_id/);
      expect(errorOf(await lines.add({ opportunity_id: opp.id, product_id: widget.id, colour: "red" }), 400)).toContain("colour");
      expect(errorOf(await lines.add({ opportunity_id: opp.id, product_id: widget.id, total: "1.00" }), 400)).toContain("total");
      // The line's opportunity and product never change.
      expect(errorOf(await lines.patch({ id: line.id, opportunity_id: randomUUID() }), 400)).toContain("opportunity_id");
      expect(errorOf(await lines.patchById(line.id, { product_id: plain.id }), 400)).toContain("product_id");
      expect(errorOf(await lines.patch({ quantity: 1 }), 400)).toMatch(/id/);
      expect(errorOf(await lines.patch({ id: "nope", quantity: 1 }), 400)).toMatch(/must be the id \(a uuid\) of a line item/);
      expect(errorOf(await lines.remove("nope"), 400)).toMatch(/must be the id \(a uuid\) of a line item/);
      expect(errorOf(await lines.add("[]"), 400)).toBeTruthy();
      expect(await expectConsistent(opp.id)).toEqual(before);
    });

    it("PATCH with nothing to change → 400", async () => {
      const message = "change at least one of name, quantity, unit_price, discount, tax, term";
      expect(errorOf(await lines.patch({ id: line.id }), 400)).toContain(message);
      expect(errorOf(await lines.patchById(line.id, {}), 400)).toContain(message);
      // id in the body of the path form is an unknown key there.
      expect(errorOf(await lines.patchById(line.id, { id: line.id }), 400)).toBeTruthy();
      expect(await expectConsistent(opp.id)).toEqual(before);
    });

    it("GET needs a live opportunity's id: 400 without or malformed, 404 unknown or not an opportunity", async () => {
      expect(errorOf(await lines.list(), 400)).toMatch(/opportunityId/);
      expect(errorOf(await lines.list("nope"), 400)).toMatch(/opportunityId: must be the id \(a uuid\) of an opportunity/);
      errorOf(await lines.list(randomUUID()), 404);
      errorOf(await lines.list(widget.id), 404);
    });

    it("unknown line ids → 404 on every write path", async () => {
      const id = randomUUID();
      errorOf(await lines.patch({ id, quantity: 1 }), 404);
      errorOf(await lines.patchById(id, { quantity: 1 }), 404);
      errorOf(await lines.remove(id), 404);
      errorOf(await lines.removeById(id), 404);
    });
  });

  describe("at most 200 lines", () => {
    it("the 201st line → 400; after a removal there is room again; the amount covers all 200", async () => {
      const opp = await newOpportunity("Big quote");
      // 199 lines written directly (REST would be slow), with amounts the rules give.
      await withTenantSql(
        t.tenantId,
        async (tx) =>
          tx.$executeRaw`
          INSERT INTO line_item (tenant_id, id, opportunity_id, product_id, name, quantity, unit_price, discount, tax, term,
            subtotal, discount_amount, tax_amount, total, created_at, updated_at)
          SELECT ${t.tenantId}::uuid, gen_random_uuid(), ${opp.id}::uuid, ${plain.id}::uuid, 'Bulk ' || i, i, 1.50, 0, 0, NULL,
            round(i * 1.50, 2), 0, 0, round(i * 1.50, 2), now(), now()
          FROM generate_series(1, 199) AS i`,
      );
      const last = await lines.mustAdd({ opportunity_id: opp.id, product_id: plain.id, quantity: 3, discount: 10 });
      const list = await expectConsistent(opp.id);
      expect(list.data).toHaveLength(200);
      // 1.5 × (1 + … + 199) + 15 − 1.5
      expect(list.totals.total).toBe("29863.50");

      const res = await lines.add({ opportunity_id: opp.id, product_id: plain.id });
      expect(errorOf(res, 400)).toBe("An opportunity may have at most 200 line items");
      expect(await expectConsistent(opp.id)).toEqual(list);

      expect((await lines.remove(last.id)).status).toBe(204);
      await lines.mustAdd({ opportunity_id: opp.id, product_id: plain.id });
      expect((await expectConsistent(opp.id)).data).toHaveLength(200);
      errorOf(await lines.add({ opportunity_id: opp.id, product_id: plain.id }), 400);
      // Another opportunity is not limited by this one.
      const other = await newOpportunity("Small quote");
      await lines.mustAdd({ opportunity_id: other.id, product_id: plain.id });
    });
  });

  describe("a trashed opportunity", () => {
    it("its lines cannot be read (404) or written (400) until it is restored", async () => {
      const opp = await newOpportunity("To trash");
      const l = await lines.mustAdd({ opportunity_id: opp.id, product_id: widget.id });
      const before = await expectConsistent(opp.id);
      expect((await opps.remove(opp.id)).status).toBe(204);

      errorOf(await lines.list(opp.id), 404);
      expect(errorOf(await lines.add({ opportunity_id: opp.id, product_id: widget.id }), 400)).toMatch(/^opportunity_id: /);
      const trashed = "The line's opportunity is in the trash: restore it first";
      expect(errorOf(await lines.patch({ id: l.id, quantity: 5 }), 400)).toBe(trashed);
      expect(errorOf(await lines.patchById(l.id, { quantity: 5 }), 400)).toBe(trashed);
      expect(errorOf(await lines.remove(l.id), 400)).toBe(trashed);
      expect(errorOf(await lines.removeById(l.id), 400)).toBe(trashed);

      expect((await opps.restore(opp.id)).status).toBe(200);
      expect(await expectConsistent(opp.id)).toEqual(before);
      await lines.patchById(l.id, { quantity: 5 });
      expect((await expectConsistent(opp.id)).totals.total).toBe("119.94");
    });

    it("a trashed product's existing lines can still change", async () => {
      const opp = await newOpportunity("Old product");
      const p = await products.mustCreate({ name: "Retiring", price: 3 });
      const l = await lines.mustAdd({ opportunity_id: opp.id, product_id: p.id, quantity: 2 });
      expect((await products.remove(p.id)).status).toBe(204);
      const res = await lines.patchById(l.id, { quantity: 3 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await expectConsistent(opp.id)).totals.total).toBe("9.00");
    });
  });

  describe("events", () => {
    interface Payload {
      event: string;
      recordId: string;
      objectApiName: string;
      data: Record<string, unknown>;
      changes?: Record<string, { from: unknown; to: unknown }>;
    }
    let seen = new Set<string>();
    /** The opportunity's outbox events written since the previous call. */
    async function freshEvents(opportunityId: string): Promise<Payload[]> {
      const rows = await withTenantSql(
        t.tenantId,
        async (tx) => tx.$queryRaw<{ id: string; event: string; objectApiName: string; recordId: string; payload: string }[]>`
          SELECT id::text, event, object_api_name AS "objectApiName", record_id::text AS "recordId", payload FROM outbox_event
          WHERE tenant_id = ${t.tenantId}::uuid AND record_id = ${opportunityId}::uuid
          ORDER BY created_at, id`,
      );
      const out = rows.filter((r) => !seen.has(r.id));
      seen = new Set([...seen, ...rows.map((r) => r.id)]);
      return out.map((r) => {
        const p = JSON.parse(r.payload) as Payload;
        expect({ event: r.event, objectApiName: r.objectApiName, recordId: r.recordId }).toEqual({
          event: p.event,
          objectApiName: p.objectApiName,
          recordId: p.recordId,
        });
        return p;
      });
    }
    /** One record.updated for the opportunity, carrying `amount` (changed from `from`), equal to the record's. */
    async function expectAmountEvent(opportunityId: string, from: string | null, amount: string): Promise<void> {
      const got = await freshEvents(opportunityId);
      expect(got.map((e) => e.event)).toEqual(["record.updated"]);
      const e = got[0]!;
      expect(e.objectApiName).toBe("opportunity");
      expect(e.data.amount).toBe(amount);
      expect(e.changes?.amount).toEqual({ from, to: amount });
      expect(e.data).toEqual(await opps.mustGet(opportunityId));
    }

    it("every line write puts the opportunity's new amount in a record.updated event", async () => {
      const opp = await newOpportunity("Evented");
      expect((await freshEvents(opp.id)).map((e) => e.event)).toEqual(["record.created"]);

      const a = await lines.mustAdd({ opportunity_id: opp.id, product_id: widget.id, quantity: 4, discount: 10 });
      await expectAmountEvent(opp.id, null, "86.35");
      const b = await lines.mustAdd({ opportunity_id: opp.id, product_id: plain.id });
      await expectAmountEvent(opp.id, "86.35", "91.35");
      await lines.patch({ id: a.id, quantity: 3 });
      await expectAmountEvent(opp.id, "91.35", "69.76");
      await lines.patchById(b.id, { unit_price: "5.01" });
      await expectAmountEvent(opp.id, "69.76", "69.77");
      expect((await lines.removeById(a.id)).status).toBe(204);
      await expectAmountEvent(opp.id, "69.77", "5.01");
      expect((await lines.remove(b.id)).status).toBe(204);
      await expectAmountEvent(opp.id, "5.01", "0.00");
    });

    it("a refused write writes no event", async () => {
      const opp = await newOpportunity("Quiet");
      await lines.mustAdd({ opportunity_id: opp.id, product_id: plain.id });
      await freshEvents(opp.id);
      errorOf(await lines.add({ opportunity_id: opp.id, product_id: plain.id, quantity: 0 }), 400);
      errorOf(await lines.add({ opportunity_id: opp.id, product_id: randomUUID() }), 400);
      expect(await freshEvents(opp.id)).toEqual([]);
    });
  });

  describe("access", () => {
    let opp: ApiRecord;
    let line: Line;
    let before: LineList;

    beforeAll(async () => {
      opp = await newOpportunity("Guarded");
      line = await lines.mustAdd({ opportunity_id: opp.id, product_id: widget.id });
      before = await expectConsistent(opp.id);
    });

    /** Each write with this credential fails with `status` and `error`; nothing changes. */
    async function expectWritesRefused(api: LinesApi, status: number, error: string, o: { add?: boolean } = {}): Promise<void> {
      const writes = [
        api.patch({ id: line.id, quantity: 9 }),
        api.patchById(line.id, { quantity: 9 }),
        api.remove(line.id),
        api.removeById(line.id),
      ];
      if (o.add !== false) writes.push(api.add({ opportunity_id: opp.id, product_id: widget.id }));
      for (const res of await Promise.all(writes)) expect(errorOf(res, status)).toBe(error);
      expect(await expectConsistent(opp.id)).toEqual(before);
    }

    it("a read-only key lists but cannot write: 403 errors.apiKeyReadOnly", async () => {
      const ro = new LinesApi(await bigKey(t, { readOnly: true }));
      expect(await ro.mustList(opp.id)).toEqual(before);
      await expectWritesRefused(ro, 403, "errors.apiKeyReadOnly");
    });

    it('a key limited to ["opportunity"] lists and changes lines but cannot add one (needs product): 403 errors.apiKeyObjectDenied', async () => {
      const limited = new LinesApi(await bigKey(t, { allowedObjects: ["opportunity"] }));
      expect(await limited.mustList(opp.id)).toEqual(before);
      expect(errorOf(await limited.add({ opportunity_id: opp.id, product_id: widget.id }), 403)).toBe("errors.apiKeyObjectDenied");
      expect(await expectConsistent(opp.id)).toEqual(before);
      const res = await limited.patchById(line.id, { name: "Widget" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.json<Line>()).toEqual({ ...line, updated_at: expect.stringMatching(ISO_MS_RE) });
      before = await expectConsistent(opp.id);
    });

    it('a key limited to ["product"] can do nothing with lines: 403 errors.apiKeyObjectDenied', async () => {
      const limited = new LinesApi(await bigKey(t, { allowedObjects: ["product"] }));
      expect(errorOf(await limited.list(opp.id), 403)).toBe("errors.apiKeyObjectDenied");
      await expectWritesRefused(limited, 403, "errors.apiKeyObjectDenied");
    });

    it("a role without update on opportunity lists but cannot write: 403 errors.permissionDenied", async () => {
      const other = await createTestTenant("lines-rbac");
      const admin = await bigKey(other);
      const o = await new RecordsApi(admin, "opportunity").mustCreate({ name: "Deal", stage: "proposal" });
      const p = await new RecordsApi(admin, "product").mustCreate({ name: "Thing", price: 2 });
      const l = await new LinesApi(admin).mustAdd({ opportunity_id: o.id, product_id: p.id });
      await denyRole(other, "member", "opportunity", { read: true, create: true, update: false, delete: true });
      const member = new LinesApi((await createTestKey(other, { role: "member", allowDelete: true, rateLimit: 100_000 })).secret);
      expect((await member.mustList(o.id)).data).toEqual([l]);
      for (const res of [
        await member.add({ opportunity_id: o.id, product_id: p.id }),
        await member.patch({ id: l.id, quantity: 2 }),
        await member.patchById(l.id, { quantity: 2 }),
        await member.remove(l.id),
        await member.removeById(l.id),
      ])
        expect(errorOf(res, 403)).toBe("errors.permissionDenied");
      expect((await new LinesApi(admin).mustList(o.id)).data).toEqual([l]);

      // Without read on opportunity, not even the list; without read on product, no new line.
      await denyRole(other, "member", "opportunity", { read: false, create: false, update: false, delete: false });
      expect(errorOf(await member.list(o.id), 403)).toBe("errors.permissionDenied");
      await denyRole(other, "member", "opportunity", { read: true, create: true, update: true, delete: true });
      await denyRole(other, "member", "product", { read: false, create: false, update: false, delete: false });
      expect(errorOf(await member.add({ opportunity_id: o.id, product_id: p.id }), 403)).toBe("errors.permissionDenied");
      expect((await member.patchById(l.id, { quantity: 2 })).status).toBe(200);
    });

    it("another tenant: 404 for A's opportunity and lines, 400 for a line naming A's opportunity or product", async () => {
      const b = await createTestTenant("lines-b");
      const keyB = await bigKey(b, { allowDelete: true });
      const linesB = new LinesApi(keyB);
      const oppB = await new RecordsApi(keyB, "opportunity").mustCreate({ name: "B's deal", stage: "proposal" });
      const productB = await new RecordsApi(keyB, "product").mustCreate({ name: "B's product", price: 1 });

      errorOf(await linesB.list(opp.id), 404);
      for (const res of [
        await linesB.patch({ id: line.id, quantity: 9 }),
        await linesB.patchById(line.id, { quantity: 9 }),
        await linesB.remove(line.id),
        await linesB.removeById(line.id),
      ])
        errorOf(res, 404);
      expect(errorOf(await linesB.add({ opportunity_id: opp.id, product_id: productB.id }), 400)).toMatch(/^opportunity_id: /);
      expect(errorOf(await linesB.add({ opportunity_id: oppB.id, product_id: widget.id }), 400)).toMatch(/^product_id: /);

      expect(await expectConsistent(opp.id)).toEqual(before);
      expect(await linesB.mustList(oppB.id)).toEqual({
        data: [],
        totals: { subtotal: "0.00", discount: "0.00", tax: "0.00", total: "0.00" },
      });
      // And A cannot see B's.
      errorOf(await lines.list(oppB.id), 404);
    });
  });
});

/** The fields of a line that a PATCH of other fields keeps. */
function pickStable(l: Line): Partial<Line> {
  const { id, opportunity_id, product_id, name, unit_price, discount, tax, term, created_at } = l;
  return { id, opportunity_id, product_id, name, unit_price, discount, tax, term, created_at };
}
