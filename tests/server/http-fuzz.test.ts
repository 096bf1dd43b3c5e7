/**
 * The transport half of the fuzz (the route half is tests/integration/fuzz-routes.test.ts):
 * seeded raw HTTP requests to the real server — paths with malformed or dotted encodings, every
 * method including those fetch cannot send (TRACE, CONNECT), odd headers and bodies. Nothing
 * under /api answers 5xx, and every 4xx there is JSON with an `error`.
 */
import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { hasBuild, useAppServer } from "../helpers/app-server.ts";
import { Fuzz } from "../helpers/fuzz.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const REQUESTS = Number(process.env.FUZZ_HTTP_REQUESTS ?? 600);

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no client-side normalisation) and reads the answer until the server closes. */
function rawRequest(port: number, request: string | Buffer): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error("no answer within 15 s")));
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      let body = rest.join("\r\n\r\n");
      if (headers["transfer-encoding"] === "chunked") body = dechunk(body);
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers, body: Buffer.from(body, "latin1").toString("utf8") });
    });
    // Not end(): a half-closed socket reads as an aborted request to Next, which then answers nothing.
    socket.write(request);
  });
}

function dechunk(body: string): string {
  let out = "";
  for (let i = 0; i < body.length;) {
    const eol = body.indexOf("\r\n", i);
    const size = parseInt(body.slice(i, eol), 16);
    if (!size) break;
    out += body.slice(eol + 2, eol + 2 + size);
    i = eol + 2 + size + 2;
  }
  return out;
}

const PREFIXES = [
  "/api/v1/",
  "/api/v1/contact/",
  "/api/v1/objects/",
  "/api/v1/data/",
  "/api/mcp",
  "/api/oauth/",
  "/api/",
  "/.well-known/oauth-protected-resource/",
  "/api/v1/contact/bulk",
];
const SEGMENTS = [
  "contact",
  "%E0%A4%A",
  "%ff",
  "%",
  "%zz",
  "%2e%2e",
  "..",
  ".",
  "%2F",
  "%00",
  "%C0%AF",
  "%ED%A0%80",
  "objects",
  "x".repeat(3000),
  "%F0%9F%98%80",
  "restore",
  "bulk",
  "0194d2b6-7c2e-7a00-8000-000000000001",
  "",
];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE", "TRACK", "CONNECT", "PROPFIND", "FOO", "get"];

describe.skipIf(!hasBuild())("raw HTTP fuzz on the real server (needs a build)", () => {
  const server = useAppServer();
  let port: number;
  let key: string;

  beforeAll(() => {
    port = Number(new URL(server.url).port);
    key = server.demoApiKey();
  });

  it("names the cases the review found: each is a JSON error with a deliberate status", async () => {
    const ask = (method: string, path: string) =>
      rawRequest(port, `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`);
    const cases: [string, string, number][] = [
      ["GET", "/api/v1/contact/%E0%A4%A", 400],
      ["GET", "/api/v1/%ff", 400],
      ["GET", "/api/v1/%2e%2e/objects", 404],
      ["TRACE", "/api/v1/contact", 405],
      ["PUT", "/api/v1/objects", 405],
      ["DELETE", "/api/v1/openapi.json", 405],
      ["GET", "/api/nothing/here", 404],
    ];
    for (const [method, path, status] of cases) {
      const res = await ask(method, path);
      expect([method, path, res.status]).toEqual([method, path, status]);
      expect(res.headers["content-type"], `${method} ${path}`).toContain("application/json");
      expect(JSON.parse(res.body), `${method} ${path}`).toHaveProperty("error");
      if (status === 405) expect(res.headers.allow, `${method} ${path}`).toBeTruthy();
    }
    const refusedOrigin = await rawRequest(
      port,
      `OPTIONS /api/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\nAccess-Control-Request-Method: POST\r\nConnection: close\r\n\r\n`,
    );
    expect(refusedOrigin.status).toBe(403);
    expect(JSON.parse(refusedOrigin.body)).toHaveProperty("error");
  });

  it(`${REQUESTS} seeded raw requests (seed ${SEED}): no 5xx under /api, every 4xx JSON`, async () => {
    const fuzz = new Fuzz(SEED);
    const failures: string[] = [];
    for (let i = 0; i < REQUESTS && failures.length < 10; i++) {
      const method = fuzz.pick(METHODS);
      let path = fuzz.pick(PREFIXES);
      for (let n = fuzz.int(3); n > 0; n--) path += `${fuzz.pick(SEGMENTS)}${fuzz.chance(0.7) ? "/" : ""}`;
      if (fuzz.chance(0.3)) path += `?${fuzz.pick(["limit", "filter", "order", "%ff", "a%00"])}=${fuzz.pick(SEGMENTS)}`;
      const headers = [`Host: 127.0.0.1`, "Connection: close"];
      if (fuzz.chance(0.6)) headers.push(`Authorization: ${fuzz.pick([`Bearer ${key}`, "Bearer crm_x", "Bearer", "Basic Og=="])}`);
      if (fuzz.chance(0.1)) headers.push(`X-Big: ${"h".repeat(fuzz.pick([100, 20_000, 70_000]))}`);
      let body = Buffer.alloc(0);
      if (fuzz.chance(0.4)) {
        const b = fuzz.body();
        body = b.bytes ? Buffer.from(b.bytes) : Buffer.from(b.text ?? "", "utf8");
        if (b.contentType) headers.push(`Content-Type: ${b.contentType}`);
        headers.push(`Content-Length: ${body.length}`);
      }
      const request = Buffer.concat([Buffer.from(`${method} ${path} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`, "latin1"), body]);
      let res: Raw;
      try {
        res = await rawRequest(port, request);
      } catch (err) {
        failures.push(`${method} ${path.slice(0, 120)}: ${String(err)}`);
        continue;
      }
      const where = `${method} ${path.slice(0, 120)} → ${res.status}`;
      // Where the request lands once dot segments are resolved, as routing sees it.
      const landed = new URL(path, "http://x").pathname;
      const api = (landed.startsWith("/api") || landed.startsWith("/.well-known")) && !landed.startsWith("/api/oauth/authorize");
      if (res.status === 0) failures.push(`${where}: no status line`);
      else if (res.status >= 500) failures.push(`${where} ${res.body.slice(0, 200)}`);
      else if (res.status >= 400 && api) {
        let ok = false;
        try {
          // A HEAD answer has no body: its Content-Type still says JSON.
          ok = method === "HEAD" ? (res.headers["content-type"] ?? "").includes("json") : "error" in (JSON.parse(res.body) as object);
        } catch {
          ok = false;
        }
        if (!ok) failures.push(`${where} not a JSON error: ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    // The server is still well after all of it.
    expect((await fetch(`${server.url}/api/v1/objects`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  }, 300_000);
});
