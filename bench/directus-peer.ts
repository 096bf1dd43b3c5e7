/**
 * Our records API in the same run as the Directus peer harness (../shared/peers/directus, its README's "Comparing our
 * API in the same run"): the built app (server.mjs) on PostgreSQL in a throwaway database, a custom object `contacts`
 * with the harness's fields, loaded with the same 100,000 rows (gen-contacts.js, seed 42) through POST
 * /api/v1/contacts/bulk in batches of 500, then the OURS_* variables bench.sh reads. With --run it runs bench.sh with
 * them (every case against Directus, Directus with a frozen schema cache, the two ceilings and ours, interleaved);
 * without, it prints the variables and serves until Ctrl-C. Either way it then prints EXPLAIN ANALYZE of the list's
 * page and count as crm_app, and the bytes per record of our storage beside Directus's `contacts` table.
 *
 *   npx next build && bash ../shared/peers/directus/setup.sh "$PEER_DIR"   # once
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:directus -- --run
 * Options: PEER_DIR (the harness's work directory, default <tmpdir>/directus-peer), REPEATS (3), DIRECTUS_HARNESS
 * (../shared/peers/directus), BENCH_PORT (3300), BENCH_RECORDS (100000: Directus holds that many); bench.sh's own
 * knobs (DURATION, CONNS, ...) pass through.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, setDatabase } from "../lib/db/client.ts";
import { Prisma } from "../lib/db/generated/client.ts";
import { withTenantSql } from "../lib/db/tenant.ts";
import { fieldInputSchema, type FieldInput } from "../lib/schemas/fields.ts";
import { objectInputSchema } from "../lib/schemas/objects.ts";
import { listParamsSchema } from "../lib/schemas/records.ts";
import { insertFieldDefinition, updateFieldDefinition } from "../lib/services/objects/field-definitions.ts";
import { insertObjectDefinition } from "../lib/services/objects/object-definitions.ts";
import { countQuery, pageQuery } from "../lib/services/records/list-sql.ts";
import { loadObjectSchema } from "../lib/services/records/object-schema.ts";
import { parseListQuery } from "../lib/services/records/query/index.ts";
import { provisionTenant } from "../lib/services/tenants/provision-tenant.ts";
import { runBench } from "./bench-kit.ts";
import { benchAdminKey, serverNode, startBenchServer } from "./bench-server.ts";

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const REPEATS = Number(process.env.REPEATS ?? 3);
const HARNESS = path.resolve(process.env.DIRECTUS_HARNESS ?? "../shared/peers/directus");
const PEER_DIR = path.resolve(process.env.PEER_DIR ?? path.join(os.tmpdir(), "directus-peer"));
const BASE = `http://127.0.0.1:${PORT}`;
const OBJECT = "contacts";
const BATCH = 500;
/** Query (b) of the harness in the spec's syntax; `contains` is case- and accent-insensitive here, Directus's `_contains` is LIKE. */
const LIST_QUERY = "filter=status:eq:customer&filter=score:gt:50&filter=company:contains:ac&order=updated_at:desc&limit=50";
/** The tables a record's storage spans (lib/services/records/storage.md); pg_total_relation_size counts their indexes and TOAST. */
const RECORD_TABLES = ["record", "record_value", "record_token", "record_unique"];

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);
const dbUrl = (base: string, db: string) => Object.assign(new URL(base), { pathname: `/${db}` }).toString();
const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** The fields gen-contacts.js writes, as in the harness's create-collection.js; `name` (every object has one) is made optional. */
const FIELDS: FieldInput[] = [
  { apiName: "first_name", label: "First name", type: "text" },
  { apiName: "last_name", label: "Last name", type: "text" },
  { apiName: "email", label: "Email", type: "email", required: true, unique: true },
  { apiName: "status", label: "Status", type: "select", options: ["lead", "customer", "churned"].map((v) => ({ value: v, label: v })) },
  { apiName: "score", label: "Score", type: "number" },
  { apiName: "company", label: "Company", type: "text" },
];

/**
 * gen-contacts.js's rows. Its date columns are left out: our created_at and updated_at are the server's, not
 * client-settable, so ours all carry the load's time (Directus's carry the generated dates).
 */
function generateContacts(): Record<string, unknown>[] {
  const csv = execFileSync(process.execPath, [path.join(HARNESS, "gen-contacts.js"), String(RECORDS)], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return csv
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      // The generator quotes only values with a comma or quote, and none of its word lists has one.
      if (line.includes('"')) throw new Error(`a quoted CSV value, which this reader does not parse: ${line}`);
      const [first_name, last_name, email, status, score, company] = line.split(",");
      return { first_name, last_name, email, status, score: Number(score), company };
    });
}

/** A tenant with an admin, an API key whose rate limit no run reaches, and the custom object `contacts`. */
async function benchTenant(): Promise<{ tenantId: string; key: string; objectId: string }> {
  const { tenantId, roles } = await provisionTenant({ name: "Bench", slug: `bench-${randomBytes(4).toString("hex")}` });
  const key = await benchAdminKey(tenantId, roles.admin!);
  const objectId = await withTenantSql(tenantId, async (tx) => {
    // What Settings → Objects does (objects.create, fields.create, fields.update).
    const object = await insertObjectDefinition(
      tx,
      tenantId,
      objectInputSchema.parse({ apiName: OBJECT, label: "Contact (bench)", pluralLabel: "Contacts (bench)" }),
    );
    for (const field of FIELDS) await insertFieldDefinition(tx, tenantId, OBJECT, fieldInputSchema.parse(field));
    // The harness's bodies carry no `name`; the record's name is then first + last name (record-name.ts).
    await updateFieldDefinition(tx, tenantId, OBJECT, "name", { required: false });
    return object.id;
  });
  return { tenantId, key, objectId };
}

/**
 * Deletes the bench's writes (emails bench-…) with their index rows and every outbox event of the object — as
 * bench.sh deletes Directus's rows with its activity and revisions — then VACUUM ANALYZE (autovacuum is off here).
 */
function cleanupStatements(tenantId: string, objectId: string): string[] {
  const byRecord = (table: string) =>
    `gone_${table} AS (DELETE FROM ${table} x USING gone WHERE x.tenant_id = gone.tenant_id AND x.record_id = gone.id)`;
  return [
    `WITH gone AS (DELETE FROM record WHERE tenant_id = '${tenantId}' AND object_id = '${objectId}' AND data->>'email' LIKE 'bench-%' RETURNING tenant_id, id),
       ${["record_value", "record_token", "record_unique"].map(byRecord).join(",\n       ")}
     DELETE FROM outbox_event WHERE tenant_id = '${tenantId}' AND object_api_name = '${OBJECT}'`,
    `VACUUM ANALYZE ${[...RECORD_TABLES, "outbox_event"].join(", ")}`,
  ];
}

/** Loads the contacts through the bulk endpoint, one batch after the other; returns their ids in order. */
async function loadContacts(key: string, contacts: Record<string, unknown>[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < contacts.length; start += BATCH) {
    const res = await fetch(`${BASE}/api/v1/${OBJECT}/bulk`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ records: contacts.slice(start, start + BATCH) }),
    });
    const body = (await res.json()) as { results?: { ok: boolean; id?: string; error?: string }[] };
    const failed = body.results?.find((r) => !r.ok);
    if (!res.ok || !body.results || failed) throw new Error(`bulk create: ${res.status} ${JSON.stringify(failed ?? body).slice(0, 300)}`);
    ids.push(...body.results.map((r) => r.id!));
    if ((start / BATCH) % 40 === 39) log(`loaded ${ids.length} contacts`);
  }
  return ids;
}

/** The list's page and count statements as the app builds them, EXPLAIN ANALYZEd as crm_app with the tenant set (RLS on). */
async function explainList(tenantId: string): Promise<void> {
  await withTenantSql(tenantId, async (tx) => {
    const object = await loadObjectSchema(tx, tenantId, OBJECT);
    const query = new URLSearchParams(LIST_QUERY);
    const params = { object: OBJECT, filter: query.getAll("filter"), order: query.get("order"), limit: Number(query.get("limit")) };
    const q = parseListQuery(object.fields, listParamsSchema.parse(params));
    for (const [label, sql] of [
      ["page", pageQuery(tenantId, object, q)],
      ["count", countQuery(tenantId, object, q)],
    ] as const) {
      const plan = await tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`);
      console.log(
        `\nEXPLAIN (ANALYZE, BUFFERS) of the list's ${label}, as crm_app under RLS:\n${plan.map((r) => "  " + r["QUERY PLAN"]).join("\n")}`,
      );
    }
  });
}

/** Bytes per contact: our four record tables (only the bench tenant's contacts are in them) beside Directus's `contacts`. */
async function storageReport(owner: pg.Client, adminUrl: string): Promise<string[]> {
  const lines = ["| storage | heap + TOAST | indexes | total | bytes per record |", "|---|---:|---:|---:|---:|"];
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const row = (label: string, r: { table: string; indexes: string; rows: string }) => {
    const [table, indexes, rows] = [Number(r.table), Number(r.indexes), Number(r.rows)];
    lines.push(`| ${label} | ${mb(table)} | ${mb(indexes)} | ${mb(table + indexes)} | ${((table + indexes) / rows).toFixed(0)} |`);
  };
  const sizes = `SELECT pg_table_size(t)::text AS table, pg_indexes_size(t)::text AS indexes FROM unnest($1::regclass[]) t`;
  const ours = await owner.query<{ table: string; indexes: string }>(sizes, [RECORD_TABLES]);
  const total = ours.rows.reduce((s, r) => ({ table: s.table + Number(r.table), indexes: s.indexes + Number(r.indexes) }), {
    table: 0,
    indexes: 0,
  });
  const { rows } = await owner.query<{ n: string }>(`SELECT count(*)::text AS n FROM record`);
  ours.rows.forEach((r, i) => row(`ours: ${RECORD_TABLES[i]}`, { ...r, rows: rows[0]!.n }));
  row("ours: all four", { table: String(total.table), indexes: String(total.indexes), rows: rows[0]!.n });
  const directus = new pg.Client({ connectionString: dbUrl(adminUrl, "directus_bench") });
  try {
    await directus.connect();
    const d = await directus.query<{ table: string; indexes: string; rows: string }>(
      `SELECT pg_table_size('contacts')::text AS table, pg_indexes_size('contacts')::text AS indexes, (SELECT count(*) FROM contacts)::text AS rows`,
    );
    row("Directus: contacts", d.rows[0]!);
  } catch (e) {
    lines.push(`| Directus: contacts | (directus_bench not readable: ${(e as Error).message}) | | | |`);
  } finally {
    await directus.end().catch(() => undefined);
  }
  return lines;
}

/** Resolves on Ctrl-C or SIGTERM; from the call on, those no longer end the process, so the cleanup still runs. */
const signalled = () =>
  new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });

/**
 * PATH without this package's node_modules/.bin (which npm puts first): the harness runs Directus and
 * its ceilings on the machine's Node, the one setup.sh installed Directus's native modules for.
 */
function machinePath(): string {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !path.resolve(dir).endsWith(path.join("node_modules", ".bin")))
    .join(path.delimiter);
}

/** bench.sh with our variables; returns the summary it wrote (its newest results directory). */
async function runPeerBench(env: Record<string, string>): Promise<string> {
  const child = spawn("bash", [path.join(HARNESS, "bench.sh"), PEER_DIR, String(REPEATS)], {
    stdio: "inherit",
    env: { ...process.env, PATH: machinePath(), ...env },
  });
  const exited = once(child, "exit") as Promise<[number | null]>;
  const outcome = await Promise.race([exited, signalled().then(() => "signal" as const)]);
  if (outcome === "signal") {
    child.kill("SIGTERM"); // bench.sh stops its servers on TERM
    await exited;
    throw new Error("interrupted");
  }
  if (outcome[0] !== 0) throw new Error(`bench.sh exited with ${outcome[0]}`);
  const runs = readdirSync(path.join(PEER_DIR, "results")).sort();
  return path.join(PEER_DIR, "results", runs.at(-1)!, "summary.md");
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("set DATABASE_URL (the benchmark runs on PostgreSQL)");
  if (!existsSync(".next/BUILD_ID")) throw new Error("no build of the app: run `npx next build` first");
  const run = process.argv.includes("--run");
  if (run && !existsSync(path.join(PEER_DIR, "directus/node_modules/.bin/directus")))
    throw new Error(`the harness is not set up in ${PEER_DIR}: run \`bash ${path.join(HARNESS, "setup.sh")} ${PEER_DIR}\` once`);
  if (
    await fetch(BASE).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${PORT} is in use (set BENCH_PORT)`);

  const dbName = `crm_bench_directus_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = dbUrl(adminUrl, dbName);
  const work = mkdtempSync(path.join(os.tmpdir(), "crm-directus-peer-"));
  let server: ChildProcess | undefined;
  let db: ReturnType<typeof openDatabase> | undefined;
  const owner = new pg.Client({ connectionString: url });
  try {
    db = openDatabase({ engine: "postgres", ownerUrl: url });
    setDatabase(db);
    const { tenantId, key, objectId } = await benchTenant();
    const contacts = generateContacts();
    server = await startBenchServer(url, PORT, { DATA_DIR: work });
    log(`our server runs on Node ${execFileSync(serverNode, ["-v"], { encoding: "utf8" }).trim()}`);
    log(`loading ${contacts.length} contacts through POST /api/v1/${OBJECT}/bulk, ${BATCH} per request`);
    const t = performance.now();
    const ids = await loadContacts(key, contacts);
    log(`loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await owner.connect();
    const cleanup = cleanupStatements(tenantId, objectId);
    for (const statement of cleanup) await owner.query(statement);
    const storage = await storageReport(owner, adminUrl);

    const idsFile = path.join(work, "ids.txt");
    writeFileSync(idsFile, ids.join("\n") + "\n");
    const env: Record<string, string> = {
      OURS_BASE: `${BASE}/api/v1`,
      OURS_TOKEN: key,
      OURS_IDS_FILE: idsFile,
      OURS_GET: `/${OBJECT}/{id}`,
      OURS_LIST: `/${OBJECT}?${LIST_QUERY}`,
      OURS_CREATE: `/${OBJECT}`,
      OURS_BULK: `/${OBJECT}/bulk`,
      OURS_BULK_WRAP: "records",
      OURS_CLEANUP: `psql -X -q -v ON_ERROR_STOP=1 -d ${shellQuote(url)} ${cleanup.map((s) => `-c ${shellQuote(s)}`).join(" ")}`,
    };
    console.log(
      Object.entries(env)
        .map(([k, v]) => `export ${k}=${shellQuote(v)}`)
        .join("\n"),
    );

    if (run) {
      const summary = await runPeerBench(env);
      console.log(`\nsummary: ${summary}`);
      const status = execFileSync("grep", ["-E", "^Vm(RSS|HWM)", `/proc/${server.pid}/status`], { encoding: "utf8" });
      console.log(`our server after the run: ${status.replace(/\s+/g, " ").trim()} (VmHWM = peak RSS)`);
    }
    await explainList(tenantId);
    console.log(`\nStorage of the ${RECORDS} contacts, after the load and VACUUM ANALYZE:\n${storage.join("\n")}`);
    if (!run) {
      log(`serving on ${BASE}; Ctrl-C stops the server and drops ${dbName}`);
      await signalled();
    }
  } finally {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    await owner.end().catch(() => undefined);
    await db?.then(
      (d) => d.close(),
      () => undefined,
    );
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

runBench(main);
