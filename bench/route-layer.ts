/**
 * The API route layer against Next's router, on PostgreSQL: GET one record at 10 and 50
 * connections through the same build served twice by server.mjs — once with the layer
 * (API_ROUTE_LAYER=on) and once without (off: Next's router serves /api/v1) — beside the two
 * ceilings, a bare Next route (/api/ping, which the layer leaves to Next) and a bare node:http
 * server answering constant JSON. Rounds take the sides in turns; the table shows medians of the
 * throughput and of the CPU time each server process spent per request (which, unlike req/s,
 * hardly moves when other work shares the machine).
 *
 *   npx next build && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/route-layer.ts
 * Options: BENCH_RECORDS (2000), BENCH_SECONDS (8), BENCH_ROUNDS (3), BENCH_PORT (3213: the layer; +1 Next's router, +2 node:http).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { median, runBench } from "./bench-kit.ts";
import { startApp, throughput, waitFor, type ThroughputRun } from "./bench-server.ts";

const RECORDS = Number(process.env.BENCH_RECORDS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3213);
const CONNECTIONS = [10, 50];

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

/** The ceiling: node:http answering the same small JSON as /api/ping, nothing else. */
function startBare(port: number): ChildProcess {
  const source = `require("node:http").createServer((q, s) => { s.writeHead(200, { "content-type": "application/json" }); s.end('{"ok":true}'); }).listen(${port}, "127.0.0.1")`;
  return spawn(process.execPath, ["-e", source], { stdio: "ignore" });
}

async function main() {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error("set DATABASE_URL (the benchmark runs on PostgreSQL)");
  const dbName = `crm_bench_route_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = Object.assign(new URL(base), { pathname: `/${dbName}` }).toString();
  const started: { proc: ChildProcess; dataDir?: string }[] = [];
  try {
    // The layer's server migrates and seeds the demo tenant; the other shares its database.
    const layer = await startApp(PORT, { DATABASE_URL: url, API_ROUTE_LAYER: "on" });
    started.push(layer);
    const router = await startApp(PORT + 1, { DATABASE_URL: url, API_ROUTE_LAYER: "off", SEED_DEMO: "false" });
    started.push(router);
    const bare = startBare(PORT + 2);
    started.push({ proc: bare });
    await waitFor(`http://127.0.0.1:${PORT + 2}/`, bare);

    const key = (JSON.parse(readFileSync(path.join(layer.dataDir, "demo-credentials.json"), "utf8")) as { apiKey: string }).apiKey;
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    // A limit past what any run sends: the bench measures routing, not the limiter's refusals.
    await owner.query("UPDATE api_key SET rate_limit = 100000000");
    const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    for (let n = 0; n < RECORDS; n += 500) {
      const records = Array.from({ length: Math.min(500, RECORDS - n) }, (_, k) => ({ first_name: `Bench ${n + k}`, last_name: "Route" }));
      const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/contact/bulk`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ records }),
      });
      if (!res.ok) throw new Error(`seeding: ${res.status} ${await res.text()}`);
    }
    await owner.query("ANALYZE");
    const ids = (
      await owner.query<{ id: string }>(
        "SELECT r.id::text FROM record r JOIN object_def o ON o.id = r.object_id WHERE o.api_name = 'contact'",
      )
    ).rows.map((r) => r.id);
    await owner.end();
    log(`${ids.length} records`);

    const byId = (i: number) => `/api/v1/contact/${ids[(i * 7919) % ids.length]}`;
    const sides = [
      { name: "GET /api/v1/contact/{id}, API route layer", port: PORT, proc: layer.proc, path: byId, key },
      { name: "GET /api/v1/contact/{id}, Next's router", port: PORT + 1, proc: router.proc, path: byId, key },
      { name: "bare Next route (/api/ping)", port: PORT, proc: layer.proc, path: (i: number) => `/api/ping?i=${i}` },
      { name: "bare node:http", port: PORT + 2, proc: bare, path: (i: number) => `/?i=${i}` },
    ];
    const results = new Map<string, ThroughputRun[]>();
    for (let r = 0; r < ROUNDS; r++) {
      for (const side of sides) {
        for (const c of CONNECTIONS) {
          const run = await throughput({ ...side, connections: c, seconds: SECONDS });
          results.set(`${side.name}|${c}`, [...(results.get(`${side.name}|${c}`) ?? []), run]);
          log(`round ${r + 1}: ${side.name}, c=${c}: ${run.rps.toFixed(0)} req/s, ${run.cpuMs.toFixed(2)} ms of server CPU per request`);
        }
      }
    }
    console.log(
      `\nAPI route layer vs Next's router (PostgreSQL, ${ids.length} records, ${SECONDS} s per run, medians of ${ROUNDS} rounds)`,
    );
    console.log("| case | c=10 | c=50 | server CPU per request, c=10 / c=50 |");
    console.log("|---|---|---|---|");
    for (const side of sides) {
      const runs = CONNECTIONS.map((c) => results.get(`${side.name}|${c}`)!);
      const rps = runs.map((rs) => `${median(rs.map((r) => r.rps)).toFixed(0)} req/s (${rs.map((r) => r.rps.toFixed(0)).join(", ")})`);
      const cpu = runs.map((rs) => `${median(rs.map((r) => r.cpuMs)).toFixed(2)} ms`).join(" / ");
      console.log(`| ${side.name} | ${rps.join(" | ")} | ${cpu} |`);
    }
  } finally {
    for (const s of started) {
      s.proc.kill("SIGTERM");
      if (s.dataDir) rmSync(s.dataDir, { recursive: true, force: true });
    }
    await new Promise((r) => setTimeout(r, 1000));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

runBench(main);
