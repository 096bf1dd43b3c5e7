import { defineConfig } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import { withTripwirePreload } from "./tests/setup/net-tripwire.mjs";

// The e2e server gets its own data directory and a known demo password; on PostgreSQL runs the
// test runner passes DATABASE_URL (a throwaway database) and REDIS_URL.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// Set once in the runner process so that test workers (child processes) see the same directory.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `crm-e2e-${process.pid}`);
export const e2eDataDir = process.env.E2E_DATA_DIR;
export const e2ePassword = "e2e-demo-password";

// Nothing the browser tests start may reach outside the loopback: the web server, the test
// workers and every Node process they start (a second instance, the sample apps, mcp-remote)
// load the network tripwire (tests/setup/net-tripwire.mjs), which logs what it refused to this
// file; the run fails at its end when the file is not empty (e2e/global-teardown.ts).
process.env.NET_TRIPWIRE_LOG ??= path.join(os.tmpdir(), `crm-e2e-net-tripwire-${process.pid}.log`);
process.env.NODE_OPTIONS = withTripwirePreload(process.env.NODE_OPTIONS);

const args = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "./e2e",
  workers: 1,
  // The browser suite runs beside Vitest's workers on two cores; on a slow machine (PGlite's WASM
  // measured 2.5x slower on one) a sign-in's redirect took over 5 s and a long story over a minute.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  // Playwright empties its output directory at start; Vitest, running beside it, writes into test-results too.
  outputDir: "test-results/e2e",
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args },
    trace: "retain-on-failure",
  },
  webServer: {
    // The runner's own Node (the one package.json pins, in node_modules/.bin), not whichever `node` PATH finds first.
    command: `${JSON.stringify(process.execPath)} server.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_BASE_URL: baseURL,
      DATA_DIR: e2eDataDir,
      SEED_ADMIN_PASSWORD: e2ePassword,
      // The webhook spec's receiver listens on loopback, which only the operator's allowance admits.
      WEBHOOK_ALLOW_NETWORKS: "127.0.0.1/32",
    } as Record<string, string>,
  },
});
