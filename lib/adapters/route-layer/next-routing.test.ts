import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nextRouting } from "./next-routing.ts";

const VARY = "rsc, next-router-state-tree";
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A build folder holding the manifests `next build` writes, in the shapes it writes them (regexes as Next 16 emits). */
function build(extra: { proxyMatchers?: string[]; redirects?: { regex: string }[]; headers?: unknown[] } = {}): string {
  const distDir = mkdtempSync(path.join(os.tmpdir(), "crm-routing-"));
  dirs.push(distDir);
  mkdirSync(path.join(distDir, "server"));
  const dynamic = (page: string, regex: string) => ({ page, regex });
  writeFileSync(
    path.join(distDir, "routes-manifest.json"),
    JSON.stringify({
      basePath: "",
      staticRoutes: [{ page: "/api/v1/objects" }, { page: "/api/v1/openapi.json" }, { page: "/api/mcp" }],
      dynamicRoutes: [
        dynamic("/api/v1/objects/[apiName]", "^/api/v1/objects/([^/]+?)(?:/)?$"),
        dynamic("/api/v1/[object]", "^/api/v1/([^/]+?)(?:/)?$"),
        dynamic("/api/v1/[object]/bulk", "^/api/v1/([^/]+?)/bulk(?:/)?$"),
        dynamic("/api/v1/[object]/[id]", "^/api/v1/([^/]+?)/([^/]+?)(?:/)?$"),
        dynamic("/api/v1/[object]/[id]/[...rest]", "^/api/v1/([^/]+?)/([^/]+?)/(.+?)(?:/)?$"),
        dynamic("/api/[...path]", "^/api/(.+?)(?:/)?$"),
      ],
      headers: extra.headers ?? [
        { source: "/:path*", regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$", headers: [{ key: "X-Frame-Options", value: "DENY" }] },
        { source: "/api/v1/objects", regex: "^/api/v1/objects(?:/)?$", headers: [{ key: "x-frame-options", value: "SAMEORIGIN" }] },
      ],
      redirects: extra.redirects ?? [{ regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))/$" }],
      rewrites: { beforeFiles: [], afterFiles: [], fallback: [] },
      rsc: { varyHeader: VARY },
    }),
  );
  const matchers = (extra.proxyMatchers ?? ["^\\/settings(?:\\/.*)?$"]).map((regexp) => ({ regexp }));
  writeFileSync(
    path.join(distDir, "server", "functions-config-manifest.json"),
    JSON.stringify({ functions: { "/_middleware": { runtime: "nodejs", matchers } } }),
  );
  return distDir;
}

describe("nextRouting: the route `next start` takes, from the build's manifests", () => {
  it("prefers static pages, then dynamic ones in the manifest's order, with the page's param names", () => {
    const routing = nextRouting(build());
    expect(routing.match("/api/v1/objects")).toEqual({ page: "/api/v1/objects", params: {} });
    expect(routing.match("/api/v1/openapi.json")).toEqual({ page: "/api/v1/openapi.json", params: {} });
    expect(routing.match("/api/v1/objects/contact")).toEqual({ page: "/api/v1/objects/[apiName]", params: { apiName: "contact" } });
    expect(routing.match("/api/v1/contact")).toEqual({ page: "/api/v1/[object]", params: { object: "contact" } });
    expect(routing.match("/api/v1/contact/bulk")).toEqual({ page: "/api/v1/[object]/bulk", params: { object: "contact" } });
    expect(routing.match("/api/v1/contact/42")).toEqual({ page: "/api/v1/[object]/[id]", params: { object: "contact", id: "42" } });
    expect(routing.match("/api/v1/contact/42/x/y")?.page).toBe("/api/v1/[object]/[id]/[...rest]");
    expect(routing.match("/api/other")?.page).toBe("/api/[...path]");
  });

  it("leaves to Next the paths it redirects or runs a proxy for", () => {
    const routing = nextRouting(build({ proxyMatchers: ["^\\/api\\/v1\\/contact$"] }));
    expect(routing.match("/api/v1/contact/")).toBeUndefined();
    expect(routing.match("/api/v1/contact")).toBeUndefined();
    expect(routing.match("/api/v1/company")?.page).toBe("/api/v1/[object]");
  });

  it("treats a proxy without matchers as running for every path, and a conditional header rule as Next's to apply", () => {
    const conditional = [{ regex: "^/api/mcp$", headers: [{ key: "X", value: "1" }], has: [{ type: "header", key: "x-y" }] }];
    const everywhere = build({ proxyMatchers: [] });
    writeFileSync(path.join(everywhere, "server", "functions-config-manifest.json"), JSON.stringify({ functions: { "/_middleware": {} } }));
    expect(nextRouting(everywhere).match("/api/mcp")).toBeUndefined();
    const routing = nextRouting(build({ headers: conditional }));
    expect(routing.match("/api/mcp")).toBeUndefined();
    expect(routing.match("/api/v1/objects")?.page).toBe("/api/v1/objects");
  });

  it("gives the headers Next sets first: config rules in order, a later one replacing an earlier, then the App Router's Vary", () => {
    const routing = nextRouting(build());
    expect(routing.headers("/api/v1/contact")).toEqual([
      ["X-Frame-Options", "DENY"],
      ["vary", VARY],
    ]);
    expect(routing.headers("/api/v1/objects")).toEqual([
      ["x-frame-options", "SAMEORIGIN"],
      ["vary", VARY],
    ]);
  });
});
