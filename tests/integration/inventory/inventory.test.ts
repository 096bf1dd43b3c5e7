/**
 * Inventory over REST, through the route handlers in-process:
 * - every live product is listed, with 0.00 on hand and no reorder level until stock is adjusted;
 * - adjustments set or add stock with a reason, never below 0 (400, nothing logged), each logged as
 *   a movement listed newest first with the quantity on hand after it;
 * - PATCH /inventory/{productId} sets or clears the reorder level;
 * - committed is the quantity on line items of live opportunities that are not closed won or
 *   lost; available = on hand − committed; low_stock = available ≤ reorder level; lowStock=true
 *   and productId filter; pages carry the total;
 * - reading needs read on product, adjusting update (read-only keys, scoped keys, roles: 403);
 *   another tenant's products are not found (404) or not accepted (400).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createTestKey, createTestTenant, denyRole, type TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { bigKey, errorOf, ISO_MS_RE, RecordsApi, UUID_RE, type ApiRecord } from "../records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: movementsRoute } = restRoute("/inventory/{productId}/movements");
const { GET: getRoute, PATCH: patchRoute } = restRoute("/inventory/{productId}");
const { POST: adjustRoute } = restRoute("/inventory/adjustments");
const { GET: listRoute } = restRoute("/inventory");
const { POST: addLineRoute } = restRoute("/line-items");

interface Item {
  product_id: string;
  name: string;
  sku: string | null;
  on_hand: string;
  reorder_level: string | null;
  committed: string;
  available: string;
  low_stock: boolean;
  updated_at: string | null;
}
interface ItemPage {
  data: Item[];
  total: number;
  limit: number;
  offset: number;
}
interface Movement {
  id: string;
  product_id: string;
  operation: "set" | "add";
  quantity: string;
  on_hand_after: string;
  reason: string;
  created_by: string;
  created_at: string;
}
interface MovementPage {
  data: Movement[];
  total: number;
  limit: number;
  offset: number;
}

/** The inventory endpoints, called in-process with one credential. */
class InventoryApi {
  constructor(readonly auth: string) {}
  list(query: Record<string, string> = {}): Promise<CallResult> {
    return call(listRoute, { auth: this.auth, path: "/inventory", query });
  }
  get(productId: string): Promise<CallResult> {
    return call(getRoute, { auth: this.auth, path: `/inventory/${productId}`, params: { productId } });
  }
  patch(productId: string, body: unknown): Promise<CallResult> {
    return call(patchRoute, { auth: this.auth, method: "PATCH", path: `/inventory/${productId}`, params: { productId }, body });
  }
  adjust(body: unknown): Promise<CallResult> {
    return call(adjustRoute, { auth: this.auth, method: "POST", path: "/inventory/adjustments", body });
  }
  movements(productId: string, query: Record<string, string> = {}): Promise<CallResult> {
    return call(movementsRoute, { auth: this.auth, path: `/inventory/${productId}/movements`, params: { productId }, query });
  }

  async mustList(query: Record<string, string> = {}): Promise<ItemPage> {
    const res = await this.list(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<ItemPage>();
  }
  async mustGet(productId: string): Promise<Item> {
    const res = await this.get(productId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<Item>();
  }
  async mustAdjust(product_id: string, operation: "set" | "add", quantity: string | number, reason = "test"): Promise<Item> {
    const res = await this.adjust({ product_id, operation, quantity, reason });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.json<Item>();
  }
  async mustPatch(productId: string, body: unknown): Promise<Item> {
    const res = await this.patch(productId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<Item>();
  }
  async mustMovements(productId: string, query: Record<string, string> = {}): Promise<MovementPage> {
    const res = await this.movements(productId, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<MovementPage>();
  }
}

const ids = (page: ItemPage) => page.data.map((i) => i.product_id);

const NEVER_ADJUSTED = { on_hand: "0.00", reorder_level: null, committed: "0.00", available: "0.00", low_stock: false, updated_at: null };

describe("inventory", () => {
  let t: TestTenant;
  let key: string;
  let inv: InventoryApi;
  let products: RecordsApi;
  let opps: RecordsApi;

  const addLine = async (opportunityId: string, productId: string, quantity: string | number) => {
    const res = await call(addLineRoute, {
      auth: key,
      method: "POST",
      path: "/line-items",
      body: { opportunity_id: opportunityId, product_id: productId, quantity },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestTenant("inventory");
    key = await bigKey(t, { allowDelete: true });
    inv = new InventoryApi(key);
    products = new RecordsApi(key, "product");
    opps = new RecordsApi(key, "opportunity");
  });

  describe("a tenant's products before any adjustment", () => {
    it("lists every live product by name with on hand 0.00, no reorder level and updated_at null", async () => {
      const fresh = await createTestTenant("inventory-empty");
      const api = new InventoryApi(await bigKey(fresh, { allowDelete: true }));
      const prods = new RecordsApi(api.auth, "product");
      expect(await api.mustList()).toEqual({ data: [], total: 0, limit: 50, offset: 0 });
      const b = await prods.mustCreate({ name: "Bolt", sku: "B-1", price: 1 });
      const a = await prods.mustCreate({ name: "Anchor" });
      const gone = await prods.mustCreate({ name: "Chain" });
      expect((await prods.remove(gone.id)).status).toBe(204);
      expect(await api.mustList()).toEqual({
        data: [
          { product_id: a.id, name: "Anchor", sku: null, ...NEVER_ADJUSTED },
          { product_id: b.id, name: "Bolt", sku: "B-1", ...NEVER_ADJUSTED },
        ],
        total: 2,
        limit: 50,
        offset: 0,
      });
      expect(await api.mustGet(b.id)).toEqual({ product_id: b.id, name: "Bolt", sku: "B-1", ...NEVER_ADJUSTED });
      expect(await api.mustMovements(b.id)).toEqual({ data: [], total: 0, limit: 50, offset: 0 });
      // A trashed or unknown product has no stock to show.
      errorOf(await api.get(gone.id), 404);
      errorOf(await api.get(randomUUID()), 404);
      errorOf(await api.movements(gone.id), 404);
      errorOf(await api.movements(randomUUID()), 404);
      errorOf(await api.patch(randomUUID(), { reorder_level: 1 }), 404);
      errorOf(await api.get("nope"), 400);
    });
  });

  describe("adjustments and movements", () => {
    let p: ApiRecord;
    beforeAll(async () => {
      p = await products.mustCreate({ name: "Adjusted", sku: "ADJ", price: 2 });
    });

    it("set and add change on hand, each logged as a movement, newest first with on hand after it", async () => {
      const started = new Date().toISOString();
      const s = await inv.mustAdjust(p.id, "set", 40, "stock count");
      expect(s).toEqual({
        product_id: p.id,
        name: "Adjusted",
        sku: "ADJ",
        on_hand: "40.00",
        reorder_level: null,
        committed: "0.00",
        available: "40.00",
        low_stock: false,
        updated_at: expect.stringMatching(ISO_MS_RE),
      });
      expect(s.updated_at! >= started.slice(0, 19)).toBe(true);
      expect((await inv.mustAdjust(p.id, "add", "-5.5", "damaged")).on_hand).toBe("34.50");
      expect((await inv.mustAdjust(p.id, "add", 10.25, "  received shipment  ")).on_hand).toBe("44.75");
      expect((await inv.mustAdjust(p.id, "add", "0", "recount, no change")).on_hand).toBe("44.75");
      expect((await inv.mustAdjust(p.id, "set", "0.00", "written off")).on_hand).toBe("0.00");
      expect((await inv.mustAdjust(p.id, "add", "7", "found")).on_hand).toBe("7.00");
      expect(await inv.mustGet(p.id)).toMatchObject({ on_hand: "7.00", available: "7.00" });

      const page = await inv.mustMovements(p.id);
      expect(page.total).toBe(6);
      expect(page.data.map((m) => [m.operation, m.quantity, m.on_hand_after, m.reason])).toEqual([
        ["add", "7.00", "7.00", "found"],
        ["set", "0.00", "0.00", "written off"],
        ["add", "0.00", "44.75", "recount, no change"],
        ["add", "10.25", "44.75", "received shipment"],
        ["add", "-5.50", "34.50", "damaged"],
        ["set", "40.00", "40.00", "stock count"],
      ]);
      for (const m of page.data) {
        expect(m).toEqual({
          id: expect.stringMatching(UUID_RE),
          product_id: p.id,
          operation: m.operation,
          quantity: m.quantity,
          on_hand_after: m.on_hand_after,
          reason: m.reason,
          created_by: t.users.admin,
          created_at: expect.stringMatching(ISO_MS_RE),
        });
      }
      const times = page.data.map((m) => m.created_at);
      expect([...times].sort().reverse()).toEqual(times);

      // Pages of the log.
      const second = await inv.mustMovements(p.id, { limit: "2", offset: "2" });
      expect(second).toEqual({ data: page.data.slice(2, 4), total: 6, limit: 2, offset: 2 });
      expect((await inv.mustMovements(p.id, { offset: "10" })).data).toEqual([]);
      errorOf(await inv.movements(p.id, { limit: "0" }), 400);
    });

    it("movements made within one millisecond are still listed newest first", async () => {
      const q = await products.mustCreate({ name: "Same instant" });
      // Requests that land in the same millisecond (a script adjusting stock quickly, a fast database).
      const now = vi.spyOn(Date, "now").mockReturnValue(Date.now());
      try {
        for (let i = 1; i <= 6; i++) await inv.mustAdjust(q.id, "add", i, `step ${i}`);
      } finally {
        now.mockRestore();
      }
      const page = await inv.mustMovements(q.id);
      expect(page.data.map((m) => [m.reason, m.on_hand_after])).toEqual([
        ["step 6", "21.00"],
        ["step 5", "15.00"],
        ["step 4", "10.00"],
        ["step 3", "6.00"],
        ["step 2", "3.00"],
        ["step 1", "1.00"],
      ]);
    });

    it("refuses to take on hand below 0, and logs nothing", async () => {
      const q = await products.mustCreate({ name: "Scarce" });
      await inv.mustAdjust(q.id, "set", 3, "count");
      const res = await inv.adjust({ product_id: q.id, operation: "add", quantity: "-5", reason: "shipped" });
      expect(errorOf(res, 400)).toBe("quantity: on hand is 3.00; removing 5 would leave less than 0");
      expect(res.json<{ details: unknown }>().details).toEqual([{ path: "quantity", message: "would make the quantity on hand negative" }]);
      // Never adjusted: from 0.
      const r = await products.mustCreate({ name: "Empty shelf" });
      errorOf(await inv.adjust({ product_id: r.id, operation: "add", quantity: -0.01, reason: "shipped" }), 400);
      expect(await inv.mustGet(r.id)).toMatchObject({ on_hand: "0.00" });
      expect(await inv.mustMovements(r.id)).toMatchObject({ data: [], total: 0 });
      // set below 0 is refused as such.
      expect(errorOf(await inv.adjust({ product_id: q.id, operation: "set", quantity: -1, reason: "oops" }), 400)).toBe(
        "quantity: set needs a quantity of 0 or more",
      );
      // Exactly to 0 is fine.
      expect((await inv.mustAdjust(q.id, "add", "-3.00", "sold out")).on_hand).toBe("0.00");
      const log = await inv.mustMovements(q.id);
      expect(log.data.map((m) => [m.operation, m.quantity, m.on_hand_after])).toEqual([
        ["add", "-3.00", "0.00"],
        ["set", "3.00", "3.00"],
      ]);
    });

    it("refuses to take on hand past 1,000,000,000 by repeated adds, and logs nothing", async () => {
      const big = await products.mustCreate({ name: "Bulk bolts" });
      await inv.mustAdjust(big.id, "set", "999999999.99", "count");
      const res = await inv.adjust({ product_id: big.id, operation: "add", quantity: "0.02", reason: "delivery" });
      expect(errorOf(res, 400)).toBe("quantity: on hand is 999999999.99; adding 0.02 would go past 1000000000");
      expect((await inv.mustAdjust(big.id, "add", "0.01", "delivery")).on_hand).toBe("1000000000.00");
      expect((await inv.mustMovements(big.id)).total).toBe(2);
    });

    it("validates the adjustment: 400 naming the field, nothing logged", async () => {
      const q = await products.mustCreate({ name: "Validated" });
      await inv.mustAdjust(q.id, "set", 5, "count");
      const base = { product_id: q.id, operation: "add", quantity: 1, reason: "why" };
      const quantityMessage = "must be a number from -1000000000 to 1000000000 with at most 2 decimals";
      const cases: [Record<string, unknown>, string][] = [
        [{ operation: "remove" }, "operation: must be set or add"],
        [{ operation: undefined }, "operation: must be set or add"],
        [{ quantity: "1.234" }, `quantity: ${quantityMessage}`],
        [{ quantity: 0.001 }, `quantity: ${quantityMessage}`],
        [{ quantity: "1000000000.01" }, `quantity: ${quantityMessage}`],
        [{ quantity: "ten" }, `quantity: ${quantityMessage}`],
        [{ quantity: undefined }, `quantity: ${quantityMessage}`],
        [{ reason: "   " }, "reason: say why (e.g. received shipment, stock count)"],
        [{ reason: "x".repeat(501) }, "reason: must be at most 500 characters"],
        [{ product_id: "nope" }, "product_id: must be the id (a uuid) of a product"],
      ];
      for (const [change, error] of cases)
        expect(errorOf(await inv.adjust({ ...base, ...change }), 400), JSON.stringify(change)).toBe(error);
      expect(errorOf(await inv.adjust({ ...base, reason: undefined }), 400)).toMatch(/^reason: /);
      expect(errorOf(await inv.adjust({ ...base, note: "extra" }), 400)).toContain("note");

      const gone = await products.mustCreate({ name: "Gone" });
      expect((await products.remove(gone.id)).status).toBe(204);
      const opp = await opps.mustCreate({ name: "Not a product", stage: "proposal" });
      for (const productId of [randomUUID(), gone.id, opp.id]) {
        const res = await inv.adjust({ ...base, product_id: productId });
        expect(errorOf(res, 400)).toBe(`product_id: no live product with id '${productId}'`);
        expect(res.json<{ details: unknown }>().details).toEqual([
          { path: "product_id", message: "must be the id of a product that is not in the trash" },
        ]);
      }
      expect(await inv.mustGet(q.id)).toMatchObject({ on_hand: "5.00" });
      expect((await inv.mustMovements(q.id)).total).toBe(1);
    });
  });

  describe("reorder level", () => {
    it("PATCH /inventory/{productId} sets and clears it; low_stock follows; no movement is logged", async () => {
      const p = await products.mustCreate({ name: "Reordered" });
      // On a product never adjusted.
      const set = await inv.mustPatch(p.id, { reorder_level: 2 });
      expect(set).toMatchObject({ on_hand: "0.00", reorder_level: "2.00", available: "0.00", low_stock: true });
      expect(set.updated_at).toMatch(ISO_MS_RE);
      await inv.mustAdjust(p.id, "set", "2.5", "count");
      expect(await inv.mustGet(p.id)).toMatchObject({ reorder_level: "2.00", available: "2.50", low_stock: false });
      expect(await inv.mustPatch(p.id, { reorder_level: "2.50" })).toMatchObject({ reorder_level: "2.50", low_stock: true });
      expect(await inv.mustPatch(p.id, { reorder_level: "2.49" })).toMatchObject({ reorder_level: "2.49", low_stock: false });
      expect(await inv.mustPatch(p.id, { reorder_level: 0 })).toMatchObject({ reorder_level: "0.00", low_stock: false });
      expect(await inv.mustPatch(p.id, { reorder_level: null })).toMatchObject({ reorder_level: null, low_stock: false, on_hand: "2.50" });
      expect((await inv.mustMovements(p.id)).total).toBe(1);

      const message = "reorder_level: must be a number from 0 to 1000000000 with at most 2 decimals";
      expect(errorOf(await inv.patch(p.id, { reorder_level: -1 }), 400)).toBe(message);
      expect(errorOf(await inv.patch(p.id, { reorder_level: "1.001" }), 400)).toBe(message);
      expect(errorOf(await inv.patch(p.id, {}), 400)).toMatch(/^reorder_level: /);
      expect(errorOf(await inv.patch(p.id, { reorder_level: 1, on_hand: 5 }), 400)).toContain("on_hand");
      expect(await inv.mustGet(p.id)).toMatchObject({ reorder_level: null, on_hand: "2.50" });
    });
  });

  describe("committed, available and low stock", () => {
    let p: ApiRecord;
    let other: ApiRecord;

    beforeAll(async () => {
      p = await products.mustCreate({ name: "Committed widget", price: 10 });
      other = await products.mustCreate({ name: "Committed other", price: 10 });
    });

    it("counts quantities on open opportunities only: not closed won or lost, not trashed", async () => {
      const open1 = await opps.mustCreate({ name: "Open 1", stage: "proposal" });
      const open2 = await opps.mustCreate({ name: "Open 2", stage: "prospecting" });
      const won = await opps.mustCreate({ name: "Won", stage: "closed_won" });
      const lost = await opps.mustCreate({ name: "Lost", stage: "closed_lost" });
      const trashed = await opps.mustCreate({ name: "Trashed", stage: "negotiation" });
      await addLine(open1.id, p.id, 3);
      await addLine(open1.id, p.id, "2");
      await addLine(open2.id, p.id, 1.5);
      await addLine(won.id, p.id, 10);
      await addLine(lost.id, p.id, 20);
      await addLine(trashed.id, p.id, 100);
      await addLine(open1.id, other.id, 1000); // another product's
      expect((await opps.remove(trashed.id)).status).toBe(204);
      await inv.mustAdjust(p.id, "set", 10, "count");

      expect(await inv.mustGet(p.id)).toMatchObject({ on_hand: "10.00", committed: "6.50", available: "3.50", low_stock: false });
      expect(await inv.mustGet(other.id)).toMatchObject({ on_hand: "0.00", committed: "1000.00", available: "-1000.00", low_stock: false });

      // Winning a deal releases its lines; reopening and restoring bring them back.
      expect((await opps.patch(open2.id, { stage: "closed_won" })).status).toBe(200);
      expect(await inv.mustGet(p.id)).toMatchObject({ committed: "5.00", available: "5.00" });
      expect((await opps.patch(lost.id, { stage: "negotiation" })).status).toBe(200);
      expect(await inv.mustGet(p.id)).toMatchObject({ committed: "25.00", available: "-15.00" });
      expect((await opps.restore(trashed.id)).status).toBe(200);
      expect(await inv.mustGet(p.id)).toMatchObject({ committed: "125.00", available: "-115.00" });
      // Back to the first picture.
      expect((await opps.patch(open2.id, { stage: "qualification" })).status).toBe(200);
      expect((await opps.patch(lost.id, { stage: "closed_lost" })).status).toBe(200);
      expect((await opps.remove(trashed.id)).status).toBe(204);
      expect(await inv.mustGet(p.id)).toMatchObject({ committed: "6.50", available: "3.50" });
      // The list says the same as the single product.
      expect((await inv.mustList({ productId: p.id })).data).toEqual([await inv.mustGet(p.id)]);
    });

    it("low_stock is available ≤ reorder level (negative available included), never without a level", async () => {
      expect(await inv.mustPatch(p.id, { reorder_level: "3.50" })).toMatchObject({ available: "3.50", low_stock: true });
      expect(await inv.mustPatch(p.id, { reorder_level: "3.49" })).toMatchObject({ available: "3.50", low_stock: false });
      // More promised than held: low at any level, but not without one.
      expect(await inv.mustPatch(other.id, { reorder_level: 0 })).toMatchObject({ available: "-1000.00", low_stock: true });
      expect(await inv.mustPatch(other.id, { reorder_level: null })).toMatchObject({ available: "-1000.00", low_stock: false });
      // Taking stock out makes it low.
      expect(await inv.mustAdjust(p.id, "add", "-0.01", "sample")).toMatchObject({ on_hand: "9.99", available: "3.49", low_stock: true });
    });
  });

  describe("listing", () => {
    let api: InventoryApi;
    let items: ApiRecord[];

    beforeAll(async () => {
      const fresh = await createTestTenant("inventory-list");
      api = new InventoryApi(await bigKey(fresh, { allowDelete: true }));
      const prods = new RecordsApi(api.auth, "product");
      items = [];
      for (const name of ["Item A", "Item B", "Item C", "Item D", "Item E"]) items.push(await prods.mustCreate({ name }));
      // B and D low, C at its level, A without a level, E above it.
      await api.mustAdjust(items[1]!.id, "set", 1, "count");
      await api.mustPatch(items[1]!.id, { reorder_level: 5 });
      await api.mustAdjust(items[2]!.id, "set", 5, "count");
      await api.mustPatch(items[2]!.id, { reorder_level: 5 });
      await api.mustPatch(items[3]!.id, { reorder_level: 0 });
      await api.mustAdjust(items[4]!.id, "set", 50, "count");
      await api.mustPatch(items[4]!.id, { reorder_level: 5 });
    });

    it("lowStock=true keeps the products at or below their reorder level; false and absent keep all", async () => {
      const low = await api.mustList({ lowStock: "true" });
      expect(ids(low)).toEqual([items[1]!.id, items[2]!.id, items[3]!.id]);
      expect(low.total).toBe(3);
      expect(low.data.every((i) => i.low_stock)).toBe(true);
      expect(ids(await api.mustList({ lowStock: "false" }))).toEqual(items.map((i) => i.id));
      expect(ids(await api.mustList())).toEqual(items.map((i) => i.id));
      expect(errorOf(await api.list({ lowStock: "yes" }), 400)).toMatch(/^lowStock: /);
    });

    it("productId keeps one product; an unknown or trashed one is not found", async () => {
      const one = await api.mustList({ productId: items[3]!.id });
      expect(one).toEqual({ data: [await api.mustGet(items[3]!.id)], total: 1, limit: 50, offset: 0 });
      expect(await api.mustList({ productId: items[3]!.id, lowStock: "true" })).toMatchObject({ total: 1 });
      expect(await api.mustList({ productId: items[4]!.id, lowStock: "true" })).toEqual({ data: [], total: 0, limit: 50, offset: 0 });
      errorOf(await api.list({ productId: randomUUID() }), 404);
      const gone = await new RecordsApi(api.auth, "product").mustCreate({ name: "Item gone" });
      expect((await new RecordsApi(api.auth, "product").remove(gone.id)).status).toBe(204);
      errorOf(await api.list({ productId: gone.id }), 404);
      expect(errorOf(await api.list({ productId: "nope" }), 400)).toMatch(/^productId: /);
    });

    it("pages by name with the total on every page", async () => {
      const all = items.map((i) => i.id);
      expect(await api.mustList({ limit: "2" })).toMatchObject({ total: 5, limit: 2, offset: 0 });
      expect(ids(await api.mustList({ limit: "2" }))).toEqual(all.slice(0, 2));
      expect(ids(await api.mustList({ limit: "2", offset: "2" }))).toEqual(all.slice(2, 4));
      expect(await api.mustList({ limit: "2", offset: "4" })).toMatchObject({ total: 5, offset: 4 });
      expect(ids(await api.mustList({ limit: "2", offset: "4" }))).toEqual(all.slice(4));
      expect(await api.mustList({ limit: "5" })).toMatchObject({ total: 5 });
      expect(await api.mustList({ offset: "10" })).toEqual({ data: [], total: 5, limit: 50, offset: 10 });
      expect(await api.mustList({ lowStock: "true", limit: "1", offset: "1" })).toMatchObject({
        total: 3,
        data: [{ product_id: items[2]!.id }],
      });
      expect(await api.mustList({ lowStock: "true", offset: "7" })).toMatchObject({ total: 3, data: [] });
      errorOf(await api.list({ limit: "0" }), 400);
      errorOf(await api.list({ limit: "501" }), 400);
      errorOf(await api.list({ offset: "-1" }), 400);
    });
  });

  describe("access", () => {
    let p: ApiRecord;
    let before: Item;

    beforeAll(async () => {
      p = await products.mustCreate({ name: "Guarded stock" });
      await inv.mustAdjust(p.id, "set", 8, "count");
      before = await inv.mustGet(p.id);
    });

    async function expectUnchanged(): Promise<void> {
      expect(await inv.mustGet(p.id)).toEqual(before);
      expect((await inv.mustMovements(p.id)).total).toBe(1);
    }

    it("a read-only key reads but cannot adjust or set the reorder level: 403 errors.apiKeyReadOnly", async () => {
      const ro = new InventoryApi(await bigKey(t, { readOnly: true }));
      expect((await ro.mustList({ productId: p.id })).data).toEqual([before]);
      expect(await ro.mustGet(p.id)).toEqual(before);
      expect((await ro.mustMovements(p.id)).total).toBe(1);
      expect(errorOf(await ro.adjust({ product_id: p.id, operation: "add", quantity: 1, reason: "x" }), 403)).toBe("errors.apiKeyReadOnly");
      expect(errorOf(await ro.patch(p.id, { reorder_level: 1 }), 403)).toBe("errors.apiKeyReadOnly");
      await expectUnchanged();
    });

    it('a key without product ("opportunity" only): 403 errors.apiKeyObjectDenied everywhere', async () => {
      const scoped = new InventoryApi(await bigKey(t, { allowedObjects: ["opportunity"] }));
      for (const res of [
        await scoped.list(),
        await scoped.get(p.id),
        await scoped.movements(p.id),
        await scoped.adjust({ product_id: p.id, operation: "add", quantity: 1, reason: "x" }),
        await scoped.patch(p.id, { reorder_level: 1 }),
      ])
        expect(errorOf(res, 403)).toBe("errors.apiKeyObjectDenied");
      await expectUnchanged();
      // A key with product may.
      const withProduct = new InventoryApi(await bigKey(t, { allowedObjects: ["product"] }));
      expect(await withProduct.mustGet(p.id)).toEqual(before);
    });

    it("a role without update on product reads but cannot write; without read, nothing: 403 errors.permissionDenied", async () => {
      const other = await createTestTenant("inventory-rbac");
      const admin = new InventoryApi(await bigKey(other));
      const q = await new RecordsApi(admin.auth, "product").mustCreate({ name: "Role stock" });
      await admin.mustAdjust(q.id, "set", 4, "count");
      await denyRole(other, "member", "product", { read: true, create: true, update: false, delete: true });
      const member = new InventoryApi((await createTestKey(other, { role: "member", rateLimit: 100_000 })).secret);
      expect(await member.mustGet(q.id)).toMatchObject({ on_hand: "4.00" });
      expect(errorOf(await member.adjust({ product_id: q.id, operation: "add", quantity: 1, reason: "x" }), 403)).toBe(
        "errors.permissionDenied",
      );
      expect(errorOf(await member.patch(q.id, { reorder_level: 1 }), 403)).toBe("errors.permissionDenied");
      await denyRole(other, "member", "product", { read: false, create: false, update: false, delete: false });
      for (const res of [await member.list(), await member.get(q.id), await member.movements(q.id)])
        expect(errorOf(res, 403)).toBe("errors.permissionDenied");
      expect(await admin.mustGet(q.id)).toMatchObject({ on_hand: "4.00", reorder_level: null });
      expect((await admin.mustMovements(q.id)).total).toBe(1);
    });

    it("another tenant: 404 for A's product on GET, PATCH, movements and the list's productId, 400 for an adjustment naming it", async () => {
      const b = await createTestTenant("inventory-b");
      const invB = new InventoryApi(await bigKey(b));
      const own = await new RecordsApi(invB.auth, "product").mustCreate({ name: "B's stock" });
      errorOf(await invB.get(p.id), 404);
      errorOf(await invB.patch(p.id, { reorder_level: 1 }), 404);
      errorOf(await invB.movements(p.id), 404);
      const res = await invB.adjust({ product_id: p.id, operation: "set", quantity: 0, reason: "steal" });
      expect(errorOf(res, 400)).toBe(`product_id: no live product with id '${p.id}'`);
      errorOf(await invB.list({ productId: p.id }), 404);
      expect(ids(await invB.mustList())).toEqual([own.id]);
      await expectUnchanged();
      // Nor does A see B's.
      errorOf(await inv.get(own.id), 404);
    });
  });
});
