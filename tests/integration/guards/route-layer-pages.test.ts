/**
 * The API route layer (lib/adapters/route-layer) serves the pages of /api/v1 and /api/mcp with
 * the handlers their route files export: the same pages, and for each the same methods answering
 * the same way, so that serving a request through it or through Next's router cannot differ.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as mcpRouteFile from "@/app/api/mcp/route.ts";
import { apiPages, restPage } from "@/lib/adapters/route-layer/api-pages.ts";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import type { RouteHandler } from "@/lib/adapters/route-handler.ts";
import { call } from "../../helpers/rest.ts";

const APP = path.join(process.cwd(), "app");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Pages whose route file is a `restPath(...)` line: the ones the layer takes over. */
function restPathPages(): Map<string, string> {
  const root = path.join(APP, "api", "v1");
  const pages = new Map<string, string>();
  for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    const rel = file.split(path.sep).join("/");
    if (!(rel === "route.ts" || rel.endsWith("/route.ts"))) continue;
    const folder = rel.slice(0, -"route.ts".length).replace(/\/$/, "");
    pages.set(`/api/v1${folder ? `/${folder}` : ""}`, path.join(root, file));
  }
  return pages;
}

describe("the API route layer's pages", () => {
  const pages = apiPages();

  it("are exactly the route files built by restPath, plus /api/mcp", () => {
    const restPages: string[] = [];
    for (const [page, file] of restPathPages()) {
      const source = readFileSync(file, "utf8");
      if (source.includes("restPath(")) restPages.push(page);
    }
    expect([...pages.keys()].sort()).toEqual([...restPages, "/api/mcp"].sort());
  });

  it("run a REST page's own operations without Fetch objects, and nothing else", () => {
    for (const [page, { calls }] of pages) {
      const bound = HTTP_OPERATIONS.filter((op) => restPage(op.http!.path) === page).map((op) => op.http!.method);
      expect(Object.keys(calls ?? {}).sort(), page).toEqual(bound.sort());
    }
    expect(pages.get("/api/mcp")!.calls).toBeUndefined();
  });

  it("serve /api/mcp with the very functions its route file exports", () => {
    const layer = pages.get("/api/mcp")!.methods;
    for (const method of [...METHODS, "OPTIONS"] as const) expect(layer[method], method).toBe(mcpRouteFile[method]);
  });

  it("answer every method of a REST page as its route file does", async () => {
    for (const [page, file] of restPathPages()) {
      const layer = pages.get(page)?.methods;
      if (!layer) continue;
      const route = (await import(file)) as Record<string, RouteHandler>;
      const params = Object.fromEntries([...page.matchAll(/\[(\w+)\]/g)].map((m) => [m[1]!, "company"]));
      for (const method of METHODS) {
        const handler = layer[method]!;
        const viaLayer = await call(async (req, ctx) => handler(req, ctx), { method, params });
        const viaRoute = await call(route[method]!, { method, params });
        const shape = (r: typeof viaLayer) => ({ status: r.status, allow: r.headers.get("allow"), error: r.json().error });
        expect(shape(viaLayer), `${method} ${page}`).toEqual(shape(viaRoute));
      }
    }
  });
});
