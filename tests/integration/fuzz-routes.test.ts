/**
 * Every route file under /api and /.well-known, called as Next calls it, with thousands of
 * seeded hostile requests (every exported method, hostile path parameters, query strings,
 * headers and bodies, valid and invalid credentials): no answer is a 5xx, and every 4xx is JSON
 * with an `error`. FUZZ_SEED replays a run; FUZZ_REQUESTS changes its size.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/adapters/route-handler.ts";
import { generateApiKey } from "@/lib/auth/api-key-format.ts";
import { TOOL_OPERATIONS } from "@/lib/operations/registry.ts";
import { getRateLimiter, setRateLimiter, type RateLimiter } from "@/lib/rate-limit/index.ts";
import { createTestKey, createTestTenant } from "../helpers/fixtures.ts";
import { call } from "../helpers/rest.ts";
import { Fuzz, IDS } from "../helpers/fuzz.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { POST: createRecord } = restRoute("/{object}");

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
const TIME_BUDGET_MS = 90_000;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Pages for people, not API answers: their errors are HTML on purpose. */
const HTML_ROUTES = new Set(["api/oauth/authorize"]);

interface Route {
  dir: string;
  segments: string[];
  module: Record<string, RouteHandler | undefined>;
  /** The methods the route serves (the others answer 405): most requests use these. */
  served: (typeof METHODS)[number][];
}

function routeFiles(): string[] {
  const root = path.join(process.cwd(), "app");
  return (readdirSync(root, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith("/route.ts") && (f.startsWith("api/") || f.startsWith(".well-known/")));
}

/** A header value fetch accepts (ByteString without controls); others are replaced by a marker. */
const headerSafe = (s: string, fallback: string) => (/^[\x20-\x7e]*$/.test(s) ? s : fallback);

describe("fuzzing every API route", () => {
  const routes: Route[] = [];
  const credentials: (string | undefined)[] = [];

  // Rate limits have tests of their own; here every request must reach its route's logic.
  let fileLimiter: RateLimiter;
  const admitAll: RateLimiter = {
    backend: "memory",
    check: async () => {},
    consume: async (_key, limit) => ({
      allowed: true,
      limit,
      remaining: limit - 1,
      resetAt: Math.ceil(Date.now() / 1000) + 60,
      retryAfter: 0,
    }),
    close: async () => {},
  };
  afterAll(() => setRateLimiter(fileLimiter));

  beforeAll(async () => {
    fileLimiter = getRateLimiter();
    setRateLimiter(admitAll);
    for (const file of routeFiles()) {
      const dir = file.slice(0, -"/route.ts".length);
      const exports = (await import(path.join(process.cwd(), "app", file))) as Route["module"];
      const served: Route["served"] = [];
      for (const m of METHODS) {
        const probe = await exports[m]?.(new Request(`http://localhost:3000/${dir}`, { method: m }), { params: Promise.resolve({}) });
        if (probe && probe.status !== 405) served.push(m);
      }
      routes.push({ dir, segments: dir.split("/"), module: exports, served });
    }
    const t = await createTestTenant("fuzz");
    const admin = (await createTestKey(t, { rateLimit: 1_000_000, allowDelete: true })).secret;
    // Real record ids in the pool, so id paths reach records and not only "not found".
    for (const object of ["contact", "company"]) {
      for (let i = 0; i < 3; i++) {
        const created = await call(createRecord, {
          auth: admin,
          params: { object },
          body: object === "contact" ? { last_name: `Fuzz ${i}` } : { name: `Fuzz ${i}` },
        });
        IDS.push(created.json<{ id: string }>().id);
      }
    }
    credentials.push(
      `Bearer ${admin}`,
      `Bearer ${admin}`,
      `Bearer ${(await createTestKey(t, { rateLimit: 1_000_000, readOnly: true, allowedObjects: ["contact"] })).secret}`,
      `Bearer ${(await createTestKey(t, { role: "read_only", rateLimit: 1_000_000 })).secret}`,
      `Bearer ${generateApiKey(t.tenantId).secret}`,
      "Bearer crm_garbage",
      "Basic YTpi",
      "Bearer",
      undefined,
    );
  });

  it("every route file answers every method itself (JSON 405 with Allow, never Next's empty one)", () => {
    for (const r of routes) for (const m of METHODS) expect(typeof r.module[m], `${r.dir} ${m}`).toBe("function");
  });

  it(
    `${REQUESTS} seeded hostile requests (seed ${SEED}): no 5xx, every 4xx is JSON with an error`,
    async () => {
      const fuzz = new Fuzz(SEED);
      const deadline = Date.now() + TIME_BUDGET_MS;
      const failures: string[] = [];
      let sent = 0;
      const statuses = new Map<number, number>();
      for (; sent < REQUESTS && Date.now() < deadline && failures.length < 25; sent++) {
        const route = fuzz.pick(routes);
        const method = route.served.length && fuzz.chance(0.85) ? fuzz.pick(route.served) : fuzz.pick(METHODS);
        const params: Record<string, string | string[]> = {};
        const urlPath = route.segments
          .map((seg) => {
            const name = /^\[{1,2}(?:\.\.\.)?(\w+)\]{1,2}$/.exec(seg)?.[1];
            if (!name) return seg;
            if (seg.includes("...")) {
              // A path can carry only well-formed text (the front refuses anything else before Next).
              const parts = Array.from({ length: 1 + fuzz.int(3) }, () => fuzz.param().toWellFormed());
              params[name] = parts;
              return parts.map(encodeURIComponent).join("/");
            }
            const value = fuzz.param().toWellFormed();
            params[name] = value;
            return encodeURIComponent(value);
          })
          .join("/");
        const url = new URL(`http://localhost:3000/${urlPath}`);
        for (const [k, v] of fuzz.query()) url.searchParams.append(k, v);
        const headers = new Headers();
        const auth = fuzz.pick(credentials);
        if (auth) headers.set("authorization", auth);
        if (fuzz.chance(0.2)) headers.set("idempotency-key", headerSafe(fuzz.string(), `k-${sent}`));
        if (fuzz.chance(0.1)) headers.set("origin", fuzz.pick(["http://localhost:3000", "https://evil.example", "null"]));
        let body: BodyInit | undefined;
        if (method !== "GET") {
          if (route.dir === "api/mcp" && fuzz.chance(0.7)) {
            headers.set("accept", "application/json, text/event-stream");
            headers.set("content-type", "application/json");
            body = JSON.stringify({
              jsonrpc: "2.0",
              id: fuzz.chance(0.9) ? sent : fuzz.json(1),
              method: fuzz.pick(["tools/call", "tools/call", "tools/list", "initialize", "ping", "resources/list", "nope"]),
              params: {
                name: fuzz.pick([...TOOL_OPERATIONS.map((op) => op.mcp!.tool), "nope"]),
                arguments: fuzz.object(),
              },
            });
          } else if (route.dir.startsWith("api/oauth") && fuzz.chance(0.7)) {
            headers.set("content-type", "application/x-www-form-urlencoded");
            body = new URLSearchParams([
              ["grant_type", fuzz.pick(["authorization_code", "refresh_token", "client_credentials", ""])],
              ["code", fuzz.string()],
              ["refresh_token", fuzz.pick(IDS)],
              ["client_id", fuzz.string()],
              ["client_secret", fuzz.string()],
              ["token", fuzz.string()],
            ]).toString();
          } else {
            const b = fuzz.body();
            if (b.contentType) headers.set("content-type", b.contentType);
            body = b.bytes ? Buffer.from(b.bytes) : b.text;
          }
        }
        const described = `${method} ${url.pathname}${url.search}`.slice(0, 300) + ` [${auth ?? "no auth"}]`;
        let res: Response;
        try {
          res = await route.module[method]!(new Request(url, { method, headers, body }), { params: Promise.resolve(params) });
        } catch (err) {
          failures.push(`${described} threw ${String(err)}`);
          continue;
        }
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) failures.push(`${described} → ${res.status} ${text.slice(0, 200)}`);
        // A tool's failure is a 200 with an error result: an internal one is a 500 in disguise.
        else if (text.includes('"code":"internal"'))
          failures.push(`${described} → ${res.status} with an internal error: ${text.slice(0, 300)}`);
        else if (res.status >= 400 && !HTML_ROUTES.has(route.dir)) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          const isJson = (res.headers.get("content-type") ?? "").includes("json");
          if (!isJson || !parsed || typeof parsed !== "object" || !("error" in parsed))
            failures.push(`${described} → ${res.status} not a JSON error: ${text.slice(0, 200)}`);
        }
      }
      console.log(
        `fuzz seed ${SEED}: ${sent} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
      );
      expect(failures, `seed ${SEED}`).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(Math.min(REQUESTS, 1000));
    },
    TIME_BUDGET_MS + 30_000,
  );
});
