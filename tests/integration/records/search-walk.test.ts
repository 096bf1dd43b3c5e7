/**
 * A search with no filter reads its total from the name tokens and, when it matches many records,
 * its page by walking the order's index (search-sql.ts). Every way through gives the answer of the
 * general list path: the same page, the same exact total, trashed records left out, a walk that
 * reaches its limit handing over to the lookup of the matches.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { listParamsSchema } from "@/lib/schemas/records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { parseListQuery } from "@/lib/services/records/query/index.ts";
import { readRecordPage, type SearchTuning } from "@/lib/services/records/read-records.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { bigKey, RecordsApi, type BulkCreateResult, type Query } from "./helpers.ts";

const CONTACTS = 3_000;
/** Small enough that 3,000 records show every path: lookup below 100 matches, a walk of at most 500 records. */
const TUNING: SearchTuning = { walkFrom: 100, walkReach: 500 };
/** A condition every record meets: it sends the same list down the general path, for reference. */
const GENERAL = "created_at:gt:2000-01-01T00:00:00Z";

let t: TestTenant;
let contacts: RecordsApi;

beforeAll(async () => {
  t = await createTestTenant("search-walk");
  contacts = new RecordsApi(await bigKey(t, { allowDelete: true }), "contact");
  const created: string[] = [];
  for (let start = 0; start < CONTACTS; start += 500) {
    const batch = Array.from({ length: 500 }, (_, k) => {
      const i = start + k;
      // The oldest 600 are the only Zorros: a newest-first walk passes 2,400 records before them.
      return { first_name: ["Maria", "Mateo", "Noor"][i % 3], last_name: i < 600 ? `Zorro ${i}` : `Lane ${i}` };
    });
    const res = await contacts.bulkCreate(batch);
    expect(res.status).toBe(200);
    created.push(...res.json<BulkCreateResult>().results.map((r) => r.id!));
  }
  // 50 Marias in the trash: in no total and on no page.
  for (const id of created.filter((_, i) => i % 3 === 0 && i % 7 === 0).slice(0, 50)) {
    expect((await contacts.remove(id)).status).toBe(204);
  }
}, 120_000);

type Path = "walk" | "lookup" | "walk, then lookup" | "neither";

/** The list through readRecordPage with the small tuning, and how it read the page. */
async function searchPage(params: Query) {
  const sent: string[] = [];
  const page = await withTenantSql(t.tenantId, async (tx) => {
    const object = await loadObjectSchema(tx, t.tenantId, "contact");
    // As the REST adapter gives them: paging numbers as numbers.
    const numbers = Object.fromEntries(["limit", "offset"].filter((k) => params[k] !== undefined).map((k) => [k, Number(params[k])]));
    const q = parseListQuery(object.fields, listParamsSchema.parse({ object: "contact", ...params, ...numbers }));
    const spy: SqlTx = {
      ...tx,
      $queryRaw: <T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
        if (query instanceof Prisma.Sql) sent.push(query.text);
        return tx.$queryRaw<T>(query, ...values);
      },
    };
    return readRecordPage(spy, t.tenantId, object, q, TUNING);
  });
  const walk = sent.some((s) => s.includes("EXISTS (SELECT 1 FROM record_token"));
  const lookup = sent.some((s) => s.includes("CROSS JOIN LATERAL"));
  const path: Path = walk ? (lookup ? "walk, then lookup" : "walk") : lookup ? "lookup" : "neither";
  return { ids: page.data.map((r) => r.id), total: page.total, path };
}

async function reference(params: Query) {
  const page = await contacts.page({ ...params, filter: GENERAL });
  return { ids: page.data.map((r) => r.id), total: page.total };
}

describe("a search with no filter", () => {
  const CASES: [string, Query, Path, number][] = [
    ["one letter, newest first", { search: "m" }, "walk", 2_000 - 50],
    ["two letters, second page", { search: "ma", offset: "50" }, "walk", 2_000 - 50],
    ["a word, oldest first", { search: "maria", order: "created_at:asc" }, "walk", 1_000 - 50],
    ["updated_at descending, a later page", { search: "n", order: "updated_at:desc", offset: "100", limit: "20" }, "walk", 1_000],
    ["two words", { search: "noor lane" }, "walk", 800],
    // Mateo Zorro 1, 10–19, 100–199: i % 3 === 1 among them.
    ["a narrow search", { search: "mateo zorro 1" }, "lookup", 1 + 4 + 34],
    // The 600 oldest, 29 of them trashed Marias: the newest 500 records hold none.
    ["matches beyond the walk's reach", { search: "zorro" }, "walk, then lookup", 600 - 29],
    ["ordered by a field", { search: "ma", order: "last_name:desc" }, "lookup", 2_000 - 50],
    ["past the end", { search: "maria", offset: "2000" }, "neither", 1_000 - 50],
    ["nothing", { search: "quentin" }, "neither", 0],
  ];

  it.each(CASES)("%s: the general path's page and total", async (_, params, path, total) => {
    const got = await searchPage(params);
    const want = await reference(params);
    expect(got.total).toBe(total);
    expect(got).toEqual({ ...want, path });
  });
});
