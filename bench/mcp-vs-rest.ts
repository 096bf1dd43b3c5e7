/**
 * MCP tool calls vs their REST twins, over HTTP against `next start`, side by side in one run:
 * sequential requests taken in turns (REST, tool, REST, tool, …) so that the machine's slow and
 * fast moments fall on both alike. Both sides send the raw request a client would (a 2026-07-28
 * JSON-RPC POST for the tool), so the figures are the server's, not a client library's.
 *
 *   npm run build && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/mcp-vs-rest.ts
 * Options: BENCH_SAMPLES (500 per side and pair).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { interleavedLatencies, mcpToolCall, runBench, type Percentiles } from "./bench-kit.ts";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 500);
const PORT = 3301;
const BASE = `http://127.0.0.1:${PORT}`;

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(PORT), "-H", "127.0.0.1"], {
    env: { ...process.env, ...env, NODE_ENV: "production", PORT: String(PORT), PUBLIC_BASE_URL: BASE, REDIS_URL: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  server.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  for (let i = 0; i < 240; i++) {
    const key = /Demo API key: (\S+)/.exec(out)?.[1];
    if (
      key &&
      (await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      return Object.assign(server, { demoKey: key });
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

const toolCall = (key: string, name: string, args: Record<string, unknown>) => mcpToolCall(BASE, key, name, args);

async function main() {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error("set DATABASE_URL (the benchmark runs on PostgreSQL)");
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const dbName = `crm_bench_mcp_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = Object.assign(new URL(base), { pathname: `/${dbName}` }).toString();
  let server: (ChildProcess & { demoKey?: string }) | undefined;
  try {
    server = await startServer({ DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "crm-bench-mcp-")) });
    const key = server.demoKey!;
    // The demo key's 120/min would stop the run: lift it (the rate limiter still runs, per request).
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    await owner.query("UPDATE api_key SET rate_limit = 100000000");
    await owner.end();
    const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const created = await fetch(`${BASE}/api/v1/contact`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ last_name: "Bench", first_name: "Mcp" }),
    });
    const id = ((await created.json()) as { id: string }).id;
    const notError = (body: string) => {
      if (body.includes('"isError":true')) throw new Error(body.slice(0, 300));
    };
    const pairs = [
      {
        label: "get a record",
        rest: () => fetch(`${BASE}/api/v1/contact/${id}`, { headers: auth }),
        tool: () => toolCall(key, "get_record", { object: "contact", id }),
      },
      {
        label: "list 20 records with total",
        rest: () => fetch(`${BASE}/api/v1/contact?limit=20`, { headers: auth }),
        tool: () => toolCall(key, "list_records", { object: "contact", limit: 20 }),
      },
      {
        label: "list objects",
        rest: () => fetch(`${BASE}/api/v1/objects`, { headers: auth }),
        tool: () => toolCall(key, "list_objects", {}),
      },
    ];
    console.log(`MCP tool call vs REST twin, ${SAMPLES} sequential requests each, taken in turns (PostgreSQL, HTTP to next start)`);
    console.log("| operation | REST p50 / p95 | MCP tool p50 / p95 | tool / REST (p50) |");
    console.log("|---|---|---|---|");
    for (const pair of pairs) {
      await interleavedLatencies(50, [pair.rest, pair.tool], notError); // warm-up
      const [rest, tool] = (await interleavedLatencies(SAMPLES, [pair.rest, pair.tool], notError)) as [Percentiles, Percentiles];
      console.log(
        `| ${pair.label} | ${rest.p50.toFixed(2)} / ${rest.p95.toFixed(2)} ms | ${tool.p50.toFixed(2)} / ${tool.p95.toFixed(2)} ms | ${(tool.p50 / rest.p50).toFixed(2)}x |`,
      );
    }
  } finally {
    server?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

runBench(main);
