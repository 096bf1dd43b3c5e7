import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/per-file.ts"],
    // Two workers on two cores: most of a file's time is spent waiting on the database and servers (the default is one).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: { deps: { inline: ["next-auth"] } },
  },
});
