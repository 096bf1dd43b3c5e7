/**
 * Customers' data sizes on both engines (issue 34): one tenant with BENCH_SIZES contacts and a
 * 10,000-contact tenant beside it, loaded only through the bulk API (500 per request) of the built
 * app, never analyzed by hand. Every case is measured (a) right after the load, with the app's
 * analyze job off (the plans a fresh import gets before any statistics exist), and (b) after the
 * server was restarted with the jobs on and they have analyzed (and on PostgreSQL vacuumed) the record table. Then the
 * 10,000-contact tenant's p95 idle vs while the big tenant runs its heaviest case at c=20, and the
 * storage per record.
 *
 *   npm run build && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:scale   (100k and 1M)
 *   npm run build && npm run bench:scale                                                            (PGlite, 100k)
 * Options: BENCH_SIZES (comma-separated), BENCH_NEIGHBOUR (10000), BENCH_SAMPLES (60 per case and state),
 * BENCH_NEIGHBOUR_SAMPLES (600 per request and state), BENCH_CASE_BUDGET_MS (20000: a case stops sampling after this
 * much time), BENCH_ACTIVITIES (2000 on the busy record),
 * BENCH_HEAVY (a case's name: only the neighbour's measurement, beside that case, after the analyze job; for tuning the bulkhead).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, setDatabase } from "../lib/db/client.ts";
import type { DbConfig } from "../lib/db/config.ts";
import { provisionTenant } from "../lib/services/tenants/provision-tenant.ts";
import { mcpToolCall, percentiles, runBench, type Percentiles } from "./bench-kit.ts";
import { benchAdminKey, startBenchServer, stopBenchServer, throwawayDatabase } from "./bench-server.ts";
import { contact, FIRST, CITIES } from "./scale-data.ts";
import { storagePerRecord } from "./scale-storage.ts";

const PG = Boolean(process.env.DATABASE_URL);
const SIZES = (process.env.BENCH_SIZES ?? (PG ? "100000,1000000" : "100000")).split(",").map(Number);
const NEIGHBOUR = Number(process.env.BENCH_NEIGHBOUR ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const CASE_BUDGET_MS = Number(process.env.BENCH_CASE_BUDGET_MS ?? 20_000);
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 2000);
const HEAVY = process.env.BENCH_HEAVY;
/** The neighbour's requests are a few ms each: enough of them that one scheduling hiccup is not its p95. */
const NEIGHBOUR_SAMPLES = Number(process.env.BENCH_NEIGHBOUR_SAMPLES ?? 600);
const PORT = 3301;
const BASE = `http://127.0.0.1:${PORT}`;
/**
 * State (a): the app's analyze job (lib/jobs/analyze-tables.ts) with a threshold no import reaches, and
 * so the vacuum job (vacuum-tables.ts, PostgreSQL), which vacuums only tables analyzed before.
 */
const JOB_OFF = { ANALYZE_THRESHOLD_ROWS: String(Number.MAX_SAFE_INTEGER) };

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

interface Tenant {
  tenantId: string;
  key: string;
  ids: string[];
}
interface Case {
  name: string;
  send: (i: number) => Promise<Response>;
}
type Results = Map<string, Percentiles & { n: number; failed: number[] }>;

const get = (t: Tenant, p: string) => fetch(`${BASE}/api/v1${p}`, { headers: { authorization: `Bearer ${t.key}` } });
const send = (t: Tenant, method: string, p: string, body: unknown) =>
  fetch(`${BASE}/api/v1${p}`, {
    method,
    headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const toolCall = (t: Tenant, name: string, args: Record<string, unknown>) => mcpToolCall(BASE, t.key, name, args);

async function ok(res: Response | Promise<Response>, what: string): Promise<unknown> {
  const r = await res;
  const body = await r.text();
  if (!r.ok) throw new Error(`${what}: ${r.status} ${body.slice(0, 300)}`);
  return body ? (JSON.parse(body) as unknown) : null;
}

/** Tenants and keys, written in-process before the server owns the database (PGlite has one owner). */
async function provision(config: DbConfig): Promise<Tenant[]> {
  const db = openDatabase(config);
  setDatabase(db);
  await db;
  const tenants: Tenant[] = [];
  for (const name of ["Big", "Neighbour"]) {
    const { tenantId, roles } = await provisionTenant({ name, slug: `scale-${name.toLowerCase()}-${Date.now()}` });
    tenants.push({ tenantId, key: await benchAdminKey(tenantId, roles.admin!), ids: [] });
  }
  await (await db).close();
  setDatabase(undefined);
  return tenants;
}

/** The custom fields the cases filter and order on. */
async function addFields(t: Tenant): Promise<void> {
  await ok(send(t, "POST", "/objects/contact/fields", { apiName: "city", label: "City", type: "text" }), "city field");
  await ok(send(t, "POST", "/objects/contact/fields", { apiName: "score", label: "Score", type: "number" }), "score field");
}

/** A write as a careful client sends it: a 503 (nothing written) is retried after its Retry-After, and counted. */
let retried = 0;
async function retrying503(sendIt: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await sendIt();
    if (res.status !== 503 || attempt === 5) return res;
    retried++;
    log(`  answered 503 (${(await res.text()).slice(0, 120)}); retrying`);
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("retry-after") ?? 1)));
  }
}

const bulkCreate = (t: Tenant, records: Record<string, unknown>[]) =>
  ok(
    retrying503(() => send(t, "POST", "/contact/bulk", { records })),
    "bulk",
  );

/** `count` more contacts through the bulk API, 4 requests in flight. */
async function load(t: Tenant, count: number): Promise<void> {
  const from = t.ids.length;
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let start = next; start < count; start = next) {
      next += 500;
      const records = Array.from({ length: Math.min(500, count - start) }, (_, k) => contact(from + start + k));
      const result = (await bulkCreate(t, records)) as { created: number; results: { id?: string }[] };
      if (result.created !== records.length) throw new Error(`bulk created ${result.created} of ${records.length}`);
      for (const r of result.results) t.ids.push(r.id!);
      if (t.ids.length % 50_000 < 500) log(`  ${t.ids.length} contacts`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const seconds = (performance.now() - started) / 1000;
  log(
    `  loaded ${count} contacts in ${seconds.toFixed(0)} s (${(count / seconds).toFixed(0)}/s; ${retried} bulk requests retried after a 503)`,
  );
}

/** A busy record's timeline: ACTIVITIES on one contact, 8 requests in flight. */
async function busyRecord(t: Tenant): Promise<string> {
  const id = t.ids[0]!;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < ACTIVITIES; i = next++) {
      const body = { type: "note", subject: `Note ${i}`, record_id: id, objectApiName: "contact" };
      await ok(
        retrying503(() => send(t, "POST", "/activities", body)),
        "activity",
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  log(`  ${ACTIVITIES} activities on one contact (${retried} requests retried after a 503 so far)`);
  return id;
}

const THREE_FILTERS = "filter=lifecycle_stage:eq:customer&filter=score:gte:500&filter=birthday:lt:1990-01-01&order=score:desc&limit=50";

function cases(t: Tenant, busy: string, since: string): Case[] {
  const id = (i: number) => t.ids[(i * 7919) % t.ids.length]!;
  return [
    { name: "GET by id", send: (i) => get(t, `/contact/${id(i)}`) },
    { name: "search, 1 letter", send: () => get(t, "/contact?search=m") },
    { name: "search, 2 letters", send: () => get(t, "/contact?search=me") },
    { name: "search, 3 letters", send: () => get(t, "/contact?search=men") },
    { name: "search, a word", send: () => get(t, "/contact?search=mendoza") },
    { name: "3 filters + order + total", send: () => get(t, `/contact?${THREE_FILTERS}`) },
    { name: "order by a custom field", send: () => get(t, "/contact?order=score:desc&limit=50") },
    { name: "contains on a text field", send: () => get(t, "/contact?filter=job_title:contains:engineer&limit=50") },
    { name: "data, page 1,000", send: () => get(t, "/data/contact?page=1000&pageSize=50") },
    { name: "data, updated_since", send: () => get(t, `/data/contact?updated_since=${encodeURIComponent(since)}&pageSize=100`) },
    { name: "export (MCP export_records, 500)", send: () => toolCall(t, "export_records", { object: "contact", limit: 500 }) },
    { name: "timeline of a busy record", send: () => get(t, `/activities?recordId=${busy}&limit=50`) },
    { name: "MCP list_records", send: () => toolCall(t, "list_records", { object: "contact", search: "ma", filters: ["score:gte:900"] }) },
  ];
}

/** Each case's p50/p95 over SAMPLES requests taken in turns; a case whose requests run past the budget stops early. */
async function measure(list: Case[], samplesPerCase = SAMPLES, budgetMs = CASE_BUDGET_MS): Promise<Results> {
  const samples = new Map<string, number[]>(list.map((c) => [c.name, []]));
  const spent = new Map<string, number>(list.map((c) => [c.name, 0]));
  const failures = new Map<string, number[]>();
  for (let i = 0; i < samplesPerCase; i++) {
    for (const c of list) {
      if (spent.get(c.name)! > budgetMs && samples.get(c.name)!.length >= 3) continue;
      const t = performance.now();
      const res = await c.send(i);
      await res.arrayBuffer();
      const ms = performance.now() - t;
      samples.get(c.name)!.push(ms);
      spent.set(c.name, spent.get(c.name)! + ms);
      // A refusal (a statement timeout's 503) is part of what the state gives a customer: counted, not fatal.
      if (!res.ok) failures.set(c.name, [...(failures.get(c.name) ?? []), res.status]);
    }
  }
  const results: Results = new Map(
    [...samples].map(([name, s]) => [name, { ...percentiles(s), n: s.length, failed: failures.get(name) ?? [] }]),
  );
  for (const [name, r] of results) log(`  ${name}: ${ms(r)}${note(r)}`);
  return results;
}

/**
 * The neighbour's GET by id and 3-filter list (in turns, BENCH_NEIGHBOUR_SAMPLES each) idle, then while `heavy` runs at c=20;
 * and how the flooding tenant's own requests were answered meanwhile (the bulkhead refuses its excess).
 */
async function neighbourImpact(neighbour: Tenant, heavy: Case): Promise<{ idle: Results; loaded: Results; flood: Map<number, number> }> {
  const own = cases(neighbour, neighbour.ids[0]!, new Date().toISOString());
  const pair = [own[0]!, own[5]!];
  const idle = await measure(pair, NEIGHBOUR_SAMPLES, Infinity);
  let stop = false;
  const flood = new Map<number, number>();
  const flooder = async () => {
    for (let i = 0; !stop; i++) {
      const status = await heavy.send(i).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
      );
      flood.set(status, (flood.get(status) ?? 0) + 1);
    }
  };
  const floods = Array.from({ length: 20 }, flooder);
  // Bounded: on PGlite (one connection) each of the neighbour's requests queues behind the flood's statements.
  const loaded = await measure(pair, NEIGHBOUR_SAMPLES, CASE_BUDGET_MS * 3);
  stop = true;
  await Promise.all(floods);
  return { idle, loaded, flood };
}

/** How many samples a case got when it ran out of budget, and the statuses of its refusals. */
const note = (r: Percentiles & { n: number; failed: number[] }) =>
  (r.n < SAMPLES ? ` (n=${r.n})` : "") + (r.failed.length ? ` (${r.failed.length} × ${[...new Set(r.failed)].join("/")})` : "");
const ms = (p: Percentiles) => `${p.p50.toFixed(1)} / ${p.p95.toFixed(1)}`;

function report(engine: string, size: number, a: Results, b: Results): Case["name"] {
  const byId = b.get("GET by id")!;
  console.log(`\n${engine}, ${size.toLocaleString("en")} contacts + ${NEIGHBOUR.toLocaleString("en")} beside them (ms, p50 / p95)`);
  console.log("| case | (a) after the load | (b) after the analyze job | (a)/(b) p95 ≤ 2 | p95 / GET-by-id p95 (b) ≤ 5 |");
  console.log("|---|---|---|---|---|");
  let heaviest = "";
  for (const [name, pb] of b) {
    const pa = a.get(name)!;
    if (name !== "GET by id" && (!heaviest || pb.p95 > b.get(heaviest)!.p95)) heaviest = name;
    const list = name === "GET by id" ? "" : `${(pb.p95 / byId.p95).toFixed(1)}×`;
    console.log(`| ${name} | ${ms(pa)}${note(pa)} | ${ms(pb)}${note(pb)} | ${(pa.p95 / pb.p95).toFixed(2)} | ${list} |`);
  }
  return heaviest;
}

async function runSize(size: number): Promise<void> {
  const pg = PG ? await throwawayDatabase("crm_bench_scale") : null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crm-bench-scale-"));
  // The API keys' hashes use the instance's generated secrets, kept in DATA_DIR: the same for this process and the server.
  process.env.DATA_DIR = dataDir;
  const config: DbConfig = pg ? { engine: "postgres", ownerUrl: pg.url } : { engine: "pglite", dataDir: path.join(dataDir, "pglite") };
  const engine = pg ? "PostgreSQL" : "PGlite";
  let server: ChildProcess | undefined;
  try {
    const [big, neighbour] = (await provision(config)) as [Tenant, Tenant];
    let analyzed = 0;
    // PostgreSQL only: the vacuum job's VACUUM (lib/jobs/vacuum-tables.ts) follows the analyze job's ANALYZE.
    let vacuumed = 0;
    const start = async (env: Record<string, string>) =>
      startBenchServer(pg?.url ?? "", PORT, { DATA_DIR: dataDir, ...env }, (line) => {
        if (/analy[sz]ed? record\b/i.test(line)) analyzed++;
        if (/vacuumed record\b/.test(line)) vacuumed++;
      });
    server = await start(JOB_OFF);
    log(`${engine}: loading ${size} + ${NEIGHBOUR} contacts through the bulk API`);
    await addFields(big);
    await addFields(neighbour);
    await load(big, Math.floor(size / 2));
    const since = new Date().toISOString();
    await load(big, size - Math.floor(size / 2));
    await load(neighbour, NEIGHBOUR);
    const busy = HEAVY ? big.ids[0]! : await busyRecord(big);
    const list = cases(big, busy, since);
    const a = HEAVY ? null : (log("(a) right after the load"), await measure(list));
    await stopBenchServer(server);
    server = await start({});
    log("(b) waiting for the analyze job, and on PostgreSQL the vacuum job");
    for (let i = 0; analyzed === 0 || (pg && vacuumed === 0); i++) {
      if (i > 600) throw new Error("the analyze and vacuum jobs did not reach the record table within 10 minutes");
      await new Promise((r) => setTimeout(r, 1000));
    }
    const heaviest = a ? report(engine, size, a, await measure(list)) : HEAVY!;
    log(`neighbour while the big tenant runs "${heaviest}" at c=20`);
    const impact = await neighbourImpact(
      neighbour,
      list.find((c) => c.name === heaviest)!,
    );
    console.log(`\n${NEIGHBOUR.toLocaleString("en")}-contact tenant beside it, idle vs while "${heaviest}" runs at c=20 (ms, p50 / p95)`);
    console.log("| request | idle | loaded | p95 ratio ≤ 1.5 |");
    console.log("|---|---|---|---|");
    for (const [name, idle] of impact.idle) {
      const loaded = impact.loaded.get(name)!;
      console.log(`| ${name} | ${ms(idle)}${note(idle)} | ${ms(loaded)}${note(loaded)} | ${(loaded.p95 / idle.p95).toFixed(2)} |`);
    }
    console.log(`The flooding tenant's answers meanwhile (status × count): ${[...impact.flood].map(([s, n]) => `${s} × ${n}`).join(", ")}`);
    await stopBenchServer(server);
    server = undefined;
    console.log(`\n${await storagePerRecord(config)}`);
  } finally {
    await stopBenchServer(server);
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  log(`contacts named from ${FIRST.length} first names, cities from ${CITIES.length}`);
  for (const size of SIZES) await runSize(size);
}

runBench(main);
