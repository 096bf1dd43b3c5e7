/**
 * The registry's router (api-router.ts): every path an operation is bound to routes to that path's
 * own methods; fixed segments win over `{param}` at every level; params come back by name; a path
 * no operation serves matches nothing; unbound methods answer 405 with exactly the bound ones in
 * Allow; and the catch-all route file Next serves the API with uses the same router.
 */
import { describe, expect, it } from "vitest";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { readdirSync } from "node:fs";
import path from "node:path";
import {
  apiCatchAll,
  apiRouter,
  createApiRouter,
  EVENT_STREAM_PATH,
  MCP_PATH,
  REST_PREFIX,
  ROUTE_FILE_PATHS,
  type ApiRoute,
} from "./api-router.ts";

const segments = (pathname: string) => pathname.split("/").slice(1);
const route = (path: string): ApiRoute => ({ path, methods: {} });
const ctx = (params: Record<string, string | string[]>) => ({ params: Promise.resolve(params) });

describe("the API router", () => {
  const router = apiRouter();

  it("routes every path the registry binds, the MCP endpoint and the events stream, to itself", () => {
    const paths = [...new Set(HTTP_OPERATIONS.map((op) => REST_PREFIX + op.http!.path)), MCP_PATH, EVENT_STREAM_PATH];
    expect(router.routes.map((r) => r.path).sort()).toEqual([...paths, ...ROUTE_FILE_PATHS].sort());
    for (const p of paths) {
      const filled = p.replace(/\{(\w+)\}/g, (_, name: string) => `x-${name}`);
      const match = router.match(segments(filled));
      expect(match?.route.path, filled).toBe(p);
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      expect(match?.params, filled).toEqual(Object.fromEntries(names.map((n) => [n, `x-${n}`])));
    }
  });

  it("keeps the paths of /api/v1's own route files (exactly those beside the catch-all) from every {param} route", () => {
    const root = path.join(process.cwd(), "app", "api", "v1");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" })
      .map((f) => f.split(path.sep).join("/"))
      .filter((f) => f.endsWith("route.ts") && !f.startsWith("[...path]/"))
      .map((f) => `${REST_PREFIX}/${f.slice(0, -"/route.ts".length)}`);
    expect(files.sort()).toEqual([...ROUTE_FILE_PATHS].sort());
    for (const p of ROUTE_FILE_PATHS) expect(router.match(segments(p))?.route.routeFile, p).toBe(true);
  });

  it("takes a fixed segment before a {param}, at every level", () => {
    expect(router.match(segments("/api/v1/contact/bulk"))?.route.path).toBe("/api/v1/{object}/bulk");
    expect(router.match(segments("/api/v1/objects"))?.route.path).toBe("/api/v1/objects");
    expect(router.match(segments("/api/v1/webhooks/w1"))?.route.path).toBe("/api/v1/webhooks/{id}");
    expect(router.match(segments("/api/v1/contact/c1"))?.params).toEqual({ object: "contact", id: "c1" });
    // Falls back to the {param} branch when the fixed one leads nowhere.
    const r = createApiRouter([route("/a/fixed/x"), route("/a/{p}/y")]);
    expect(r.match(["a", "fixed", "y"])).toEqual({ route: expect.objectContaining({ path: "/a/{p}/y" }), params: { p: "fixed" } });
    expect(r.match(["a", "fixed", "x"])?.params).toEqual({});
  });

  it("matches nothing for paths no operation serves: deeper, shallower, empty segments, other prefixes", () => {
    for (const p of ["/api/v1", "/api/v1/contact/c1/a/b", "/api/v1/contact/", "/api/v1//c1", "/api/v2/objects", "/api/mcp/x", "/other"]) {
      expect(router.match(segments(p)), p).toBeUndefined();
    }
  });

  it("refuses two routes for one path, and two names for one {param}", () => {
    expect(() => createApiRouter([route("/a/{id}"), route("/a/{id}")])).toThrow("/a/{id} is routed twice");
    expect(() => createApiRouter([route("/a/{id}"), route("/a/{key}/b")])).toThrow("{key} where another path has {id}");
  });

  it("answers a method no operation is bound to with 405 and the bound ones in Allow", async () => {
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
    for (const { path: p, methods: handlers } of router.routes.filter((r) => r.calls)) {
      const bound = methods.filter((m) => HTTP_OPERATIONS.some((op) => REST_PREFIX + op.http!.path === p && op.http!.method === m));
      for (const m of methods.filter((x) => !bound.includes(x))) {
        const res = await handlers[m]!(new Request(`http://localhost${p}`, { method: m }), ctx({}));
        expect(res.status, `${m} ${p}`).toBe(405);
        expect(res.headers.get("allow"), `${m} ${p}`).toBe(bound.join(", "));
      }
    }
  });

  it("serves the catch-all route file with the same routes, and a JSON 404 elsewhere", async () => {
    const put = await apiCatchAll.PUT(new Request("http://localhost/api/v1/objects", { method: "PUT" }), ctx({ path: ["objects"] }));
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
    const nowhere = await apiCatchAll.GET(
      new Request("http://localhost/api/v1/contact/c1/a/b"),
      ctx({ path: ["contact", "c1", "a", "b"] }),
    );
    expect(nowhere.status).toBe(404);
    expect(await nowhere.json()).toMatchObject({ code: "not_found" });
    const unauthenticated = await apiCatchAll.GET(new Request("http://localhost/api/v1/contact"), ctx({ path: ["contact"] }));
    expect(unauthenticated.status).toBe(401);
  });
});
