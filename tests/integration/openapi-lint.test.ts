/**
 * The generated OpenAPI document passes Redocly's linter (the recommended rules plus ours in
 * redocly.yaml) with no error and no warning. It is linted as a deployment serves it, with a real
 * public origin: the dev default (localhost) is rightly a warning in a published document.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApi } from "@/lib/adapters/openapi/build-openapi.ts";
import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";
import { tenantOpenApi } from "@/lib/adapters/openapi/tenant-openapi.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { objectApiNameSchema } from "@/lib/schemas/names.ts";

const ROOT = resolve(import.meta.dirname, "../..");
/** The document as a deployment serves it (Redocly warns of a localhost server URL, the default's). */
const deployed = () => buildOpenApi(HTTP_OPERATIONS, "https://crm.acme.test/api/v1");

interface PathParameter {
  name: string;
  in: string;
  schema: { not?: { enum?: string[] } };
}

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "openapi-lint-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function lint(file: string): Promise<LintReport> {
  // Exits non-zero on errors; the JSON report on stdout is what we read either way.
  const run = promisify(execFile)(
    process.execPath,
    [join(ROOT, "node_modules/.bin/redocly"), "lint", file, "--config", join(ROOT, "redocly.yaml"), "--format", "json"],
    {
      cwd: dir,
      // No usage data and no update check: the test runs offline.
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_NOTIFICATIONS: "true" },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const stdout = await run.then(
    (r) => r.stdout,
    (e: { stdout?: string; stderr?: string }) => e.stdout || Promise.reject(new Error(e.stderr)),
  );
  return JSON.parse(stdout) as LintReport;
}

describe("OpenAPI lint (Redocly)", () => {
  it("reports no error and no warning", { timeout: 30_000 }, async () => {
    const file = join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(deployed(), null, 2));
    const report = await lint(file);
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? "?"}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("a tenant's document (its objects, every field type) lints as clean", { timeout: 30_000 }, async () => {
    const field = (apiName: string, type: FieldDescription["type"], extra: Partial<FieldDescription> = {}): FieldDescription => ({
      apiName,
      label: apiName,
      type,
      required: false,
      unique: false,
      readOnly: type === "formula" || type === "rollup",
      custom: true,
      ...extra,
    });
    const doc = tenantOpenApi(deployed(), {
      name: "Acme",
      objects: [
        {
          apiName: "shipment",
          label: "Shipment",
          pluralLabel: "Shipments",
          description: "",
          custom: true,
          fields: [
            field("name", "text", { required: true }),
            ...(["textarea", "email", "phone", "url", "number", "percent", "date", "datetime", "boolean"] as const).map((t) =>
              field(`f_${t}`, t),
            ),
            field("f_currency", "currency", { scale: 2 }),
            field("f_select", "select", { options: [{ value: "a", label: "A" }] }),
            field("f_multi", "multiselect", { options: [{ value: "a", label: "A" }] }),
            field("f_lookup", "lookup", { targetObject: "company" }),
            field("f_formula", "formula", { formula: { expression: "1 + 1", resultType: "number" } }),
            field("f_rollup", "rollup", { rollup: { childObject: "parcel", childField: "shipment", aggregate: "count" } }),
          ],
        },
      ],
    });
    const file = join(dir, "tenant-openapi.json");
    await writeFile(file, JSON.stringify(doc, null, 2));
    const report = await lint(file);
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? "?"}: ${p.message}`);
    expect(problems).toEqual([]);
  });
});

/**
 * no-ambiguous-paths as Redocly runs it (same segment and variable counts, every segment equal or a
 * variable), except that a variable whose schema excludes the other path's fixed word cannot match it.
 */
function ambiguousPairs(paths: Record<string, Record<string, { parameters: PathParameter[] }>>): string[] {
  const excluded = (path: string, segment: string): string[] => {
    const name = segment.slice(1, -1);
    const params = Object.values(paths[path]!).flatMap((op) => op.parameters.filter((p) => p.in === "path" && p.name === name));
    // Every operation of the path must exclude the word, or one of them could take it.
    return params.length === 0 ? [] : params.map((p) => p.schema.not?.enum ?? []).reduce((a, b) => a.filter((w) => b.includes(w)));
  };
  const isVar = (s: string) => s.startsWith("{");
  const canMatch = (pa: string, sa: string, pb: string, sb: string) =>
    isVar(sa) && isVar(sb) ? true : isVar(sa) ? !excluded(pa, sa).includes(sb) : isVar(sb) ? !excluded(pb, sb).includes(sa) : sa === sb;
  const list = Object.keys(paths);
  const pairs: string[] = [];
  for (const [i, a] of list.entries()) {
    for (const b of list.slice(i + 1)) {
      const [sa, sb] = [a.split("/"), b.split("/")];
      if (sa.length !== sb.length || sa.filter(isVar).length !== sb.filter(isVar).length) continue;
      if (sa.every((s, k) => canMatch(a, s, b, sb[k]!))) pairs.push(`${a} ~ ${b}`);
    }
  }
  return pairs;
}

describe("OpenAPI paths, in place of no-ambiguous-paths (off in redocly.yaml)", () => {
  const doc = () => openApiDocument() as unknown as { paths: Record<string, Record<string, { parameters: PathParameter[] }>> };

  it("no two paths can match the same request, given the words the object parameters exclude", () => {
    expect(ambiguousPairs(doc().paths)).toEqual([]);
  });

  it("the words an object parameter excludes can never be object apiNames", () => {
    const words = Object.values(doc().paths).flatMap((ops) =>
      Object.values(ops).flatMap((op) => op.parameters.flatMap((p) => p.schema.not?.enum ?? [])),
    );
    expect(words).toEqual(expect.arrayContaining(["bulk", "data", "objects"]));
    for (const word of new Set(words)) expect(objectApiNameSchema.safeParse(word).success, word).toBe(false);
  });
});
