/**
 * Line item writes to one opportunity at the same time (lib/services/line-items/line-items.ts locks
 * the opportunity's record row for each write). 20 adds, changes and removals started together with
 * Promise.all all succeed, and afterwards:
 * - the lines are exactly the ones expected, with the changed values;
 * - each line's total, GET's totals and the opportunity's amount agree with amounts computed here;
 * - the opportunity's record.updated events form one chain from the amount before to the amount
 *   after, one per write: each write recomputed from what the previous one committed.
 * The 200-line limit holds when concurrent adds race for the last places.
 * On PostgreSQL the requests really run side by side; PGlite runs one transaction at a time.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { bigKey, RecordsApi, type ApiRecord } from "../records/helpers.ts";
import { expectLinesAddUp, type LineList } from "./expected-totals.ts";
import type { ApiLineItem as Line } from "@/lib/schemas/line-items.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { DELETE: deleteLinesRoute, GET: listLinesRoute, PATCH: patchLinesRoute, POST: addLineRoute } = restRoute("/line-items");
const { DELETE: deleteLineRoute, PATCH: patchLineRoute } = restRoute("/line-items/{id}");

/**
 * Whether the moves `from → to` can be put in one sequence leading from `start` to `end` using
 * each once (amounts may repeat, so by search rather than by following the links).
 */
function chains(moves: { from: string; to: string }[], start: string, end: string): boolean {
  const used = moves.map(() => false);
  const walk = (at: string, left: number): boolean => {
    if (left === 0) return at === end;
    for (let i = 0; i < moves.length; i++) {
      if (used[i] || moves[i]!.from !== at) continue;
      used[i] = true;
      if (walk(moves[i]!.to, left - 1)) return true;
      used[i] = false;
    }
    return false;
  };
  return walk(start, moves.length);
}

describe("concurrent line item writes to one opportunity", () => {
  let t: TestTenant;
  let key: string;
  let opps: RecordsApi;
  let products: ApiRecord[];

  const add = (body: unknown) => call(addLineRoute, { auth: key, method: "POST", path: "/line-items", body });
  const list = async (opportunityId: string): Promise<LineList> => {
    const res = await call(listLinesRoute, { auth: key, path: "/line-items", query: { opportunityId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<LineList>();
  };

  /** The lines, totals and amount agree with each other and with the amounts computed here. */
  async function expectConsistent(opportunityId: string): Promise<LineList> {
    const got = await list(opportunityId);
    expectLinesAddUp(got);
    expect((await opps.mustGet(opportunityId)).amount).toBe(got.totals.total);
    return got;
  }

  /** The opportunity's record.updated events' amount changes, in no particular order. */
  async function amountMoves(opportunityId: string): Promise<{ id: string; from: string; to: string }[]> {
    const rows = await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ id: string; payload: string }[]>`
        SELECT id::text, payload FROM outbox_event
        WHERE tenant_id = ${t.tenantId}::uuid AND record_id = ${opportunityId}::uuid AND event = 'record.updated'`,
    );
    return rows.map((r) => {
      const p = JSON.parse(r.payload) as { data: { amount: string }; changes: { amount?: { from: string | null; to: string } } };
      expect(p.changes.amount, r.payload).toBeDefined();
      expect(p.data.amount).toBe(p.changes.amount!.to);
      return { id: r.id, from: p.changes.amount!.from ?? "null", to: p.changes.amount!.to };
    });
  }

  beforeAll(async () => {
    t = await createTestTenant("lines-race");
    key = await bigKey(t);
    opps = new RecordsApi(key, "opportunity");
    const productApi = new RecordsApi(key, "product");
    products = [
      await productApi.mustCreate({ name: "Seat", price: "19.99", tax_rate: 20 }),
      await productApi.mustCreate({ name: "Support", price: "0.67" }),
      await productApi.mustCreate({ name: "Setup", price: "1234.56", tax_rate: 7.5 }),
    ];
  });

  it("20 concurrent adds, changes and removals: every write lands and the amount is the lines' total", async () => {
    const opp = await opps.mustCreate({ name: "Contested", stage: "negotiation" });
    // Ten lines to change and remove, written one by one.
    const seeded: Line[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await add({ opportunity_id: opp.id, product_id: products[i % 3]!.id, quantity: i + 1, discount: (i * 3.33).toFixed(2) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      seeded.push(res.json<Line>());
    }
    const start = await expectConsistent(opp.id);
    const seen = new Set((await amountMoves(opp.id)).map((m) => m.id));

    // 8 adds, 7 changes (of lines 0–6, to quantities no line had), 5 removals (of lines 5–9)
    // — lines 5 and 6 are both changed and removed, so those changes may find them gone (404).
    const changed = seeded.slice(0, 7);
    const removed = seeded.slice(5, 10);
    const ops: { kind: string; run: () => Promise<CallResult>; ok: number[] }[] = [
      ...Array.from({ length: 8 }, (_, i) => ({
        kind: `add ${i}`,
        run: () =>
          add({
            opportunity_id: opp.id,
            product_id: products[i % 3]!.id,
            quantity: `${i + 1}.5`,
            discount: i % 2 ? 10 : "0",
            tax: i % 3 ? "5" : 0,
          }),
        ok: [201],
      })),
      ...changed.map((l, i) => ({
        kind: `change ${l.id}`,
        run: () =>
          i % 2
            ? call(patchLinesRoute, { auth: key, method: "PATCH", path: "/line-items", body: { id: l.id, quantity: 100 + i, tax: "12.5" } })
            : call(patchLineRoute, {
                auth: key,
                method: "PATCH",
                path: `/line-items/${l.id}`,
                params: { id: l.id },
                body: { quantity: 100 + i },
              }),
        ok: removed.includes(l) ? [200, 404] : [200],
      })),
      ...removed.map((l, i) => ({
        kind: `remove ${l.id}`,
        run: () =>
          i % 2
            ? call(deleteLinesRoute, { auth: key, method: "DELETE", path: "/line-items", query: { id: l.id } })
            : call(deleteLineRoute, { auth: key, method: "DELETE", path: `/line-items/${l.id}`, params: { id: l.id } }),
        ok: [204],
      })),
    ];
    expect(ops).toHaveLength(20);
    // Interleaved, so adds, changes and removals start mixed.
    const order = ops.map((_, i) => (i * 7) % ops.length);
    expect(new Set(order).size).toBe(ops.length);
    const results = await Promise.all(order.map((i) => ops[i]!.run()));
    const byOp = new Map(order.map((i, n) => [ops[i]!, results[n]!]));
    for (const [op, res] of byOp) expect(op.ok, `${op.kind}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);

    const after = await expectConsistent(opp.id);
    const added = ops.slice(0, 8).map((op) => byOp.get(op)!.json<Line>().id);
    const kept = seeded.filter((l) => !removed.includes(l)).map((l) => l.id);
    expect(after.data.map((l) => l.id).sort()).toEqual([...kept, ...added].sort());
    for (const [i, l] of changed.entries()) {
      if (removed.includes(l)) continue;
      const now = after.data.find((x) => x.id === l.id)!;
      expect(now.quantity).toBe(`${100 + i}.00`);
      expect(now.tax).toBe(i % 2 ? "12.50" : l.tax);
    }

    // One amount change per successful write, chained from the amount before to the one after.
    const moves = (await amountMoves(opp.id)).filter((m) => !seen.has(m.id));
    const succeeded = results.filter((r) => r.status !== 404).length;
    expect(moves).toHaveLength(succeeded);
    expect(chains(moves, start.totals.total, after.totals.total), JSON.stringify(moves)).toBe(true);
  });

  it("concurrent adds racing for the last places: exactly 200 lines, the rest refused", async () => {
    const opp = await opps.mustCreate({ name: "Nearly full", stage: "proposal" });
    await withTenantSql(
      t.tenantId,
      async (tx) =>
        tx.$executeRaw`
        INSERT INTO line_item (tenant_id, id, opportunity_id, product_id, name, quantity, unit_price, discount, tax, term,
          subtotal, discount_amount, tax_amount, total, created_at, updated_at)
        SELECT ${t.tenantId}::uuid, gen_random_uuid(), ${opp.id}::uuid, ${products[1]!.id}::uuid, 'Bulk ' || i, 1, 0.67, 0, 0, NULL,
          0.67, 0, 0, 0.67, now(), now()
        FROM generate_series(1, 190) AS i`,
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, () => add({ opportunity_id: opp.id, product_id: products[0]!.id, quantity: 2 })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(201), ...Array<number>(10).fill(400)]);
    for (const r of results.filter((x) => x.status === 400))
      expect(r.json<{ error: string }>().error).toBe("An opportunity may have at most 200 line items");
    const after = await expectConsistent(opp.id);
    expect(after.data).toHaveLength(200);
    // 190 × 0.67 + 10 × (2 × 19.99 × 1.2 = 47.976 → 47.98)
    expect(after.totals.total).toBe("607.10");
  });
});
