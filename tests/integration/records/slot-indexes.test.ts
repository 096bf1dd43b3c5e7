/**
 * Slot indexes hold only present values (migration partial_slot_indexes): a record pays index
 * entries for the fields it has, not for every slot of the table. Filters and ordering on a slot
 * still read its index as crm_app under the policy, and ordering by a field lists the records
 * with it empty after the others in either direction, across page boundaries (search-order.test.ts
 * pages through them).
 */
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { listParamsSchema } from "@/lib/schemas/records.ts";
import { pageQuery } from "@/lib/services/records/list-sql.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { parseListQuery } from "@/lib/services/records/query/index.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { bigKey, createCustomObject, RecordsApi } from "./helpers.ts";

const OBJECT = "sparse";
const ownerUrl = inject("pgOwnerUrl");
const SLOT_INDEX = /^record_tenant_id_object_id_([tnd]\d\d)_id_idx$/;

let t: TestTenant;
let api: RecordsApi;

beforeAll(async () => {
  t = await createTestTenant("slot-indexes");
  await createCustomObject(t, OBJECT, [
    { apiName: "company", label: "Company", type: "text" },
    { apiName: "score", label: "Score", type: "number" },
  ]);
  api = new RecordsApi(`Bearer ${await bigKey(t)}`, OBJECT);
  // 2,000 records with a company, one in ten with a score too.
  for (let start = 0; start < 2000; start += 500) {
    const batch = Array.from({ length: 500 }, (_, k) => ({
      name: `s${start + k}`,
      company: `Company ${(start + k) % 97}`,
      score: (start + k) % 10 === 0 ? start + k : null,
    }));
    expect((await api.bulkCreate(batch)).status).toBe(200);
  }
}, 120_000);

async function plan(filter: string[], order: string): Promise<string> {
  return withTenantSql(t.tenantId, async (tx) => {
    const object = await loadObjectSchema(tx, t.tenantId, OBJECT);
    const q = parseListQuery(object.fields, listParamsSchema.parse({ object: OBJECT, filter, order }));
    const rows = await tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (COSTS OFF) ${pageQuery(t.tenantId, object, q)}`);
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

describe("partial slot indexes", () => {
  it("index every slot only where it holds a value", async () => {
    const indexes = await withTenantSql(t.tenantId, async (tx) =>
      tx.$queryRaw<{ indexname: string; indexdef: string }[]>(
        Prisma.sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'record' ORDER BY indexname`,
      ),
    );
    const slotIndexes = indexes.filter((i) => SLOT_INDEX.test(i.indexname));
    expect(slotIndexes).toHaveLength(30);
    for (const { indexname, indexdef } of slotIndexes) {
      expect(indexdef, indexname).toMatch(new RegExp(`WHERE \\(${SLOT_INDEX.exec(indexname)![1]} IS NOT NULL\\)$`));
    }
  });

  it.skipIf(!ownerUrl)("still serve ranges and ordering by the field under the policy (PostgreSQL)", async () => {
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    await owner.query("VACUUM ANALYZE record");
    await owner.end();
    const slots = await withTenantSql(t.tenantId, async (tx) => {
      const object = await loadObjectSchema(tx, t.tenantId, OBJECT);
      return Object.fromEntries(object.fields.map((f) => [f.apiName, f.slot]));
    });
    expect(await plan(["score:gt:1500"], "created_at:desc")).toMatch(
      new RegExp(`Index Scan .*record_tenant_id_object_id_${slots.score}_id_idx`),
    );
    expect(await plan([], "company:desc")).toMatch(
      new RegExp(`Index Scan Backward using record_tenant_id_object_id_${slots.company}_id_idx`),
    );
  });

  it("list the records without the order field after the others, in both directions and across pages", async () => {
    for (const direction of ["asc", "desc"]) {
      const full = (await api.page({ order: `score:${direction}`, limit: "500", offset: "100" })).data;
      // 200 records have a score: from offset 100, 100 scored ones, then 400 without, by id.
      expect(full.slice(0, 100).every((r) => typeof r.score === "number")).toBe(true);
      expect(full.slice(100).every((r) => r.score === null)).toBe(true);
      const ids = full.slice(100).map((r) => r.id);
      const byId = [...ids].sort();
      expect(ids).toEqual(direction === "asc" ? byId : byId.reverse());
      const scores = full.slice(0, 100).map((r) => r.score as number);
      expect(scores).toEqual([...scores].sort((a, b) => (direction === "asc" ? a - b : b - a)));
      const past = await api.page({ order: `score:${direction}`, limit: "10", offset: "1995" });
      expect({ rows: past.data.length, total: past.total }).toEqual({ rows: 5, total: 2000 });
      expect(past.data.every((r) => r.score === null)).toBe(true);
    }
  });
});
