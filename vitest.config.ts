import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/per-file.ts"],
    // Three workers on two cores: a file spends much of its time waiting on the database and servers,
    // so two left half a core idle (measured: 1.4 cores busy over a run); the default is one.
    maxWorkers: 3,
    // A test's time limit guards against hangs, it measures nothing: speed is measured in bench/. On a
    // loaded CI machine a PGlite test that creates two tenants took 20 s, two thirds of the former 30 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    server: { deps: { inline: ["next-auth"] } },
  },
});
