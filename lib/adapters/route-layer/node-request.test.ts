import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { fetchRequest } from "./node-bridge.ts";
import { NodeApiRequest } from "./node-request.ts";

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

interface Seen {
  light: { url: string; headers: Record<string, string | null>; has: Record<string, boolean>; body: string | null };
  fetch: { url: string; headers: Record<string, string | null>; has: Record<string, boolean>; body: string | null };
}

const NAMES = [
  "Authorization",
  "content-type",
  "x-custom",
  "cookie",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-port",
  "x-forwarded-proto",
  "absent",
];

async function read(req: { url: string; headers: Pick<Headers, "get" | "has">; body: ReadableStream<Uint8Array> | null }) {
  return {
    url: req.url,
    headers: Object.fromEntries(NAMES.map((n) => [n, req.headers.get(n)])),
    has: Object.fromEntries(NAMES.map((n) => [n, req.headers.has(n)])),
    body: req.body ? await new Response(req.body).text() : null,
  };
}

/** One request through a real server, seen both through NodeApiRequest and through the Fetch Request fetchRequest builds. */
async function seen(send: (url: string) => Promise<unknown>): Promise<Seen> {
  let resolve!: (s: Seen) => void;
  const result = new Promise<Seen>((r) => (resolve = r));
  const server = http.createServer((req, res) => {
    const url = `http://127.0.0.1:3000${req.url}`;
    const light = new NodeApiRequest(req, url, "127.0.0.1", 3000);
    const fetched = fetchRequest(req, res, url, "127.0.0.1", 3000);
    // The body can be read once: the light view reads it, the Fetch view shows its headers only.
    void read(light).then(async (l) => {
      resolve({ light: l, fetch: { ...(await read({ url: fetched.url, headers: fetched.headers, body: null })), body: l.body } });
      res.end();
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return result;
}

describe("NodeApiRequest, the route layer's view of a Node request", () => {
  it("shows the headers, URL and forwarded defaults a Fetch Request built as Next builds it shows", async () => {
    const s = await seen((base) =>
      fetch(`${base}/api/v1/contact?limit=2&filter=a&filter=b`, {
        headers: { authorization: "Bearer k", "X-Custom": "one", cookie: "a=1" },
      }),
    );
    expect(s.light.headers).toEqual(s.fetch.headers);
    expect(s.light.has).toEqual(s.fetch.has);
    expect(s.light.url).toBe(s.fetch.url);
    expect(s.light.headers).toMatchObject({ Authorization: "Bearer k", "x-custom": "one", "x-forwarded-proto": "http", absent: null });
    expect(s.light.body).toBeNull();
  });

  it("keeps the client's own x-forwarded-* and streams a body", async () => {
    const s = await seen((base) =>
      fetch(`${base}/api/v1/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https" },
        body: JSON.stringify({ first_name: "Ada" }),
      }),
    );
    expect(s.light.headers).toEqual(s.fetch.headers);
    expect(s.light.headers).toMatchObject({ "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https" });
    expect(s.light.body).toBe('{"first_name":"Ada"}');
  });
});
