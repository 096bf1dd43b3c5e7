/**
 * CSV imports at a customer's size, on each engine, side by side in one run (issue 38):
 *   1. rows per second of POST /contact/imports (the background job, batches of 500), against the
 *      same rows sent as POST /contact/bulk requests of 500 one after another, as an integrator would;
 *   2. whether an import freezes the others: p95 of GET /contact/{id} while the import runs,
 *      against the p95 of the same GET with nothing else running.
 * The built server (`npx next build` first), jobs on, PGlite in a data directory of its own, then —
 * when DATABASE_URL is set — a throwaway PostgreSQL database. No ANALYZE: a fresh import has no statistics.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/imports.ts
 *
 * BENCH_IMPORT_ROWS (default 100,000), BENCH_SAMPLES (default 300), BENCH_PORT.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, setDatabase, type Database } from "../lib/db/client.ts";
import { provisionTenant } from "../lib/services/tenants/provision-tenant.ts";
import { contactsCsv } from "../tests/helpers/contacts-csv.ts";
import { percentiles, runBench, type Percentiles } from "./bench-kit.ts";
import { benchAdminKey, startBenchServer, stopBenchServer, throwawayDatabase } from "./bench-server.ts";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const PORT = Number(process.env.BENCH_PORT ?? 3231);
const BASE = `http://127.0.0.1:${PORT}/api/v1`;

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

async function importRowsPerSecond(key: string): Promise<{ rowsPerS: number; during: Percentiles }> {
  const form = new FormData();
  form.append("file", new Blob([contactsCsv(ROWS, "imp")], { type: "text/csv" }), "contacts.csv");
  const started = performance.now();
  const res = await fetch(`${BASE}/contact/imports`, { method: "POST", headers: auth(key), body: form });
  const created = (await res.json()) as { id: string };
  if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(created)}`);
  // A neighbour's reads while the import runs: one GET after another until it ends.
  const probeId = await anyContactId(key);
  const samples: number[] = [];
  for (;;) {
    const t = performance.now();
    const get = await fetch(`${BASE}/contact/${probeId}`, { headers: auth(key) });
    await get.text();
    samples.push(performance.now() - t);
    if (samples.length % 20 === 0) {
      const status = (await (await fetch(`${BASE}/contact/imports/${created.id}`, { headers: auth(key) })).json()) as {
        status: string;
        created: number;
        failed: number;
      };
      if (status.status === "done") {
        if (status.created !== ROWS) throw new Error(`import: ${status.created} created, ${status.failed} failed`);
        return { rowsPerS: ROWS / ((performance.now() - started) / 1000), during: percentiles(samples) };
      }
      if (status.status !== "queued" && status.status !== "running") throw new Error(`import ended ${status.status}`);
    }
  }
}

async function bulkRowsPerSecond(key: string): Promise<number> {
  const started = performance.now();
  for (let n = 0; n < ROWS; n += 500) {
    const records = Array.from({ length: Math.min(500, ROWS - n) }, (_, k) => ({
      first_name: "Person",
      last_name: `bulk ${n + k + 1}`,
      email: `p${n + k + 1}.bulk@example.com`,
    }));
    const res = await fetch(`${BASE}/contact/bulk`, {
      method: "POST",
      headers: { ...auth(key), "content-type": "application/json" },
      body: JSON.stringify({ records }),
    });
    const text = await res.text();
    if (!res.ok || text.includes('"ok":false')) throw new Error(`bulk: ${res.status} ${text.slice(0, 300)}`);
  }
  return ROWS / ((performance.now() - started) / 1000);
}

async function anyContactId(key: string): Promise<string> {
  const page = (await (await fetch(`${BASE}/contact?limit=1`, { headers: auth(key) })).json()) as { data: { id: string }[] };
  return page.data[0]!.id;
}

async function quietGets(key: string): Promise<Percentiles> {
  const id = await anyContactId(key);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await (await fetch(`${BASE}/contact/${id}`, { headers: auth(key) })).text();
    samples.push(performance.now() - t);
  }
  return percentiles(samples);
}

/** A tenant with an unlimited admin key, written before the server starts (PGlite has one process). */
async function prepare(db: Promise<Database>): Promise<string> {
  setDatabase(db);
  const { tenantId, roles } = await provisionTenant({ name: "Bench", slug: `bench-${randomBytes(4).toString("hex")}` });
  const key = await benchAdminKey(tenantId, roles.admin!);
  await (await db).close();
  return key;
}

async function onEngine(engine: string, url: string, dataDir: string): Promise<void> {
  const key = await prepare(
    url ? openDatabase({ engine: "postgres", ownerUrl: url }) : openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pglite") }),
  );
  let server: ChildProcess | undefined;
  try {
    server = await startBenchServer(url, PORT, { DATA_DIR: dataDir });
    const bulk = await bulkRowsPerSecond(key);
    const quiet = await quietGets(key);
    const imported = await importRowsPerSecond(key);
    console.log(
      `${engine}, ${ROWS.toLocaleString("en")} contacts: import ${imported.rowsPerS.toFixed(0)} rows/s, bulk requests ` +
        `${bulk.toFixed(0)} rows/s (import/bulk ${(imported.rowsPerS / bulk).toFixed(2)}); GET by id p95 ` +
        `${imported.during.p95.toFixed(1)} ms during the import vs ${quiet.p95.toFixed(1)} ms quiet ` +
        `(${(imported.during.p95 / quiet.p95).toFixed(2)}x; p50 ${imported.during.p50.toFixed(1)} vs ${quiet.p50.toFixed(1)} ms)`,
    );
  } finally {
    await stopBenchServer(server);
  }
}

runBench(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "crm-bench-imports-"));
  try {
    await onEngine("PGlite", "", dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!process.env.DATABASE_URL) return;
  const database = await throwawayDatabase("crm_bench_imports");
  const pgDir = mkdtempSync(path.join(os.tmpdir(), "crm-bench-imports-"));
  try {
    await onEngine("PostgreSQL", database.url, pgDir);
  } finally {
    await database.drop();
    rmSync(pgDir, { recursive: true, force: true });
  }
});
