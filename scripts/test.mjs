// The whole test suite on the configured engine: build, Vitest (unit + integration, including
// the server-level tests) and Playwright in Chromium, side by side. Ends with `N passed, N failed`, and
// `, N skipped (why)` when tests of the other engine were left out.
//   npm test                                   embedded PGlite, in-process rate limiter
//   DATABASE_URL=... REDIS_URL=... npm test    PostgreSQL and Redis
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";
import pg from "pg";

const run = (cmd, args, env = process.env) => spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1;
// Each tool runs on this process's Node (npm scripts find package.json's pinned Node 24 first on PATH).
const tool = (name, args, env) => run(process.execPath, [path.join("node_modules", ".bin", name), ...args], env);
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);

rmSync("test-results", { recursive: true, force: true });

// Browser tests use Debian's Chromium (Playwright's own download is not reachable offline).
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium) && process.getuid?.() === 0) {
  console.log("Installing Chromium for the browser tests (apt-get install chromium)…");
  run("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"]);
}
if (process.env.SKIP_BUILD !== "true" && tool("next", ["build"], { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }) !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

let passed = 0;
let failed = 0;
let skipped = 0;

/** A tool run to its end, its output streamed with `prefix` on every line (the two suites run side by side). */
function streamTool(name, args, env, prefix) {
  const child = spawn(process.execPath, [path.join("node_modules", ".bin", name), ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on("line", (line) => process.stdout.write(`${prefix}${line}\n`));
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

// The e2e server gets a throwaway database on PostgreSQL, a throwaway data directory always.
const e2eEnv = { ...process.env, E2E_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "crm-e2e-")) };
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `crm_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  e2eEnv.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}

// Vitest and Playwright side by side: the browser suite waits on pages most of the time (about half
// a core), which Vitest's two workers leave over; one after the other they took 2–3 minutes longer.
const [vitestStatus, pwStatus] = await Promise.all([
  streamTool("vitest", ["run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"], process.env, ""),
  streamTool("playwright", ["test"], e2eEnv, "[e2e] "),
]);
await dropDatabase();
rmSync(e2eEnv.E2E_DATA_DIR, { recursive: true, force: true });

const vitest = readJson("test-results/vitest.json");
passed += vitest?.numPassedTests ?? 0;
skipped += (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0);
failed += vitest ? vitest.numFailedTests : 1;
if (vitestStatus !== 0 && vitest && vitest.numFailedTests === 0) failed += 1; // a crash outside any test

const pw = readJson("test-results/playwright.json");
passed += (pw?.stats?.expected ?? 0) + (pw?.stats?.flaky ?? 0);
skipped += pw?.stats?.skipped ?? 0;
failed += pw ? pw.stats.unexpected : 1;
if (pwStatus !== 0 && pw && pw.stats.unexpected === 0) failed += 1;

/** The failed tests' names and first message lines: a log cut to its end still says what failed. */
function failures() {
  const out = [];
  for (const file of vitest?.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === "failed")
        out.push(`${path.relative(".", file.name)} > ${t.fullName}: ${(t.failureMessages?.[0] ?? "").split("\n")[0]}`);
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === "unexpected")
          out.push(`e2e/${spec.file} > ${spec.title}: ${(t.results?.at(-1)?.error?.message ?? "").split("\n")[0]}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of pw?.suites ?? []) walk(suite);
  return out;
}
// Without the colours Vitest and Playwright put in their messages: the list is read as plain text.
const failedNames = failures().map(stripVTControlCharacters);
if (failedNames.length) console.log(`Failed:\n${failedNames.map((f) => `  ${f.slice(0, 300)}`).join("\n")}`);

// Every skip in the suite is a test of the other engine's setup (skipIf on DATABASE_URL, REDIS_URL or PGlite's snapshot),
// or one whose subject does not depend on the engine and runs on the embedded one (the accessibility check).
const why = process.env.DATABASE_URL
  ? "they test the embedded engine, or what does not depend on it: run without DATABASE_URL"
  : "they need PostgreSQL and Redis: run with DATABASE_URL and REDIS_URL";
console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped (${why})` : ""));
process.exit(failed > 0 ? 1 : 0);
