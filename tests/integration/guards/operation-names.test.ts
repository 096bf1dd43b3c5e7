/**
 * One naming convention for operations (README, "Adding an operation"): every operation declared in
 * lib/operations is exported as `<verb><Noun>Op`, so that it never shares a name with the service
 * function it calls.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.join(process.cwd(), "lib", "operations");

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
});
