/**
 * Every route of the built app under /api and /.well-known, as requests that reach it (the registry's
 * paths with parameters naming nothing, every other route file's own), and sweeps of them timed:
 * the rows of the dependency-failure tables (tests/server/redis-outage.test.ts,
 * database-outage.test.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import type { AppServer } from "./app-server.ts";
import { timed } from "./timed.ts";

export interface Probe {
  name: string;
  method: string;
  path: string;
  /** Sent as Bearer: the server's demo API key. */
  key?: boolean;
  headers?: Record<string, string>;
  body?: string;
  /** Spends a rate-limit bucket: answers 503 while Redis is gone. The others answer as they always do. */
  limited: boolean;
}

const NOWHERE = "00000000-0000-4000-8000-000000000000";
const JSON_BODY = { "content-type": "application/json" };
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const MCP = { ...JSON_BODY, accept: "application/json, text/event-stream" };
const rpc = (method: string, params: unknown) => JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
const initialize = rpc("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "outage", version: "1" } });

/** Every operation's path, its parameters naming nothing that exists: the limiter is spent before anything is looked up. */
export const registryProbes: Probe[] = HTTP_OPERATIONS.map((op) => {
  const { method, path: apiPath, body } = op.http!;
  const filled = apiPath.replace(/\{(\w+)\}/g, (_, name: string) =>
    /^(object|apiName|fieldApiName)$/.test(name) ? "nothing_here" : NOWHERE,
  );
  return {
    name: `${method} ${apiPath}`,
    method,
    path: `/api/v1${filled}`,
    key: true,
    limited: true,
    ...(body && { headers: JSON_BODY, body: "{}" }),
  };
});

/** The other route files under /api and /.well-known (relative to app/), each with the requests that reach it. */
export const routeFileProbes: Record<string, Probe[]> = {
  "api/[...path]/route.ts": [{ name: "unknown path", method: "GET", path: "/api/no-such-route", limited: true }],
  "api/auth/[...nextauth]/route.ts": [
    { name: "GET /api/auth/session", method: "GET", path: "/api/auth/session", limited: true },
    { name: "GET /api/auth/csrf", method: "GET", path: "/api/auth/csrf", limited: true },
  ],
  "api/files/[tenant]/[name]/route.ts": [{ name: "file link (unsigned)", method: "GET", path: `/api/files/${NOWHERE}/x`, limited: false }],
  "api/health/route.ts": [{ name: "GET /api/health", method: "GET", path: "/api/health", limited: true }],
  "api/mcp/route.ts": [
    { name: "MCP initialize", method: "POST", path: "/api/mcp", key: true, headers: MCP, body: initialize, limited: true },
    {
      name: "MCP tools/call",
      method: "POST",
      path: "/api/mcp",
      key: true,
      headers: MCP,
      body: rpc("tools/call", { name: "list_objects", arguments: {} }),
      limited: true,
    },
    { name: "MCP without a key", method: "POST", path: "/api/mcp", headers: MCP, body: initialize, limited: true },
    { name: "MCP GET (405)", method: "GET", path: "/api/mcp", key: true, limited: false },
  ],
  "api/oauth/authorize/route.ts": [
    { name: "GET /api/oauth/authorize", method: "GET", path: "/api/oauth/authorize?client_id=nope", limited: false },
  ],
  "api/oauth/register/route.ts": [
    { name: "POST /api/oauth/register", method: "POST", path: "/api/oauth/register", headers: JSON_BODY, body: "{}", limited: true },
  ],
  "api/oauth/revoke/route.ts": [
    {
      name: "POST /api/oauth/revoke",
      method: "POST",
      path: "/api/oauth/revoke",
      headers: FORM,
      body: "token=x&client_id=nope",
      limited: true,
    },
  ],
  "api/oauth/token/route.ts": [
    {
      name: "POST /api/oauth/token",
      method: "POST",
      path: "/api/oauth/token",
      headers: FORM,
      body: "grant_type=refresh_token&refresh_token=x&client_id=nope",
      limited: true,
    },
  ],
  "api/ping/route.ts": [{ name: "GET /api/ping", method: "GET", path: "/api/ping", limited: false }],
  "api/unsubscribe/[token]/route.ts": [
    { name: "GET /api/unsubscribe/{token}", method: "GET", path: "/api/unsubscribe/x", limited: true },
    { name: "POST /api/unsubscribe/{token}", method: "POST", path: "/api/unsubscribe/x", limited: true },
  ],
  "api/v1/email/inbound/route.ts": [
    { name: "POST /api/v1/email/inbound", method: "POST", path: "/api/v1/email/inbound", body: "x", limited: true },
  ],
  "api/v1/openapi.json/route.ts": [
    { name: "OpenAPI document", method: "GET", path: "/api/v1/openapi.json", limited: true },
    { name: "OpenAPI document of the tenant", method: "GET", path: "/api/v1/openapi.json", key: true, limited: true },
  ],
  "api/v1/postman-collection.json/route.ts": [
    { name: "Postman collection", method: "GET", path: "/api/v1/postman-collection.json", limited: true },
  ],
  ".well-known/oauth-authorization-server/route.ts": [
    { name: "authorization server metadata", method: "GET", path: "/.well-known/oauth-authorization-server", limited: true },
  ],
  ".well-known/oauth-protected-resource/[[...resource]]/route.ts": [
    { name: "protected resource metadata", method: "GET", path: "/.well-known/oauth-protected-resource/api/mcp", limited: true },
  ],
};

export const PROBES: Probe[] = [
  ...registryProbes,
  { name: "REST without a key", method: "GET", path: "/api/v1/objects", limited: true },
  { name: "REST method not allowed", method: "PUT", path: "/api/v1/objects", key: true, headers: JSON_BODY, body: "{}", limited: true },
  { name: "unknown record path", method: "GET", path: `/api/v1/contact/${NOWHERE}/a/b`, key: true, limited: true },
  ...Object.values(routeFileProbes).flat(),
];

/** Route files under app/api and app/.well-known other than the catch-all that serves the registry's paths (api-router.ts). */
export function otherRouteFiles(): string[] {
  const app = path.join(process.cwd(), "app");
  return ["api", ".well-known"]
    .flatMap((dir) => (readdirSync(path.join(app, dir), { recursive: true, encoding: "utf8" }) as string[]).map((f) => `${dir}/${f}`))
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith("/route.ts") && !readFileSync(path.join(app, f), "utf8").includes("apiCatchAll"))
    .sort();
}

export interface Answer {
  probe: Probe;
  status: number;
  /** Time to the whole answer, less what this process itself stalled (timed.ts). */
  ms: number;
  retryAfter: string | null;
  contentType: string | null;
  body: string;
}

export async function send(server: AppServer, probe: Probe): Promise<Answer> {
  const headers: Record<string, string> = { ...probe.headers };
  if (probe.key) headers.authorization = `Bearer ${server.demoApiKey()}`;
  const { value, error, ms, stalledMs } = await timed(async () => {
    const res = await fetch(server.url + probe.path, { method: probe.method, headers, body: probe.body, redirect: "manual" });
    return { res, body: await res.text() };
  });
  if (!value) throw new Error(`${probe.name}: ${String(error)}`);
  const { res, body } = value;
  return {
    probe,
    status: res.status,
    ms: ms - stalledMs,
    retryAfter: res.headers.get("retry-after"),
    contentType: res.headers.get("content-type"),
    body,
  };
}

/**
 * Requests in flight at once during a sweep. Each answer is timed, and the time is meant to show
 * waits on Redis, not a queue in front of a busy server (a 503 still costs the credential lookup).
 */
const IN_FLIGHT = 3;

/** Every probe, IN_FLIGHT at a time. */
export async function sweep(server: AppServer): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < PROBES.length) {
      const i = next++;
      answers[i] = await send(server, PROBES[i]!);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return answers;
}

/**
 * Loads every route's code without running a handler (Next answers OPTIONS from the route file's
 * exports), so that the first sweep times the outage, not the first load of each route.
 */
export async function warm(server: AppServer): Promise<void> {
  for (const path of new Set(PROBES.map((p) => p.path))) await (await fetch(server.url + path, { method: "OPTIONS" })).text();
}
