/** Answers without a credential carry the X-RateLimit-* headers of the caller's address bucket (spec 8). */
import { describe, expect, it } from "vitest";
import * as wellKnownAs from "@/app/.well-known/oauth-authorization-server/route.ts";
import * as wellKnownPr from "@/app/.well-known/oauth-protected-resource/[[...resource]]/route.ts";
import * as notFound from "@/app/api/[...path]/route.ts";
import * as openapi from "@/app/api/v1/openapi.json/route.ts";
import * as postman from "@/app/api/v1/postman-collection.json/route.ts";
import { PUBLIC_LIMIT } from "@/lib/adapters/public-rate-limit.ts";
import type { RouteHandler } from "@/lib/adapters/route-handler.ts";
import { restRoute } from "../helpers/rest-route.ts";

const objects = restRoute("/objects");

const ctx = (params: Record<string, string | string[]> = {}) => ({ params: Promise.resolve(params) });
// x-forwarded-for is where the socket's address reaches handlers (server.mjs drops a client's own without TRUST_PROXY).
const req = (path: string, method = "GET", peer?: string) =>
  new Request(`http://localhost:3000${path}`, { method, headers: peer ? { "x-forwarded-for": peer } : {} });

function expectRateHeaders(res: Response): void {
  expect(res.headers.get("x-ratelimit-limit")).toBe(String(PUBLIC_LIMIT));
  expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
}

describe("rate-limit headers on answers without a credential", () => {
  it("the OpenAPI document, the Postman collection and both OAuth metadata documents carry them", async () => {
    const answers: [RouteHandler, string, Record<string, string | string[]>][] = [
      [openapi.GET, "/api/v1/openapi.json", {}],
      [postman.GET, "/api/v1/postman-collection.json", {}],
      [wellKnownAs.GET, "/.well-known/oauth-authorization-server", {}],
      [wellKnownPr.GET, "/.well-known/oauth-protected-resource/api/mcp", { resource: ["api", "mcp"] }],
    ];
    for (const [handler, path, params] of answers) {
      const res = await handler(req(path), ctx(params));
      expect(res.status, path).toBe(200);
      expectRateHeaders(res);
    }
  });

  it("unknown paths and methods answer JSON with them", async () => {
    const missing = await notFound.GET(req("/api/nothing/here"), ctx({ path: ["nothing", "here"] }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: "Route not found", code: "not_found" });
    expectRateHeaders(missing);
    const put = await objects.PUT(req("/api/v1/objects", "PUT"), ctx());
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
    expect(await put.json()).toMatchObject({ code: "method_not_allowed" });
    expectRateHeaders(put);
  });

  it("an address over the limit gets 429 with Retry-After", async () => {
    let last: Response | undefined;
    for (let i = 0; i <= PUBLIC_LIMIT; i++) last = await notFound.POST(req("/api/flood", "POST"), ctx({ path: ["flood"] }));
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(await last!.json()).toMatchObject({ error: "Rate limit exceeded", code: "rate_limited" });
  });

  it("each peer address has its own bucket: one client over the limit locks out nobody else", async () => {
    let last: Response | undefined;
    for (let i = 0; i <= PUBLIC_LIMIT; i++) last = await notFound.POST(req("/api/flood", "POST", "198.51.100.7"), ctx({ path: ["flood"] }));
    expect(last!.status).toBe(429);
    const other = await notFound.POST(req("/api/flood", "POST", "198.51.100.8"), ctx({ path: ["flood"] }));
    expect(other.status).toBe(404);
    expect(other.headers.get("x-ratelimit-remaining")).toBe(String(PUBLIC_LIMIT - 1));
  });
});
