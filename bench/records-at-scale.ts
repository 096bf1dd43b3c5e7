/**
 * Records API at scale, on PostgreSQL: 100,000 opportunities in the measured tenant (written
 * through the app's own bulk path) and 900,000 in nine other tenants (generated in SQL with the
 * same storage layout), then, against `next start` over HTTP, side by side in one run:
 *   1. throughput of GET /{object}/{id} vs a bare route returning constant JSON (/api/ping), in
 *      alternating rounds;
 *   2. p95 of a list with 3 filters + order + total vs p95 of get-by-id (sequential requests, taken
 *      in turns);
 *   3. records/s of bulk create (500 per request) vs single creates;
 * plus EXPLAIN ANALYZE of the list's queries, a search and a contains total as the app role under RLS.
 *
 *   npm run build && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/records-at-scale.ts
 * Options: BENCH_RECORDS (100000), BENCH_OTHER_TENANTS (9), BENCH_SECONDS (10), BENCH_ROUNDS (3), BENCH_KEEP_DB=true,
 * BENCH_REUSE_DB=<kept database> (skip seeding), BENCH_SAMPLES (1000 sequential requests per latency).
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { serverActor } from "../lib/auth/actor.ts";
import { openDatabase, setDatabase } from "../lib/db/client.ts";
import { Prisma } from "../lib/db/generated/client.ts";
import { withTenantSql } from "../lib/db/tenant.ts";
import { countQuery, pageQuery } from "../lib/services/records/list-sql.ts";
import { listParamsSchema } from "../lib/schemas/records.ts";
import { parseListQuery } from "../lib/services/records/query/index.ts";
import { loadObjectSchema } from "../lib/services/records/object-schema.ts";
import { createRecords } from "../lib/services/records/write-records.ts";
import { provisionTenant } from "../lib/services/tenants/provision-tenant.ts";
import { interleavedLatencies, runBench, type Percentiles } from "./bench-kit.ts";
import { benchAdminKey, startBenchServer } from "./bench-server.ts";

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const OTHER_TENANTS = Number(process.env.BENCH_OTHER_TENANTS ?? 9);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = 3300;
const BASE = `http://127.0.0.1:${PORT}`;
const STAGES = ["prospecting", "qualification", "proposal", "negotiation", "closed_won", "closed_lost"];
const WORDS = [
  "José",
  "Zoë",
  "Søren",
  "Łukasz",
  "Ada",
  "Grace",
  "Marie",
  "Nikola",
  "Dvořák",
  "Renée",
  "acme",
  "globex",
  "initech",
  "umbrella",
];
const TAGS = ["upsell", "renewal", "new_business", "strategic"];

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);
const ownerUrl = (base: string, db: string) => Object.assign(new URL(base), { pathname: `/${db}` }).toString();

function deal(i: number): Record<string, unknown> {
  const r = (n: number) => (i * 2654435761 + n * 40503) % 1_000_003;
  return {
    name: `Deal ${i} ${WORDS[r(1) % WORDS.length]}`,
    stage: STAGES[r(2) % STAGES.length],
    amount: `${r(3) % 100_000}.${String(r(4) % 100).padStart(2, "0")}`,
    probability: r(5) % 101,
    close_date: new Date(Date.UTC(2026, 0, 1) + (r(6) % 730) * 86_400_000).toISOString().slice(0, 10),
    tags: TAGS.filter((_, k) => r(7 + k) % 3 === 0),
  };
}

async function seedTenant(): Promise<{ tenantId: string; key: string; ids: string[] }> {
  const { tenantId, roles } = await provisionTenant({ name: "Bench", slug: `bench-${randomBytes(4).toString("hex")}` });
  const key = await benchAdminKey(tenantId, roles.admin!);
  const ids: string[] = [];
  const userId = await withTenantSql(
    tenantId,
    async (tx) => (await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM app_user WHERE tenant_id = ${tenantId}::uuid LIMIT 1`)[0]!.id,
  );
  for (let start = 0; start < RECORDS; start += 2000) {
    const batch = Array.from({ length: Math.min(2000, RECORDS - start) }, (_, k) => deal(start + k));
    await withTenantSql(tenantId, async (tx) => {
      const object = await loadObjectSchema(tx, tenantId, "opportunity");
      for (const r of await createRecords(tx, { actor: serverActor(tenantId, userId), object, inputs: batch })) {
        if (!r.ok) throw r.error;
        ids.push(r.record.id);
      }
    });
    if ((start / 2000) % 10 === 0) log(`measured tenant: ${start + batch.length} records`);
  }
  return { tenantId, key, ids };
}

/** SQL for a slot column's value from the JSON data, as the app computes it (values/index-values.ts) for this data. */
function slotExpression(slot: string, apiName: string): string[][] {
  const json = `r.data->>'${apiName}'`;
  if (slot.startsWith("t")) return [[slot, `lower(${json})`]];
  if (slot.startsWith("d")) return [[slot, `(${json})::timestamptz`]];
  return [
    [slot, `(${json})::float8`],
    [`x${slot.slice(1)}`, `trim_scale((${json})::numeric)::text`],
  ];
}

/** The other tenants' records, generated in SQL: same columns, value rows and tokens as the app writes. */
async function seedOthers(owner: pg.Client): Promise<void> {
  for (let t = 0; t < OTHER_TENANTS; t++) {
    const { tenantId } = await provisionTenant({ name: `Other ${t}`, slug: `other-${t}-${randomBytes(3).toString("hex")}` });
    const { rows } = await owner.query<{ id: string }>(`SELECT id FROM object_def WHERE tenant_id = $1 AND api_name = 'opportunity'`, [
      tenantId,
    ]);
    const objectId = rows[0]!.id;
    const slotted = await owner.query<{ slot: string; api_name: string }>(
      `SELECT slot, api_name FROM field_def WHERE tenant_id = $1 AND object_id = $2 AND slot IS NOT NULL AND api_name IN ('name', 'stage', 'amount', 'probability', 'close_date')`,
      [tenantId, objectId],
    );
    const slots = slotted.rows.flatMap((f) => slotExpression(f.slot, f.api_name));
    await owner.query(
      `INSERT INTO record (tenant_id, id, object_id, data, name, created_at, updated_at, ${slots.map(([column]) => column).join(", ")})
       SELECT $1, gen_random_uuid(), $2, r.data, r.data->>'name', now(), now(), ${slots.map(([, value]) => value).join(", ")}
       FROM (SELECT jsonb_build_object('name', 'Deal ' || g, 'stage', ($3::text[])[1 + g % 6], 'amount', ((g * 7919) % 100000)::text || '.00',
                    'probability', g % 101, 'close_date', to_char(date '2026-01-01' + (g % 730), 'YYYY-MM-DD')) AS data
             FROM generate_series(1, $4::int) g) r`,
      [tenantId, objectId, STAGES, RECORDS],
    );
    await owner.query(
      `INSERT INTO record_value (tenant_id, record_id, field_id, ordinal)
       SELECT r.tenant_id, r.id, f.id, 0
       FROM record r JOIN field_def f ON f.tenant_id = r.tenant_id AND f.object_id = r.object_id AND f.slot IS NULL AND f.type NOT IN ('formula', 'rollup')
       WHERE r.tenant_id = $1`,
      [tenantId],
    );
    await owner.query(
      `INSERT INTO record_token (tenant_id, object_id, token, record_id)
       SELECT DISTINCT tenant_id, object_id, unnest(string_to_array(lower(name), ' ')), id FROM record WHERE tenant_id = $1`,
      [tenantId],
    );
    log(`other tenant ${t + 1}/${OTHER_TENANTS}: ${RECORDS} records`);
  }
}

/**
 * Requests per second over SECONDS with 16 connections, after a 2 s warm-up (the route's first
 * requests load and optimize its code). Every request is built by `path`, bare route included,
 * so the load generator does the same work for both sides of a ratio.
 */
async function throughput(path: (i: number) => string, key?: string): Promise<number> {
  let i = 0;
  const run = (duration: number) =>
    autocannon({
      url: BASE,
      connections: 16,
      duration,
      headers: key ? { authorization: `Bearer ${key}` } : {},
      requests: [{ setupRequest: (req) => ({ ...req, path: path(i++) }) }],
    });
  await run(2);
  const result = await run(SECONDS);
  if (result.non2xx) throw new Error(`${result.non2xx} non-2xx responses`);
  return result.requests.average;
}

const LIST_QUERY = "filter=stage:eq:negotiation&filter=amount:gte:50000&filter=close_date:lt:2027-01-01&order=amount:desc&limit=50";

/** The plans of the list's own SQL (built by the app), run as crm_app with the tenant set. */
async function explain(url: string, tenantId: string): Promise<void> {
  const db = openDatabase({ engine: "postgres", ownerUrl: url }, { migrate: false });
  setDatabase(db);
  await withTenantSql(tenantId, async (tx) => {
    const object = await loadObjectSchema(tx, tenantId, "opportunity");
    const query = new URLSearchParams(LIST_QUERY);
    const listed = { object: "opportunity", filter: query.getAll("filter"), order: query.get("order"), limit: Number(query.get("limit")) };
    const q = parseListQuery(object.fields, listParamsSchema.parse(listed));
    const search = parseListQuery(object.fields, listParamsSchema.parse({ object: "opportunity", search: "jose" }));
    // A trigram index scan of the name's slot (storage.md, "contains"); "acme" is in 1 name of 14.
    const contains = parseListQuery(object.fields, listParamsSchema.parse({ object: "opportunity", filter: ["name:contains:acme"] }));
    for (const [label, sql] of [
      ["page", pageQuery(tenantId, object, q)],
      ["total", countQuery(tenantId, object, q)],
      ["search 'jose', total", countQuery(tenantId, object, search)],
      ["name contains 'acme', total", countQuery(tenantId, object, contains)],
    ] as const) {
      const plan = await tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql}`);
      console.log(`\nEXPLAIN ANALYZE (${label}, as crm_app under RLS):\n${plan.map((r) => "  " + r["QUERY PLAN"]).join("\n")}`);
    }
  });
  await (await db).close();
}

async function main() {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error("set DATABASE_URL (the benchmark runs on PostgreSQL)");
  // BENCH_REUSE_DB=<database>: measure again on a database an earlier run kept (BENCH_KEEP_DB=true).
  const reuse = process.env.BENCH_REUSE_DB;
  const dbName = reuse ?? `crm_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  if (!reuse) await admin.query(`CREATE DATABASE ${dbName}`);
  const url = ownerUrl(base, dbName);
  let server: ChildProcess | undefined;
  try {
    const db = openDatabase({ engine: "postgres", ownerUrl: url });
    setDatabase(db);
    await db;
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    let measured: { tenantId: string; key: string; ids: string[] };
    if (reuse) {
      const tenantId = (await owner.query<{ id: string }>(`SELECT id FROM tenant WHERE name = 'Bench'`)).rows[0]!.id;
      const ids = (
        await owner.query<{ id: string }>(`SELECT id FROM record WHERE tenant_id = $1 ORDER BY created_at LIMIT $2`, [tenantId, RECORDS])
      ).rows.map((r) => r.id);
      measured = { tenantId, key: await benchAdminKey(tenantId), ids };
      await owner.query("VACUUM ANALYZE record");
    } else {
      log("seeding");
      measured = await seedTenant();
      await seedOthers(owner);
      await owner.query("VACUUM ANALYZE");
    }
    const counts = await owner.query<{ records: string; values: string }>(
      `SELECT (SELECT count(*) FROM record) AS records, (SELECT count(*) FROM record_value) AS values`,
    );
    log(`${reuse ? "reused" : "seeded"}: ${counts.rows[0]!.records} records, ${counts.rows[0]!.values} value rows`);
    await owner.end();
    await (await db).close();

    server = await startBenchServer(url, PORT);
    const ids = measured.ids;
    const auth = { authorization: `Bearer ${measured.key}` };
    log("throughput");
    // Rounds alternate the two sides, so drift in the machine's speed does not favour either.
    const rounds: { bare: number; byId: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const bare = await throughput((i) => `/api/ping?i=${i}`);
      const byId = await throughput((i) => `/api/v1/opportunity/${ids[(i * 7919) % ids.length]}`, measured.key);
      rounds.push({ bare, byId });
      log(`round ${r + 1}: bare ${bare.toFixed(0)} req/s, get-by-id ${byId.toFixed(0)} req/s = ${((byId / bare) * 100).toFixed(0)}%`);
    }
    const bare = rounds.reduce((s, r) => s + r.bare, 0) / ROUNDS;
    const byId = rounds.reduce((s, r) => s + r.byId, 0) / ROUNDS;
    log("latency");
    const [get, list] = (await interleavedLatencies(SAMPLES, [
      (i) => fetch(`${BASE}/api/v1/opportunity/${ids[(i * 104729) % ids.length]}`, { headers: auth }),
      () => fetch(`${BASE}/api/v1/opportunity?${LIST_QUERY}`, { headers: auth }),
    ])) as [Percentiles, Percentiles];
    const total = ((await (await fetch(`${BASE}/api/v1/opportunity?${LIST_QUERY}`, { headers: auth })).json()) as { total: number }).total;
    log("writes");
    const post = (body: unknown, path = "") =>
      fetch(`${BASE}/api/v1/opportunity${path}`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    let t = performance.now();
    for (let i = 0; i < 300; i++) if (!(await post(deal(RECORDS + i))).ok) throw new Error("single create failed");
    const singlePerSecond = 300 / ((performance.now() - t) / 1000);
    t = performance.now();
    for (let b = 0; b < 10; b++) {
      const res = await post({ records: Array.from({ length: 500 }, (_, k) => deal(RECORDS + 1000 + b * 500 + k)) }, "/bulk");
      if (((await res.json()) as { created: number }).created !== 500) throw new Error("bulk create failed");
    }
    const bulkPerSecond = 5000 / ((performance.now() - t) / 1000);

    console.log(
      `\nRecords at scale: ${RECORDS} opportunities in the measured tenant, ${RECORDS * OTHER_TENANTS} in ${OTHER_TENANTS} others (PostgreSQL, HTTP to next start)`,
    );
    console.log("| measure | value | target |");
    console.log("|---|---|---|");
    console.log(`| bare route /api/ping (mean of ${ROUNDS} rounds) | ${bare.toFixed(0)} req/s | |`);
    console.log(
      `| GET /opportunity/{id} (mean of ${ROUNDS} rounds) | ${byId.toFixed(0)} req/s = ${((byId / bare) * 100).toFixed(0)}% of bare (rounds: ${rounds.map((r) => `${((r.byId / r.bare) * 100).toFixed(0)}%`).join(", ")}) | ≥ 50% |`,
    );
    console.log(`| get-by-id latency (sequential) | p50 ${get.p50.toFixed(2)} ms, p95 ${get.p95.toFixed(2)} ms | |`);
    console.log(
      `| list, 3 filters + order + total (${total} matches) | p50 ${list.p50.toFixed(2)} ms, p95 ${list.p95.toFixed(2)} ms = ${(list.p95 / get.p95).toFixed(2)}x get-by-id p95 | ≤ 3x |`,
    );
    console.log(`| single creates | ${singlePerSecond.toFixed(0)} records/s | |`);
    console.log(
      `| bulk create, 500 per request | ${bulkPerSecond.toFixed(0)} records/s = ${(bulkPerSecond / singlePerSecond).toFixed(1)}x single | ≥ 20x |`,
    );
    await explain(url, measured.tenantId);
  } finally {
    server?.kill("SIGTERM");
    if (process.env.BENCH_KEEP_DB !== "true" && !reuse) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

runBench(main);
