import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const INCLUDE = ["lib/**/*.test.ts", "tests/**/*.test.ts"];

/** The test files under `dir`, as paths relative to the project. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".test.ts"))
    .map((e) => path.relative(".", path.join(e.parentPath, e.name)));
}

/**
 * Files that replace a module or the environment for their own run (vi.mock, vi.doMock,
 * vi.resetModules, vi.stubEnv, vi.stubGlobal). A replaced module only takes effect in a fresh
 * module graph, and a module that read the environment once keeps what it read: these files get
 * a fresh one each. Found by reading the files, so a new one is never left out. A file that needs
 * a process of its own for another reason says `@vitest-isolate` in a comment, with the reason.
 */
const REPLACES_MODULES = /\bvi\.(mock|doMock|resetModules|stubEnv|stubGlobal)\(|@vitest-isolate\b/;
const isolatedFiles = ["lib", "tests"].flatMap(testFiles).filter((f) => REPLACES_MODULES.test(readFileSync(f, "utf8")));

/** What every file runs with, whether it shares its worker's modules or not. */
const common = {
  environment: "node" as const,
  globalSetup: ["tests/setup/global.ts"],
  setupFiles: ["tests/setup/per-file.ts"],
  // A test's time limit guards against hangs, it measures nothing: speed is measured in bench/. On a
  // loaded CI machine a PGlite test that creates two tenants took 20 s, two thirds of the former 30 s.
  testTimeout: 60_000,
  hookTimeout: 120_000,
  server: { deps: { inline: ["next-auth"] } },
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Three workers on two cores: a file spends much of its time waiting on the database and servers,
    // so two left half a core idle (measured: 1.4 cores busy over a run); the default is one. Four
    // made the embedded half slower (828 s against 752 s) and its timing tests fail.
    maxWorkers: 3,
    projects: [
      // Most files share their worker's modules: importing the app's modules afresh for each of ~200
      // files took a third of the suite's CPU time (measured on PostgreSQL: 425 s → 338 s wall,
      // 645 → 447 CPU seconds). Each file still opens its own database and rate limiter
      // (tests/setup/per-file.ts), and a file that changes a variable puts it back.
      { resolve: { tsconfigPaths: true }, test: { ...common, name: "shared", isolate: false, include: INCLUDE, exclude: isolatedFiles } },
      { resolve: { tsconfigPaths: true }, test: { ...common, name: "isolated", isolate: true, include: isolatedFiles } },
    ],
  },
});
