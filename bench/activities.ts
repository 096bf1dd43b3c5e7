/**
 * Activities and line items on PostgreSQL, side by side in one run (issue targets):
 *   1. a record's timeline, GET /activities?recordId= (a page of 50 and the exact total), with
 *      1,000,000 activities in the tenant: p95 at most 1.5x the p95 of GET /{object}/{id};
 *   2. adding a line item (product defaults, the opportunity locked, totals recomputed, its amount
 *      written with its record.updated event): p95 at most 2x the p95 of a record PATCH.
 * Latencies are taken in turns (a, b, a, b, ...) with the built server (`npm run build` first).
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:activities
 *
 * BENCH_ACTIVITIES (default 1,000,000), BENCH_SAMPLES (default 300), BENCH_PORT.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, setDatabase } from "../lib/db/client.ts";
import { provisionTenant } from "../lib/services/tenants/provision-tenant.ts";
import { interleavedLatencies, runBench } from "./bench-kit.ts";
import { benchAdminKey, startBenchServer, stopBenchServer, throwawayDatabase } from "./bench-server.ts";

const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const PORT = Number(process.env.BENCH_PORT ?? 3214);
const BASE = `http://127.0.0.1:${PORT}`;
/** Contacts the activities are spread over: 50 each on average, a busy CRM's timelines. */
const CONTACTS = 20_000;
/** Opportunities the line-item adds rotate over, so none nears the 200-line cap. */
const OPPORTUNITIES = 20;

function api(key: string) {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${BASE}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (path: string) => send("GET", path),
    post: (path: string, body: unknown) => send("POST", path, body),
    patch: (path: string, body: unknown) => send("PATCH", path, body),
    async json<T>(res: Promise<Response>, status: number): Promise<T> {
      const r = await res;
      const text = await r.text();
      if (r.status !== status) throw new Error(`${r.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as T;
    },
  };
}

/** The activities, written straight into the table (as the owner, in batches): the API would take hours for a million. */
async function loadActivities(url: string, tenantId: string, ownerId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const batch = 100_000;
    for (let done = 0; done < ACTIVITIES; done += batch) {
      const n = Math.min(batch, ACTIVITIES - done);
      // Each activity on a contact picked by a hash of its number: timelines of about 50, unevenly.
      await client.query(
        `WITH contacts AS (
           SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM record
           WHERE tenant_id = $1 AND object_id = (SELECT id FROM object_def WHERE tenant_id = $1 AND api_name = 'contact')
         ), n AS (SELECT count(*) AS c FROM contacts)
         INSERT INTO activity (tenant_id, id, type, subject, body, due_at, completed_at, outcome, assignee_id, object_api_name, record_id,
           owner_id, created_at, updated_at)
         SELECT $1, gen_random_uuid(), (ARRAY['task','call','email','meeting','note'])[1 + g % 5], 'Activity ' || g, 'Notes of activity ' || g,
           CASE WHEN g % 5 = 0 THEN now() + make_interval(days => g % 30 - 10) END,
           CASE WHEN g % 3 = 0 THEN now() - make_interval(days => g % 300) END,
           CASE WHEN g % 5 = 1 THEN 'Left a voicemail' END, $3, 'contact', c.id, $3,
           now() - make_interval(secs => g % 31536000), now() - make_interval(secs => g % 31536000)
         FROM generate_series($2::int, $2::int + $4::int - 1) g
         JOIN contacts c ON c.k = abs(hashint4(g)) % (SELECT c FROM n)`,
        [tenantId, done, ownerId, n],
      );
      process.stdout.write(`\r${done + n} activities`);
    }
    await client.query("VACUUM ANALYZE activity");
    await client.query("VACUUM ANALYZE record");
    console.log(` loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

async function main() {
  const database = await throwawayDatabase("crm_bench_activities");
  let server: ChildProcess | undefined;
  try {
    const db = openDatabase({ engine: "postgres", ownerUrl: database.url });
    setDatabase(db);
    const { tenantId, roles } = await provisionTenant({ name: "Bench", slug: `bench-${randomBytes(4).toString("hex")}` });
    const key = await benchAdminKey(tenantId, roles.admin!);
    await (await db).close();
    server = await startBenchServer(database.url, PORT);
    const a = api(key);

    for (let done = 0; done < CONTACTS; done += 500) {
      const records = Array.from({ length: 500 }, (_, i) => ({ first_name: "Bench", last_name: `Contact ${done + i}` }));
      await a.json(a.post("/contact/bulk", { records }), 200);
    }
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    const { rows } = await owner.query<{ id: string }>(`SELECT id::text FROM app_user WHERE tenant_id = $1 LIMIT 1`, [tenantId]);
    await owner.end();
    await loadActivities(database.url, tenantId, rows[0]!.id);

    // The measured contact: the one with the most activities below 100, a full first page.
    const page = await a.json<{ data: { id: string; record_id: string }[] }>(a.get("/activities?limit=500"), 200);
    const counts = await Promise.all(
      [...new Set(page.data.map((x) => x.record_id))].slice(0, 20).map(async (id) => ({
        id,
        total: (await a.json<{ total: number }>(a.get(`/activities?recordId=${id}&limit=1`), 200)).total,
      })),
    );
    const contact = counts.filter((c) => c.total < 100).sort((x, y) => y.total - x.total)[0]!;
    const activityId = page.data[0]!.id;

    const products = await Promise.all(
      [1, 2, 3].map((i) => a.json<{ id: string }>(a.post("/product", { name: `Product ${i}`, price: `${i * 10}.50` }), 201)),
    );
    const opportunities = await Promise.all(
      Array.from({ length: OPPORTUNITIES }, (_, i) =>
        a.json<{ id: string }>(a.post("/opportunity", { name: `Deal ${i}`, stage: "proposal", amount: "0" }), 201),
      ),
    );
    const patched = await a.json<{ id: string }>(a.post("/opportunity", { name: "Patched deal", stage: "proposal" }), 201);

    const getRecord = () => a.get(`/contact/${contact.id}`);
    const timeline = () => a.get(`/activities?recordId=${contact.id}`);
    const getActivity = () => a.get(`/activities/${activityId}`);
    const addLine = (i: number) =>
      a.post("/line-items", {
        opportunity_id: opportunities[i % OPPORTUNITIES]!.id,
        product_id: products[i % 3]!.id,
        quantity: (i % 7) + 1,
      });
    const patchRecord = (i: number) => a.patch(`/opportunity/${patched.id}`, { probability: i % 100, amount: `${i}.25` });

    // Warm-up: the routes' first requests load and optimize their code.
    await interleavedLatencies(40, [getRecord, timeline, getActivity]);
    await interleavedLatencies(20, [(i) => addLine(i + 10_000), patchRecord]);

    const [rec1, tl1, act1] = await interleavedLatencies(SAMPLES / 2, [getRecord, timeline, getActivity]);
    const [tl2, act2, rec2] = await interleavedLatencies(SAMPLES / 2, [timeline, getActivity, getRecord]);
    const [add1, patch1] = await interleavedLatencies(SAMPLES / 2, [addLine, patchRecord]);
    const [patch2, add2] = await interleavedLatencies(SAMPLES / 2, [patchRecord, (i) => addLine(i + SAMPLES)]);
    const avg = (x: { p50: number; p95: number }, y: { p50: number; p95: number }) => ({
      p50: (x.p50 + y.p50) / 2,
      p95: (x.p95 + y.p95) / 2,
    });
    const rec = avg(rec1!, rec2!);
    const tl = avg(tl1!, tl2!);
    const act = avg(act1!, act2!);
    const add = avg(add1!, add2!);
    const patch = avg(patch1!, patch2!);
    const ms = (p: { p50: number; p95: number }) => `p50 ${p.p50.toFixed(2)} ms, p95 ${p.p95.toFixed(2)} ms`;

    console.log(
      `\nActivities and line items (PostgreSQL, one instance, ${ACTIVITIES.toLocaleString("en")} activities in the tenant, ` +
        `timeline of ${contact.total}, ${SAMPLES} samples each, taken in turns)`,
    );
    console.log("| case | result | ratio | target |\n|---|---|---|---|");
    console.log(`| GET /contact/{id} | ${ms(rec)} | | |`);
    console.log(`| GET /activities?recordId= (page of 50, exact total) | ${ms(tl)} | ${(tl.p95 / rec.p95).toFixed(2)}x | p95 <= 1.5x |`);
    console.log(`| GET /activities/{id} | ${ms(act)} | ${(act.p95 / rec.p95).toFixed(2)}x | |`);
    console.log(`| PATCH /opportunity/{id} | ${ms(patch)} | | |`);
    console.log(`| POST /line-items (recompute + amount) | ${ms(add)} | ${(add.p95 / patch.p95).toFixed(2)}x | p95 <= 2x |`);
  } finally {
    await stopBenchServer(server);
    await database.drop();
  }
}

runBench(main);
