/**
 * One naming convention for operations (README, "Adding an operation"): every operation declared in
 * lib/operations is exported as `<verb><Noun>Op`, so that it never shares a name with the service
 * function it calls, and no file name but an area's index is used in both lib/operations and
 * lib/services, so that a name says which layer a file is in.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.join(process.cwd(), "lib", "operations");
const names = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => path.basename(f));

describe("operation names", () => {
  it("every exported operation ends in Op", () => {
    const declared = readdirSync(ROOT, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .flatMap((f) =>
        [...readFileSync(path.join(ROOT, f), "utf8").matchAll(/^export const (\w+) = define(?:Sql)?Operation\b/gm)].map(
          (m) => `${f}: ${m[1]}`,
        ),
      );
    expect(declared.length).toBeGreaterThan(90);
    expect(declared.filter((d) => !d.endsWith("Op"))).toEqual([]);
  });

  it("no file name but index.ts is in both lib/operations and lib/services", () => {
    const services = new Set(names(path.join(process.cwd(), "lib", "services")));
    expect([...new Set(names(ROOT))].filter((n) => n !== "index.ts" && services.has(n))).toEqual([]);
  });
});
