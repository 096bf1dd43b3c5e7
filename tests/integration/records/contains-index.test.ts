/**
 * `contains` on a text slot is served by the slot's trigram index under row-level security
 * (storage.md, "contains"): the plan of a contains total, run as crm_app with the tenant set,
 * is a scan of that index on PostgreSQL, for the object's rows only; every needle — long, short,
 * with LIKE's special characters, accented — finds exactly the tenant's records whose folded value
 * contains it.
 */
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { listParamsSchema } from "@/lib/schemas/records.ts";
import { countQuery } from "@/lib/services/records/list-sql.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { parseListQuery } from "@/lib/services/records/query/index.ts";
import { searchKey } from "@/lib/services/records/search-key.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { bigKey, createCustomObject, RecordsApi } from "./helpers.ts";

const OBJECT = "prospect";
const ownerUrl = inject("pgOwnerUrl");

const WORDS = ["Acme", "ACME Corp", "Núñez & Søn", "Zoë_Labs", "100% Fresh", "back\\slash", "Globex", "Initech", "Dvořák"];
/** Tenant A: a few thousand companies, enough for the planner to prefer an index to reading them all. */
const companiesA = Array.from({ length: 3000 }, (_, i) => `${WORDS[i % WORDS.length]} ${i}`);
/** Tenant B: the same words, so any of B's rows would match A's needles if the policy let them. */
const companiesB = Array.from({ length: 300 }, (_, i) => `${WORDS[(i * 7) % WORDS.length]} b${i}`);

let a: TestTenant;
let apiA: RecordsApi;
let idsA: Map<string, string>;
let idsB: Set<string>;

async function seed(t: TestTenant, companies: string[]): Promise<{ api: RecordsApi; ids: Map<string, string> }> {
  await createCustomObject(t, OBJECT, [{ apiName: "company", label: "Company", type: "text" }]);
  const api = new RecordsApi(`Bearer ${await bigKey(t)}`, OBJECT);
  const ids = new Map<string, string>();
  for (let start = 0; start < companies.length; start += 500) {
    const batch = companies.slice(start, start + 500);
    const res = await api.bulkCreate(batch.map((company, k) => ({ name: `lead ${start + k}`, company })));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { results } = res.json<{ results: { id: string }[] }>();
    results.forEach((r, k) => ids.set(r.id, batch[k]!));
  }
  return { api, ids };
}

/** What contains means: the needle is a substring of the value, both folded as search folds them. */
const expected = (ids: Map<string, string>, needle: string) =>
  [...ids].filter(([, company]) => searchKey(company).includes(searchKey(needle))).map(([id]) => id);

/** Every match of A's `company:contains:<needle>`, all pages. */
async function matchesA(needle: string): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = 0;
  for (let offset = 0; ; offset += 500) {
    const page = await apiA.page({ filter: `company:contains:${needle}`, limit: "500", offset: String(offset) });
    ids.push(...page.data.map((r) => r.id));
    total = page.total;
    if (page.data.length < 500) return { ids, total };
  }
}

beforeAll(async () => {
  a = await createTestTenant("contains-a");
  ({ api: apiA, ids: idsA } = await seed(a, companiesA));
  idsB = new Set((await seed(await createTestTenant("contains-b"), companiesB)).ids.keys());
}, 120_000);

describe("contains on a text slot", () => {
  it.skipIf(!ownerUrl)("a total with contains is a trigram index scan, as crm_app with the policy applied (PostgreSQL)", async () => {
    // The local cluster runs without autovacuum: give the planner statistics and flush the GIN
    // indexes' pending lists, as autovacuum would.
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    await owner.query("VACUUM ANALYZE record");
    await owner.end();

    const { plan, role, slot, objectId } = await withTenantSql(a.tenantId, async (tx) => {
      const object = await loadObjectSchema(tx, a.tenantId, OBJECT);
      const q = parseListQuery(object.fields, listParamsSchema.parse({ object: OBJECT, filter: ["company:contains:ACME 12"] }));
      const rows = await tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (COSTS OFF) ${countQuery(a.tenantId, object, q)}`);
      const [{ current_user }] = await tx.$queryRaw<{ current_user: string }[]>(Prisma.sql`SELECT current_user`);
      return {
        plan: rows.map((r) => r["QUERY PLAN"]).join("\n"),
        role: current_user,
        slot: object.fields.find((f) => f.apiName === "company")!.slot!,
        objectId: object.id,
      };
    });
    expect(role).toBe("crm_app");
    expect(plan).toContain(`Bitmap Index Scan on record_${slot}_trgm_idx`);
    // The object is part of the index condition: other objects' and tenants' rows containing the
    // needle are never candidates, so nothing is rechecked for them.
    expect(plan).toContain(`Index Cond: ((object_id = '${objectId}'::uuid) AND (${slot} ~~~ '%acme 12%'::text))`);
    // The policy's condition is still in the plan: the index only proposes candidates.
    expect(plan).toContain("current_setting('app.tenant_id'");
  });

  it.each(["ACME 12", "acme", "núñez & s", "NUNEZ", "zoe_labs 1", "100% fresh 2", "back\\slash 3", "dvorak 29", "orp 1"])(
    "%j finds exactly the tenant's matching records, folded",
    async (needle) => {
      const want = expected(idsA, needle);
      const got = await matchesA(needle);
      expect(got.total).toBe(want.length);
      expect(got.ids.sort()).toEqual(want.sort());
    },
  );

  it.each(["a", "12", "é", "%", "_", "\\", "z 1", "% f"])(
    "the short needle %j, which trigrams cannot serve, finds the same",
    async (needle) => {
      const want = expected(idsA, needle);
      const got = await matchesA(needle);
      expect(got.total).toBe(want.length);
      expect(got.ids.sort()).toEqual(want.sort());
    },
  );

  it("~~~ is leakproof and raises no error where LIKE would, whatever the text", async () => {
    const rows = await withTenantSql(a.tenantId, async (tx) =>
      tx.$queryRaw<{ leakproof: boolean; unpaired: boolean | null; escaped: boolean }[]>(Prisma.sql`
        SELECT (SELECT proleakproof FROM pg_proc WHERE oid = 'folded_like(text, text)'::regprocedure) AS leakproof,
               'ab\\' ~~~ 'ab\\' AS unpaired, 'a\\' ~~~ '%\\\\%' AS escaped`),
    );
    // The migration ran as a superuser on both engines here, so the function is marked.
    expect(rows).toEqual([{ leakproof: true, unpaired: null, escaped: true }]);
    await expect(withTenantSql(a.tenantId, async (tx) => tx.$queryRaw(Prisma.sql`SELECT 'ab\\' LIKE 'ab\\'`))).rejects.toThrow(/escape/);
  });

  it("never matches another tenant's records", async () => {
    for (const needle of ["acme", "globex", "initech 1"]) {
      const { ids } = await matchesA(needle);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.filter((id) => idsB.has(id) || !idsA.has(id))).toEqual([]);
    }
  });
});
