/**
 * Route files are derived from the registry: each folder under app/api/v1 is one API path and its
 * route file is the one line `restPath("<that path>")`; every operation with an HTTP binding has
 * its folder; methods without an operation answer 405 with the registry's Allow.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/adapters/route-handler.ts";
import type { Operation } from "@/lib/operations/define.ts";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { call } from "../../helpers/rest.ts";

const ROOT = path.join(process.cwd(), "app", "api", "v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Routes that are not operations: documents about the API, and the inbound-mail webhook, which
 * mail providers call with the platform's secret rather than a credential (lib/adapters/email).
 */
const DOCUMENT_ROUTES = new Set(["/openapi.json", "/postman-collection.json", "/email/inbound"]);

interface RouteFile {
  file: string;
  /** The folder as an OpenAPI path: `[object]/[id]` → `/{object}/{id}`; null for a catch-all. */
  apiPath: string | null;
  source: string;
}

function routeFiles(): RouteFile[] {
  return (readdirSync(ROOT, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f === "route.ts" || f.endsWith("/route.ts"))
    .map((file) => {
      const segments = file.split("/").slice(0, -1);
      const catchAll = segments.some((s) => s.startsWith("[..."));
      const apiPath = catchAll ? null : "/" + segments.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/");
      return { file, apiPath, source: readFileSync(path.join(ROOT, file), "utf8") };
    });
}

const pathsOf = (ops: readonly Operation[]) => [...new Set(ops.map((op) => op.http!.path))];

/** Paths bound to an operation without a route file, and route files whose path has no operation. */
function mismatches(ops: readonly Operation[], files: RouteFile[]) {
  const opPaths = pathsOf(ops);
  const routed = files.map((f) => f.apiPath).filter((p): p is string => p !== null && !DOCUMENT_ROUTES.has(p));
  return { missingRoutes: opPaths.filter((p) => !routed.includes(p)), routesWithoutOperation: routed.filter((p) => !opPaths.includes(p)) };
}
const allowFor = (apiPath: string) =>
  METHODS.filter((m) => HTTP_OPERATIONS.some((op) => op.http!.path === apiPath && op.http!.method === m)).join(", ");

describe("route files derived from the registry", () => {
  const files = routeFiles();

  it("each operation route is exactly one restPath line naming its own folder's path", () => {
    for (const { file, apiPath, source } of files) {
      if (apiPath === null || DOCUMENT_ROUTES.has(apiPath)) continue;
      const expected = `import { restPath } from "@/lib/adapters/rest/rest-path.ts";\n\nexport const { GET, POST, PUT, PATCH, DELETE } = restPath("${apiPath}");\n`;
      expect(source, file).toBe(expected);
    }
  });

  it("every path an operation is bound to has its route file, and no route file serves a path without one", () => {
    expect(mismatches(HTTP_OPERATIONS, files)).toEqual({ missingRoutes: [], routesWithoutOperation: [] });
  });

  it("names the route file a new operation on a new path is missing", () => {
    const notes = { ...HTTP_OPERATIONS[0]!, name: "notes.list", http: { method: "GET" as const, path: "/{object}/{id}/notes" } };
    expect(mismatches([...HTTP_OPERATIONS, notes], files)).toEqual({ missingRoutes: ["/{object}/{id}/notes"], routesWithoutOperation: [] });
  });

  it("serves the registry's methods and answers the others 405 with the registry's Allow", async () => {
    for (const { file, apiPath } of files) {
      if (apiPath === null || DOCUMENT_ROUTES.has(apiPath)) continue;
      const route = (await import(path.join(ROOT, file))) as Record<string, RouteHandler>;
      const allow = allowFor(apiPath);
      const params = Object.fromEntries([...apiPath.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, "company"]));
      for (const method of METHODS) {
        const res = await call(route[method]!, { method, params, path: apiPath });
        if (allow.split(", ").includes(method)) {
          // Served: the operation asks for a credential first.
          expect(res.status, `${method} ${apiPath}`).toBe(401);
        } else {
          expect({ status: res.status, allow: res.headers.get("allow") }, `${method} ${apiPath}`).toEqual({ status: 405, allow });
        }
      }
    }
  });
});
