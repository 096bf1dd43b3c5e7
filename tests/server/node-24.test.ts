/**
 * The app and its tests run on Node 24 (issue 34 item 5), with no step beyond `npm install`: the
 * npm package `node`, pinned in package.json, installs a Node 24 binary as node_modules/.bin/node,
 * which npm scripts and npx find first on PATH; what they start is spawned with process.execPath.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hasBuild, START_TIMEOUT_MS, startAppServer } from "../helpers/app-server.ts";

interface PackageJson {
  engines: { node: string };
  dependencies: Record<string, string>;
}

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as PackageJson;

const versionOf = (command: string, args: string[] = []): string =>
  spawnSync(command, [...args, "-p", "process.version"], { encoding: "utf8" }).stdout.trim();

describe("Node 24", () => {
  it("runs the tests on the Node that package.json pins, inside its engines", () => {
    expect(process.version).toBe(`v${pkg.dependencies.node}`);
    expect(pkg.engines.node).toMatch(/^\^24\./);
    expect(process.versions.node.split(".")[0]).toBe("24");
  });

  it("is the `node` npm scripts, npx and this process's PATH find first", () => {
    expect(versionOf("node_modules/.bin/node")).toBe(process.version);
    expect(versionOf("node")).toBe(process.version);
    expect(versionOf("npm", ["exec", "--", "node"])).toBe(process.version);
  });

  it.skipIf(!hasBuild())(
    "is the Node the built server says it runs on when it starts",
    async () => {
      const server = await startAppServer({ readyPath: "/api/ping" });
      const line = `(Node ${process.version})`;
      try {
        // The line is written before the first answer, but a pipe may deliver it a moment later.
        for (let i = 0; i < 50 && !server.output().includes(line); i++) await new Promise((r) => setTimeout(r, 100));
        expect(server.output()).toMatch(/^Listening on http:\/\/\S+ \(Node v24\.\d+\.\d+\)$/m);
        expect(server.output()).toContain(line);
      } finally {
        await server.stop();
      }
    },
    START_TIMEOUT_MS + 10_000,
  );
});
