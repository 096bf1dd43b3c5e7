/**
 * Plans that hold before anything gathered statistics (storage.md, "Plans without statistics"): 20,000
 * contacts loaded through the bulk API into a database not analyzed since it was migrated (a private
 * one on PostgreSQL, whose local cluster runs without autovacuum; PGlite has none), then the plan of every
 * list, search, filter, order and count statement, run as crm_app with the policy on: no sequential
 * scan of the record tables, each id set (search words, record_value filters) read once rather than
 * once per record, and pages ordered along an index read without sorting every match.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { fieldInputSchema, type FieldInput } from "@/lib/schemas/fields.ts";
import { listParamsSchema } from "@/lib/schemas/records.ts";
import { timelinePrefetch } from "@/lib/services/activities/activity-list.ts";
import { listAudit } from "@/lib/services/audit/audit-query.ts";
import { insertFieldDefinition } from "@/lib/services/objects/field-definitions.ts";
import { countQuery, emptyTailQuery, pageQuery, presentCountQuery } from "@/lib/services/records/list-sql.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { parseListQuery } from "@/lib/services/records/query/index.ts";
import { findRecordsStatement } from "@/lib/services/records/record-store.ts";
import { searchCountQuery, searchWalkQuery, walkableOrder } from "@/lib/services/records/search-sql.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { bigKey, createCustomObject, RecordsApi } from "./helpers.ts";

privateDatabase();

const CONTACTS = 20_000;
const FIRST = ["Alice", "Bob", "Carmen", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jamal", "Memphis", "Alma", "Mei", "Alan"];
const LAST = ["Smith", "Memphis", "Nguyen", "Garcia", "Okafor", "Larsen", "Kowalski", "Alvarez", "Memory", "Tanaka"];
const TITLES = ["Engineer", "Manager", "Director", "Analyst", "Designer", "Sales lead"];
const STAGES = ["subscriber", "lead", "customer", "evangelist"];
const INTERESTS = ["golf", "chess", "sailing"];
const CUSTOM_FIELDS: FieldInput[] = [
  { apiName: "region", label: "Region", type: "text" },
  { apiName: "score", label: "Score", type: "number" },
  // Multiselect has no slot: its filters are record_value id sets.
  { apiName: "interests", label: "Interests", type: "multiselect", options: INTERESTS.map((value) => ({ value, label: value })) },
];

/** An object whose text and number slots are all taken: its city and amount live in record_value. */
const WIDE = "wide";
const WIDE_RECORDS = 10_000;
const WIDE_FIELDS: FieldInput[] = [
  ...Array.from({ length: 16 }, (_, i): FieldInput => ({ apiName: `pad_text_${i}`, label: `Pad text ${i}`, type: "text" })),
  ...Array.from({ length: 8 }, (_, i): FieldInput => ({ apiName: `pad_number_${i}`, label: `Pad number ${i}`, type: "number" })),
  { apiName: "city", label: "City", type: "text" },
  { apiName: "amount", label: "Amount", type: "number" },
];

let t: TestTenant;
let busyRecord = "";

function contact(i: number): Record<string, unknown> {
  return {
    first_name: FIRST[i % FIRST.length],
    last_name: `${LAST[Math.floor(i / 7) % LAST.length]} ${i}`,
    email: `c${i}@example.test`,
    job_title: TITLES[i % TITLES.length],
    lifecycle_stage: STAGES[i % STAGES.length],
    region: `Region ${i % 50}`,
    score: i % 1000,
    interests: [INTERESTS[i % INTERESTS.length]],
    birthday: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
  };
}

beforeAll(async () => {
  t = await createTestTenant("plans");
  await withTenantSql(t.tenantId, async (tx) => {
    for (const f of CUSTOM_FIELDS) await insertFieldDefinition(tx, t.tenantId, "contact", fieldInputSchema.parse(f));
  });
  const api = new RecordsApi(`Bearer ${await bigKey(t)}`, "contact");
  for (let start = 0; start < CONTACTS; start += 500) {
    const res = await api.bulkCreate(Array.from({ length: 500 }, (_, k) => contact(start + k)));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (start === 0) busyRecord = res.json<{ results: { id: string }[] }>().results[0]!.id;
  }
  await createCustomObject(t, WIDE, WIDE_FIELDS);
  const wide = new RecordsApi(api.auth, WIDE);
  for (let start = 0; start < WIDE_RECORDS; start += 500) {
    const batch = Array.from({ length: 500 }, (_, k) => {
      const i = start + k;
      return { name: `Item ${i} alpha`, pad_text_0: `p${i % 10}`, city: i % 3 === 0 ? null : `City ${i % 40}`, amount: i % 500 };
    });
    expect((await wide.bulkCreate(batch)).status).toBe(200);
  }
  // A busy timeline: 2,000 of 8,000 activities on one contact, the rest spread over 5,000 others.
  await withTenantSql(t.tenantId, async (tx) => {
    await tx.$executeRaw`
      INSERT INTO activity (tenant_id, id, type, subject, object_api_name, record_id, created_at, updated_at)
      SELECT ${t.tenantId}::uuid, gen_random_uuid(), 'note', 'note ' || g, 'contact',
             CASE WHEN g % 4 = 0 THEN ${busyRecord}::uuid ELSE ids.a[1 + g % 5000] END,
             now() - g * interval '1 minute', now()
      FROM generate_series(1, 8000) g,
        -- The 5,000 ids read once (a subquery per row sorted the records 6,000 times: 15 s on a busy machine).
        (SELECT array_agg(id ORDER BY id) AS a FROM (SELECT id FROM record WHERE tenant_id = ${t.tenantId}::uuid ORDER BY id LIMIT 5000) s) ids`;
    // A list beside the records' that grows with use: the audit log.
    await tx.$executeRaw`
      INSERT INTO audit_log (tenant_id, id, created_at, action, credential_kind, target_type)
      SELECT ${t.tenantId}::uuid, gen_random_uuid(), now() - g * interval '1 second', 'user.signed_in', 'session', 'user'
      FROM generate_series(1, 5000) g`;
  });
}, 300_000);

type Statement = "page" | "count" | "presentCount" | "emptyTail" | "searchCount" | "searchWalk";

/** EXPLAIN ANALYZE of one list statement, as crm_app in the tenant's transaction. */
async function explain(sql: Prisma.Sql): Promise<string> {
  return withTenantSql(t.tenantId, async (tx) => {
    const rows = await tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${sql}`);
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

/**
 * PostgreSQL: the generic plan, which request connections use for the statements the app prepares
 * (lib/db/client.ts sets plan_cache_mode): planned once for any values.
 */
async function explainGeneric(sql: Prisma.Sql): Promise<string> {
  // EXECUTE's arguments are expressions of its own text, not parameters: literals (uuids, numbers).
  const literal = (v: unknown) => (typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  const literals = sql.values.map((v) => (Array.isArray(v) ? literal(`{${v.join(",")}}`) : literal(v)));
  return withTenantSql(t.tenantId, async (tx) => {
    await tx.$executeRaw(Prisma.raw(`PREPARE generic_plan_check AS ${sql.text}`));
    await tx.$executeRaw`SET LOCAL plan_cache_mode = force_generic_plan`;
    const rows = await tx.$queryRaw<{ "QUERY PLAN": string }[]>(
      Prisma.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) EXECUTE generic_plan_check(${literals.join(", ")})`),
    );
    await tx.$executeRaw`DEALLOCATE generic_plan_check`;
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

/** The first statement a service function sends, caught by a transaction that answers no rows. */
async function firstStatement(call: (tx: SqlTx) => Promise<unknown>): Promise<Prisma.Sql> {
  const sent: Prisma.Sql[] = [];
  const catcher = (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
    sent.push(query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values));
    return Promise.resolve([]);
  };
  await call({ $queryRaw: catcher, $executeRaw: () => Promise.resolve(0) } as unknown as SqlTx).catch(() => undefined);
  return sent[0]!;
}

async function listPlan(params: Record<string, unknown>, statement: Statement, objectName = "contact"): Promise<string> {
  const sql = await withTenantSql(t.tenantId, async (tx) => {
    const object = await loadObjectSchema(tx, t.tenantId, objectName);
    const q = parseListQuery(object.fields, listParamsSchema.parse({ object: objectName, ...params }));
    if (statement === "page") return pageQuery(t.tenantId, object, q);
    if (statement === "count") return countQuery(t.tenantId, object, q);
    if (statement === "presentCount") return presentCountQuery(t.tenantId, object, q);
    if (statement === "searchCount") return searchCountQuery(t.tenantId, object.id, q.searchTerms);
    if (statement === "searchWalk") return searchWalkQuery(t.tenantId, object.id, q, walkableOrder(q)!, 10_000);
    return emptyTailQuery(t.tenantId, object, q, 0, 50);
  });
  return explain(sql);
}

const RECORD_TABLES = /Seq Scan on (record|record_token|record_value|activity)\b/;

/**
 * No sequential scan of a record table, and every scan of record, record_token or record_value
 * that runs more than once is a primary key lookup: an id set, an object's records or a field's
 * value range read again for every candidate is the plan that took seconds.
 */
function expectIndexDriven(plan: string): void {
  expect(plan).not.toMatch(RECORD_TABLES);
  const repeated = plan
    .split("\n")
    .filter((line) => /Scan .*\bon (record|record_token|record_value)\b/.test(line) && !/loops=1\)/.test(line));
  // A record's tokens are keyed by (tenant_id, record_id) like its value rows by their primary key.
  for (const line of repeated)
    expect(line, plan).toMatch(/using (record_pkey|record_value_pkey|record_token_tenant_id_record_id_token_idx) on/);
}

const SEARCHES: [string, Record<string, unknown>][] = [
  ["search, one letter", { search: "m" }],
  ["search, two letters", { search: "al" }],
  ["search, three letters", { search: "MEM" }],
  ["search, a word", { search: "Memphis" }],
  ["search, two words", { search: "alice smith" }],
  ["search with a filter", { search: "mem", filter: ["lifecycle_stage:eq:lead"] }],
  ["search ordered by a custom field", { search: "al", order: "region:asc" }],
  ["3 filters with a multiselect (record_value)", { filter: ["lifecycle_stage:eq:lead", "interests:eq:golf", "score:lt:300"] }],
  ["contains", { filter: ["job_title:contains:ngine"] }],
  ["contains, a short needle", { filter: ["region:contains:n 4"] }],
];

/** Searches with no filter (search-sql.ts), in the time orders a page can walk. */
const PLAIN_SEARCHES: [string, Record<string, unknown>][] = [
  ["search, one letter", { search: "m" }],
  ["search, a word, oldest first", { search: "memphis", order: "created_at:asc" }],
  ["search, two words, updated_at", { search: "alice smith", order: "updated_at:desc" }],
];

/** Lists that a LIMIT can end early along an index: their page is never a sort of every match. */
const ORDERED: [string, Record<string, unknown>, RegExp][] = [
  ["the default list (newest first)", {}, /Index Scan Backward using record_tenant_id_object_id_created_at_id_idx/],
  [
    "the data endpoint's order (updated_at desc) with updated_since",
    { filter: ["updated_at:gt:2020-01-01T00:00:00Z"], order: "updated_at:desc" },
    /Index Scan Backward using record_tenant_id_object_id_updated_at_id_idx/,
  ],
  ["ordered by a custom text field", { order: "region:desc" }, /Index Scan Backward using record_tenant_id_object_id_t\d\d_id_idx/],
  ["ordered by a custom number field", { order: "score:asc" }, /Index Scan using record_tenant_id_object_id_n\d\d_id_idx/],
  [
    "3 filters ordered by last name",
    { filter: ["lifecycle_stage:eq:lead", "job_title:eq:engineer", "score:gt:500"], order: "last_name:asc" },
    /Index Scan using record_tenant_id_object_id_t\d\d_id_idx/,
  ],
];

/** Filters and orders on fields without a slot: id sets, probes for absent values, a joined order key. */
const UNSLOTTED: [string, Record<string, unknown>][] = [
  ["ordered by an unslotted field", { order: "city:asc" }],
  ["ordered by an unslotted number, descending", { order: "amount:desc" }],
  ["an unslotted equality, ordered by another unslotted field", { filter: ["city:eq:city 7"], order: "amount:asc" }],
  ["an unslotted range and neq", { filter: ["amount:gt:400", "city:neq:city 7"] }],
  ["an unslotted field empty", { filter: ["city:empty"] }],
  ["a search ordered by an unslotted field", { search: "item", order: "city:desc" }],
];

describe("plans on tables never analyzed", () => {
  it.each(UNSLOTTED)("%s: set scans once, probes by key", async (_, params) => {
    const statements: Statement[] = params.order ? ["page", "count", "presentCount", "emptyTail"] : ["page", "count"];
    for (const statement of statements) expectIndexDriven(await listPlan(params, statement, WIDE));
  });

  it.each(SEARCHES)("%s: the id sets are read once, then records by key", async (_, params) => {
    for (const statement of ["page", "count"] as const) expectIndexDriven(await listPlan(params, statement));
    if (typeof params.order === "string" && params.order.startsWith("region")) {
      for (const statement of ["presentCount", "emptyTail"] as const) expectIndexDriven(await listPlan(params, statement));
    }
  });

  it.each(PLAIN_SEARCHES)("%s: the total never reads a live record, the page walks the order's index", async (_, params) => {
    const count = await listPlan(params, "searchCount");
    expectIndexDriven(count);
    // Tokens, then the trash's partial index once (a hashed subplan): no record row or primary key per match.
    expect(count).toMatch(/Index Only Scan using record_token_pkey on record_token/);
    expect(count).toMatch(/record_trashed_idx/);
    expect(count).not.toMatch(/record_pkey|record_tenant_id_object_id_/);
    const walk = await listPlan(params, "searchWalk");
    expectIndexDriven(walk);
    expect(walk).toMatch(/Index Scan (Backward )?using record_tenant_id_object_id_(created|updated)_at_id_idx/);
    expect(walk).not.toMatch(/\bSort\b/);
  });

  it.each(ORDERED)("%s: the page walks the order's index, no sort", async (_, params, index) => {
    const page = await listPlan(params, "page");
    expectIndexDriven(page);
    expect(page).toMatch(index);
    expect(page).not.toMatch(/\bSort\b/);
    expectIndexDriven(await listPlan(params, "count"));
  });

  it("a record by id (GET, and the record checks of updates and activities) is read by its primary key", async () => {
    const objectId = await withTenantSql(t.tenantId, async (tx) => (await loadObjectSchema(tx, t.tenantId, "contact")).id);
    for (const lock of [false, true]) {
      const statement = findRecordsStatement(t.tenantId, objectId, [busyRecord], { lock });
      for (const plan of [await explain(statement), ...(process.env.DATABASE_URL ? [await explainGeneric(statement)] : [])]) {
        expectIndexDriven(plan);
        expect(plan).toMatch(/using record_pkey on record/);
        expect(plan).not.toMatch(/record_tenant_id_object_id_/);
      }
    }
  });

  it("a busy record's timeline reads its page along the timeline index, no sort", async () => {
    const statement = timelinePrefetch(t.tenantId, { recordId: busyRecord })!;
    for (const plan of [await explain(statement), ...(process.env.DATABASE_URL ? [await explainGeneric(statement)] : [])]) {
      expect(plan).not.toMatch(RECORD_TABLES);
      expect(plan).toMatch(/Index Scan Backward using activity_tenant_id_record_id_created_at_id_idx/);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  it("the audit log, once analyzed, is paged along its index, no sort", async () => {
    // Ordered by the table's id, not the select list's id::text, which no index orders. (Until the
    // table is analyzed it sorts the tenant's entries: no id set to pin, only an estimate to wait for.)
    await withTenantSql(t.tenantId, async (tx) => {
      await tx.$executeRaw`SELECT jobs_analyze_table('audit_log')`;
    });
    const plan = await explain(await firstStatement((tx) => listAudit(tx, t.tenantId, { limit: 50 })));
    expect(plan).toMatch(/Index Scan Backward using audit_log_pkey/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("the statistics predate the load: every live row was written since the tables' last ANALYZE", async () => {
    // (The migrations analyze record once, empty: that is what the planner knew of it here.)
    const rows = await withTenantSql(t.tenantId, async (tx) => {
      await tx.$queryRaw`SELECT pg_stat_clear_snapshot()`;
      return tx.$queryRaw<{ relname: string; stale: boolean }[]>`
        SELECT relname::text, n_mod_since_analyze >= n_live_tup AS stale FROM pg_stat_user_tables
        WHERE relname IN ('record', 'record_token', 'record_value', 'activity') ORDER BY relname`;
    });
    expect(rows).toEqual(["activity", "record", "record_token", "record_value"].map((relname) => ({ relname, stale: true })));
  });
});
