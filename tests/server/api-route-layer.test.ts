/**
 * The API route layer on the real server: the same requests sent to the built app twice — with the
 * layer logging each request it serves (API_ROUTE_LAYER=log) and with Next's router serving the
 * API through the catch-all route file (API_ROUTE_LAYER=off), both routed by the registry's router —
 * get the same statuses, headers and bodies, for every operation and every method it does not serve; the log shows the layer
 * answered /api/v1 and /api/mcp, and left pages, documents and unusual paths to Next. A refusal
 * that leaves the request body unread keeps the keep-alive connection serving on both.
 */
import http from "node:http";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { hasBuild, useAppServer, type AppServer } from "../helpers/app-server.ts";

interface Sent {
  method: string;
  path: string;
  auth?: boolean;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers that differ between any two answers (time, request ids, framing: the layer sends a Content-Length, Next chunks). */
const VOLATILE = new Set(["date", "x-request-id", "x-ratelimit-reset", "x-ratelimit-remaining", "content-length", "transfer-encoding"]);

const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

/** Ids, times and the server's own origin differ between the two servers; the rest must not. */
const normalized = (body: string, server: AppServer) =>
  body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>")
    .replaceAll(server.url, "<origin>");

async function send(server: AppServer, s: Sent): Promise<Answer> {
  const headers: Record<string, string> = { ...s.headers };
  if (s.auth) headers.authorization = `Bearer ${server.demoApiKey()}`;
  if (s.body !== undefined) headers["content-type"] ??= "application/json";
  const res = await fetch(server.url + s.path, {
    method: s.method,
    headers,
    body: s.body === undefined ? undefined : typeof s.body === "string" ? s.body : JSON.stringify(s.body),
    redirect: "manual",
  });
  const kept = [...res.headers].filter(([name]) => !VOLATILE.has(name)).map(([name, value]) => [name, normalized(value, server)]);
  const names = [...res.headers.keys()].filter((name) => VOLATILE.has(name) && !["content-length", "transfer-encoding"].includes(name));
  return {
    status: res.status,
    headers: Object.fromEntries([...kept, ...names.map((name) => [name, "<present>"])].sort()),
    body: normalized(await res.text(), server),
  };
}

/** The lines the layer printed for the requests it served since `from`. */
async function served(server: AppServer, from: number, expected: number): Promise<string[]> {
  // The line is printed once the answer is sent: give the process a moment to flush it.
  for (let i = 0; i < 50; i++) {
    const lines = server.output().slice(from).split("\n");
    if (lines.filter((l) => l.startsWith("api-route-layer ")).length >= expected) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return server
    .output()
    .slice(from)
    .split("\n")
    .filter((l) => l.startsWith("api-route-layer "));
}

interface Exchanged {
  status: number;
  connection: string | undefined;
  socket: Socket;
}

/** One request through `agent`, its answer read to the end; fails after `timeoutMs` without one. */
function exchange(agent: http.Agent, url: string, method: string, headers: Record<string, string>, body?: Buffer): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method, headers });
    req.setTimeout(3_000, () => req.destroy(new Error(`${method} ${url}: no answer within 3 s`)));
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket! }));
    });
    // A server that closes after its answer may cut the body short: only an error before the answer counts.
    req.on("error", (err) => !answered && reject(err));
    req.end(body);
  });
}

/** A POST whose body the server may leave unread, then GET /api/ping, on one keep-alive connection. */
async function thenPing(server: AppServer, path: string, headers: Record<string, string>, bytes: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const body = Buffer.alloc(bytes, 0x61);
    const first = await exchange(agent, server.url + path, "POST", { "content-type": "application/json", ...headers }, body);
    const started = performance.now();
    const ping = await exchange(agent, `${server.url}/api/ping`, "GET", {});
    return { first, ping, pingMs: performance.now() - started };
  } finally {
    agent.destroy();
  }
}

describe.skipIf(!hasBuild())("the API route layer on the real server (needs a build)", () => {
  const layer = useAppServer({ env: { API_ROUTE_LAYER: "log" } });
  const router = useAppServer({ env: { API_ROUTE_LAYER: "off" } });

  /** Sends the same request to both servers, expects the same answer, and says which layer logged it. */
  async function both(s: Sent | ((server: AppServer) => Promise<Sent>)): Promise<{ answer: Answer; logged: string[] }> {
    const from = layer.output().length;
    const viaLayer = await send(layer, typeof s === "function" ? await s(layer) : s);
    const viaRouter = await send(router, typeof s === "function" ? await s(router) : s);
    expect(viaLayer, JSON.stringify(s)).toEqual(viaRouter);
    return { answer: viaLayer, logged: await served(layer, from, 1) };
  }

  const firstContactId = async (server: AppServer) => {
    const res = await fetch(`${server.url}/api/v1/contact?order=last_name:asc&limit=1`, {
      headers: { authorization: `Bearer ${server.demoApiKey()}` },
    });
    return ((await res.json()) as { data: { id: string }[] }).data[0]!.id;
  };

  it("serves REST reads, writes and errors as Next's router does", async () => {
    // Warm both: the first request makes Next run start-up, after which the layer takes over.
    await fetch(`${layer.url}/api/v1/objects`);
    const cases: [Sent | ((server: AppServer) => Promise<Sent>), number, string][] = [
      [{ method: "GET", path: "/api/v1/objects", auth: true }, 200, "GET /api/v1/objects 200"],
      [{ method: "GET", path: "/api/v1/contact?order=last_name:asc&limit=2", auth: true }, 200, "GET /api/v1/contact 200"],
      [async (s) => ({ method: "GET", path: `/api/v1/contact/${await firstContactId(s)}`, auth: true }), 200, "GET /api/v1/contact/"],
      [
        { method: "GET", path: "/api/v1/contact/00000000-0000-4000-8000-000000000000", auth: true },
        404,
        "GET /api/v1/contact/00000000-0000-4000-8000-000000000000 404",
      ],
      [
        { method: "POST", path: "/api/v1/contact", auth: true, body: { first_name: "Route", last_name: "Layer" } },
        201,
        "POST /api/v1/contact 201",
      ],
      [{ method: "POST", path: "/api/v1/contact", auth: true, body: { nope: 1 } }, 400, "POST /api/v1/contact 400"],
      [{ method: "POST", path: "/api/v1/contact", auth: true, body: "{not json" }, 400, "POST /api/v1/contact 400"],
      [{ method: "PUT", path: "/api/v1/objects", auth: true }, 405, "PUT /api/v1/objects 405"],
      [{ method: "GET", path: "/api/v1/contact" }, 401, "GET /api/v1/contact 401"],
      [{ method: "GET", path: "/api/v1/objects/contact", auth: true }, 200, "GET /api/v1/objects/contact 200"],
    ];
    for (const [s, status, line] of cases) {
      const { answer, logged } = await both(s);
      expect(answer.status, line).toBe(status);
      expect(logged.join("\n"), line).toContain(`api-route-layer ${line}`);
    }
    const { answer } = await both({ method: "GET", path: "/api/v1/contact" });
    expect(answer.headers).toMatchObject({ "x-frame-options": "DENY", "www-authenticate": expect.stringContaining("Bearer") });
  });

  it("answers every operation of the registry, and every method it does not serve, as Next's router does", async () => {
    const NOWHERE = "00000000-0000-4000-8000-000000000000";
    const paths = new Map<string, string>();
    for (const op of HTTP_OPERATIONS) {
      const { path } = op.http!;
      // Parameters naming nothing: each request is answered without changing anything.
      paths.set(
        path,
        path.replace(/\{(\w+)\}/g, (_, name: string) => (/^(object|apiName|fieldApiName)$/.test(name) ? "nothing_here" : NOWHERE)),
      );
    }
    for (const [template, concrete] of paths) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const what = `${method} ${template}`;
        const sent: Sent = {
          method,
          path: `/api/v1${concrete}`,
          auth: true,
          ...(method === "GET" || method === "DELETE" ? {} : { body: {} }),
        };
        const from = layer.output().length;
        const viaLayer = await send(layer, sent);
        const viaRouter = await send(router, sent);
        // Answers that list data may differ in what each server's data holds; refusals must not differ at all.
        expect({ status: viaLayer.status, headers: Object.keys(viaLayer.headers) }, what).toEqual({
          status: viaRouter.status,
          headers: Object.keys(viaRouter.headers),
        });
        if (viaLayer.status >= 300) expect(viaLayer, what).toEqual(viaRouter);
        expect((await served(layer, from, 1)).join("\n"), what).toContain(
          `api-route-layer ${method} /api/v1${concrete} ${viaLayer.status}`,
        );
      }
    }
  }, 120_000);

  it("serves writes on one record (PATCH, DELETE) as Next's router does", async () => {
    const created = async (server: AppServer) => {
      const res = await fetch(`${server.url}/api/v1/contact`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.demoApiKey()}`, "content-type": "application/json" },
        body: JSON.stringify({ first_name: "Short", last_name: "Lived" }),
      });
      return ((await res.json()) as { id: string }).id;
    };
    const ids = new Map<AppServer, string>([
      [layer, await created(layer)],
      [router, await created(router)],
    ]);
    const patched = await both(async (s) => ({
      method: "PATCH",
      path: `/api/v1/contact/${ids.get(s)}`,
      auth: true,
      body: { job_title: "Gone" },
    }));
    expect(patched.answer.status).toBe(200);
    expect(patched.logged.join("\n")).toContain("api-route-layer PATCH /api/v1/contact/");
    const deleted = await both(async (s) => ({ method: "DELETE", path: `/api/v1/contact/${ids.get(s)}`, auth: true }));
    expect(deleted.answer.status).toBeLessThan(300);
    expect(deleted.logged.join("\n")).toContain("api-route-layer DELETE /api/v1/contact/");
  });

  it("serves MCP as Next's router does", async () => {
    const init = await both({ method: "POST", path: "/api/mcp", auth: true, headers: MCP_HEADERS, body: initialize });
    expect(init.answer.status).toBe(200);
    expect(init.answer.body).toContain('"protocolVersion"');
    expect(init.logged).toEqual(["api-route-layer POST /api/mcp 200"]);
    const unauthenticated = await both({ method: "POST", path: "/api/mcp", headers: MCP_HEADERS, body: initialize });
    expect(unauthenticated.answer.status).toBe(401);
    const stream = await both({ method: "GET", path: "/api/mcp", auth: true });
    expect(stream.answer.status).toBe(405);
    expect(stream.logged).toEqual(["api-route-layer GET /api/mcp 405"]);
  });

  it("a refusal that leaves the body unread keeps the keep-alive connection serving", async () => {
    const unknownKey = { authorization: "Bearer crm_unknown", accept: "application/json, text/event-stream" };
    const KiB = 1024;
    const cases: [string, number, number][] = [
      ["/api/mcp", 300 * KiB, 401],
      ["/api/mcp", 5 * 1024 * KiB, 401],
      ["/api/v1/contact", 300 * KiB, 401],
      ["/api/v1/contact", 5 * 1024 * KiB, 401],
      ["/api/v1/objects/contact", 300 * KiB, 405],
    ];
    const from = layer.output().length;
    for (const server of [layer, router])
      for (const [path, bytes, status] of cases) {
        const what = `${server === layer ? "layer" : "router"}: POST ${path} with ${bytes / KiB} KiB`;
        const { first, ping, pingMs } = await thenPing(server, path, unknownKey, bytes);
        expect({ status: first.status, connection: first.connection }, what).toEqual({ status, connection: "keep-alive" });
        // The same socket: its previous request's body was read to the end, so it serves again.
        expect({ status: ping.status, sameSocket: ping.socket === first.socket }, what).toEqual({ status: 200, sameSocket: true });
        expect(pingMs, what).toBeLessThan(1_000);
      }
    // A body declared longer than the server would read and throw away (256 MiB) is not read at
    // all: the layer's answer says so, and the connection ends with it.
    const closed = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const req = http.request(`${layer.url}/api/mcp`, {
        method: "POST",
        headers: { ...unknownKey, "content-type": "application/json", "content-length": String(300 * 1024 * KiB) },
      });
      req.on("response", (res) => {
        res.resume();
        req.socket!.once("close", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      req.on("error", () => undefined);
      req.setTimeout(3_000, () => reject(new Error("the connection was not closed within 3 s")));
      req.write(Buffer.alloc(64 * KiB, 0x61));
    });
    expect(closed).toEqual({ status: 401, connection: "close" });
    // The layer logs a request once its answer is sent: let the last lines arrive before the next test reads the log.
    expect(await served(layer, from, cases.length + 1)).toHaveLength(cases.length + 1);
  });

  it("leaves pages, documents, HEAD, OPTIONS and unusual paths to Next, which answers them as before", async () => {
    const cases: [Sent, number][] = [
      [{ method: "GET", path: "/login" }, 200],
      [{ method: "GET", path: "/settings" }, 307],
      [{ method: "GET", path: "/api/v1/openapi.json" }, 200],
      [{ method: "GET", path: "/api/v1/contact/", auth: true }, 308],
      [{ method: "GET", path: "/api/v1/%63ontact", auth: true }, 200],
      [{ method: "GET", path: "/api/v1/contact/a/b/c", auth: true }, 404],
      [{ method: "HEAD", path: "/api/v1/objects", auth: true }, 200],
      [{ method: "OPTIONS", path: "/api/mcp", headers: { origin: "https://elsewhere.example" } }, 403],
      [{ method: "GET", path: "/api/ping" }, 200],
    ];
    const from = layer.output().length;
    for (const [s, status] of cases) {
      const viaLayer = await send(layer, s);
      const viaRouter = await send(router, s);
      expect(viaLayer.status, `${s.method} ${s.path}`).toBe(status);
      // Pages carry per-server values (CSRF cookies, the callback URL): the same headers, not the same values.
      expect(Object.keys(viaLayer.headers), `${s.method} ${s.path}`).toEqual(Object.keys(viaRouter.headers));
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(await served(layer, from, 0)).toEqual([]);
    expect(layer.output()).toContain("API route layer on");
    expect(router.output()).not.toContain("API route layer on");
  });
});
