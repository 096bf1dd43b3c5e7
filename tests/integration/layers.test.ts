/**
 * The layers, read from the import statements of the source tree, so that a new file is checked
 * without anyone remembering to: routes → adapters → operations → services → data, with lib/auth
 * (credentials and principals) beside them and below the services. A layer imports only downwards,
 * and no module or area reaches itself again through its imports.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** `import … from "x"`, `export … from "x"` and `import "x"` at the start of a line (comments and strings are not). */
const IMPORT = /^\s*(?:import|export)\b(?:[^;"'`]*?\bfrom)?\s*["']([^"']+)["']/gm;

interface Import {
  /** A path from the repository root for the project's own modules, the package name otherwise. */
  target: string;
  typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  return [...source.matchAll(IMPORT)].map(([statement, spec]) => ({
    target: spec!.startsWith("@/") ? spec!.slice(2) : spec!.startsWith(".") ? path.posix.join(path.posix.dirname(file), spec!) : spec!,
    typeOnly: /^\s*(?:import|export)\s+type\b/.test(statement),
  }));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .map((f) => path.posix.join(dir, f.split(path.sep).join("/")))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts") && !f.startsWith("lib/db/generated/"));
}

const within = (target: string, folder: string): boolean => target === folder || target.startsWith(`${folder}/`);

/** `importer (folder) → forbidden` for every import of a file under `folder` that reaches a forbidden place. */
function violations(folder: string, forbidden: string[]): string[] {
  return sourceFiles(folder).flatMap((file) =>
    importsOf(file)
      .filter((i) => forbidden.some((f) => within(i.target, f)))
      .map((i) => `${file} → ${i.target}`),
  );
}

/** The project's own module an import names, or null for a package (or a file the build generates). */
function resolved(target: string): string | null {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`])
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(ROOT, candidate))) return candidate;
  return null;
}

/** The strongly connected groups of more than one node (Tarjan), each sorted: the cycles of `edges`. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = ""; w !== v;) group.push((w = stack.pop()!));
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found.sort();
}

/** Every import between the project's own modules (type-only ones too: they tie the files as tightly). */
function importGraph(): Map<string, Set<string>> {
  const files = [...["lib", "app", "components"].flatMap(sourceFiles), "proxy.ts", "instrumentation.ts"];
  return new Map(files.map((file) => [file, new Set(importsOf(file).flatMap((i) => resolved(i.target) ?? []))]));
}

/** `lib/services/records` for a file of that area: the folder right under lib/services or lib/operations. */
const areaOf = (file: string): string | null => /^lib\/(?:services|operations)\/[^/]+(?=\/)/.exec(file)?.[0] ?? null;

const FRAMEWORKS = ["next", "next-auth", "react", "react-dom", "@modelcontextprotocol/server"];

describe("layers", () => {
  it("lib/services knows no surface: no adapter, operation, framework or HTTP library", () => {
    expect(violations("lib/services", ["lib/adapters", "lib/operations", "app", ...FRAMEWORKS])).toEqual([]);
  });

  it("lib/operations is declared once for every surface: no adapter or framework", () => {
    expect(violations("lib/operations", ["lib/adapters", "app", ...FRAMEWORKS])).toEqual([]);
  });

  it("lib/auth holds credentials and principals: it uses no service, operation or adapter", () => {
    expect(violations("lib/auth", ["lib/services", "lib/operations", "lib/adapters", "app"])).toEqual([]);
  });

  it("the foundations (database, errors, schemas, rate limiter, ids, scopes, file stores, outbound network) use none of the layers above them", () => {
    for (const folder of ["lib/db", "lib/errors", "lib/schemas", "lib/rate-limit", "lib/ids", "lib/oauth", "lib/storage", "lib/net"]) {
      expect(violations(folder, ["lib/services", "lib/operations", "lib/adapters", "app"]), folder).toEqual([]);
    }
  });

  it("lib/jobs runs services in the background: no adapter, page or framework", () => {
    expect(violations("lib/jobs", ["lib/adapters", "app", "components", ...FRAMEWORKS])).toEqual([]);
  });

  it("components render what pages give them: no page, route or server action (actions come as props)", () => {
    expect(violations("components", ["app"])).toEqual([]);
  });

  it("no module imports itself round a cycle", () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it("the areas of lib/services and of lib/operations import each other in one direction only", () => {
    const areas = new Map<string, Set<string>>();
    for (const [file, targets] of importGraph()) {
      const from = areaOf(file);
      if (!from) continue;
      for (const target of targets) {
        const to = areaOf(target);
        if (to && to !== from) areas.set(from, (areas.get(from) ?? new Set()).add(to));
      }
    }
    expect(cycles(areas)).toEqual([]);
  });

  // Next runs proxy.ts in front of every settings, record and dashboard page: it opens the
  // database only through the widget frame policy (record and dashboard pages need their widgets'
  // origins in the response's Content-Security-Policy), and never runs an operation.
  it("proxy.ts reaches the database only through the widget frame policy, and no operation at all", () => {
    const reach = (start: string, skip: string[] = []): Set<string> => {
      const seen = new Set<string>();
      const visit = (file: string): void => {
        if (seen.has(file) || skip.includes(file)) return;
        seen.add(file);
        for (const i of importsOf(file))
          if (!i.typeOnly && existsSync(path.join(ROOT, i.target)) && /\.tsx?$/.test(i.target)) visit(i.target);
      };
      visit(start);
      return seen;
    };
    const proxy = reach("proxy.ts", ["lib/widgets/frame-policy.ts"]);
    expect(proxy).toContain("lib/adapters/next-auth/auth-config.ts");
    expect([...proxy].filter((f) => ["lib/db", "lib/services", "lib/operations"].some((folder) => within(f, folder)))).toEqual([]);
    const policy = [...reach("lib/widgets/frame-policy.ts")].filter((f) => within(f, "lib/services") || within(f, "lib/operations"));
    expect(policy.sort()).toEqual([
      "lib/services/oauth/grants.ts",
      "lib/services/widgets/declarations.ts",
      "lib/services/widgets/placements.ts",
    ]);
  });
});
