/**
 * Every server action states the arguments it takes (serverAction, lib/adapters/actions/
 * server-action.ts), so that whatever a client sends instead is refused before the action's code
 * runs: a "use server" file exports nothing else, and no function becomes a server action inline.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(root, f))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"));
}

describe("server actions", () => {
  it('are exported by "use server" files only, each made by serverAction', () => {
    const files = ["app", "components", "lib"].flatMap(sourceFiles).filter((f) => /["']use server["']/.test(readFileSync(f, "utf8")));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      expect(source.startsWith('"use server";\n'), `${file}: "use server" is the file's first line`).toBe(true);
      expect(source.match(/["']use server["']/g), `${file}: no inline "use server"`).toHaveLength(1);
      const exports = source.split("\n").filter((line) => line.startsWith("export "));
      for (const line of exports) expect(line, file).toMatch(/^export (const \w+ = serverAction\(|type |interface )/);
    }
  });
});
