/**
 * Request bodies are read only after the credential is known good, as a stream with the cap
 * counted while reading, and decoded strictly: REST and MCP, through their route handlers.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route.ts";
import { generateApiKey } from "@/lib/auth/api-key-format.ts";
import { DEFAULT_MAX_BODY_BYTES } from "@/lib/config.ts";
import type { RouteHandler } from "@/lib/adapters/route-handler.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { call } from "../helpers/rest.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { POST: bulkRoute } = restRoute("/{object}/bulk");
const { GET: listRoute, POST: createRoute } = restRoute("/{object}");
const { PATCH: patchRoute } = restRoute("/{object}/{id}");

const CHUNK = 64 * 1024;

/** A chunked body (no Content-Length) of `total` bytes that counts what the server pulled from it. */
function countingBody(total: number, fill = 0x61) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        const size = Math.min(CHUNK, total - pulled);
        pulled += size;
        controller.enqueue(new Uint8Array(size).fill(fill));
      },
    },
    // Nothing is produced until the reader asks: `pulled` is exactly what the server read.
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

function streamed(url: string, auth: string, body: ReadableStream<Uint8Array>, extra: Record<string, string> = {}): Request {
  return new Request(url, {
    method: "POST",
    body,
    duplex: "half",
    headers: { authorization: `Bearer ${auth}`, "content-type": "application/json", ...extra },
  } as RequestInit);
}

const params = (p: Record<string, string>) => ({ params: Promise.resolve(p) });
const mcpPost = mcpRoute.POST as unknown as RouteHandler;
const mcpHeaders = { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };

describe("request bodies", () => {
  let t: TestTenant;
  let key: string;
  beforeAll(async () => {
    t = await createTestTenant("bodies");
    key = (await createTestKey(t, { rateLimit: 100_000 })).secret;
  });
  afterEach(() => {
    delete process.env.MAX_BODY_BYTES;
  });

  // A well-formed key of a tenant and key id that do not exist: it passes the shape check, only the database says no.
  const fakeKey = () => generateApiKey(randomUUID()).secret;

  it("REST: a 64 MiB chunked body with a well-formed but unknown key gets its 401 without a byte being read", async () => {
    for (const [handler, url, p] of [
      [createRoute, "http://localhost/api/v1/contact", { object: "contact" }],
      [bulkRoute, "http://localhost/api/v1/contact/bulk", { object: "contact" }],
      [patchRoute, `http://localhost/api/v1/contact/${randomUUID()}`, { object: "contact", id: randomUUID() }],
    ] as const) {
      const body = countingBody(64 * 1024 * 1024);
      const res = await handler(streamed(url, fakeKey(), body.stream), params(p));
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: "Invalid API key", code: "invalid_credential" });
      expect(body.pulled()).toBe(0);
    }
  });

  it("REST: a chunked body over MAX_BODY_BYTES with a valid key is a 413, refused as soon as the cap is passed", async () => {
    const body = countingBody(64 * 1024 * 1024);
    // The rest of the body is then read and dropped (the server test measures that it is never kept).
    const res = await createRoute(streamed("http://localhost/api/v1/contact", key, body.stream), params({ object: "contact" }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: `Request body too large: the limit is ${DEFAULT_MAX_BODY_BYTES} bytes`,
      code: "payload_too_large",
    });
    expect(res.headers.get("x-ratelimit-limit")).toBe("100000");
  });

  it("REST: the cap is MAX_BODY_BYTES, and a declared Content-Length over it is refused before reading", async () => {
    process.env.MAX_BODY_BYTES = "1000";
    const small = await call(createRoute, { auth: key, params: { object: "contact" }, body: { last_name: "x".repeat(900) } });
    expect(small.status).toBe(201);
    const big = await call(createRoute, { auth: key, params: { object: "contact" }, body: { last_name: "x".repeat(1000) } });
    expect(big.status).toBe(413);
    expect(big.json().error).toBe("Request body too large: the limit is 1000 bytes");
    const body = countingBody(5000);
    const declared = await createRoute(
      streamed("http://localhost/api/v1/contact", key, body.stream, { "content-length": "5000" }),
      params({ object: "contact" }),
    );
    expect(declared.status).toBe(413);
  });

  it("REST: a body that is not UTF-8 is a 400 and nothing is stored", async () => {
    const before = (await call(listRoute, { auth: key, params: { object: "contact" }, query: { search: "Bad" } })).json<{ total: number }>()
      .total;
    // "Bad\xff\xfe" inside a JSON string: a lenient decoder would store U+FFFD twice.
    const bytes = Buffer.concat([Buffer.from('{"last_name":"Bad'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await createRoute(
      new Request("http://localhost/api/v1/contact", {
        method: "POST",
        body: bytes,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      }),
      params({ object: "contact" }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Request body is not valid UTF-8", code: "invalid_request" });
    const after = (await call(listRoute, { auth: key, params: { object: "contact" }, query: { search: "Bad" } })).json<{ total: number }>()
      .total;
    expect(after).toBe(before);
    // An overlong encoding of "/" (0xC0 0xAF) is refused too, not normalised.
    const overlong = Buffer.concat([Buffer.from('{"last_name":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]);
    const res2 = await createRoute(
      new Request("http://localhost/api/v1/contact", {
        method: "POST",
        body: overlong,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      }),
      params({ object: "contact" }),
    );
    expect(res2.status).toBe(400);
  });

  it("MCP: a 64 MiB chunked body with an unknown key is a 401 unread; with a valid key a 413", async () => {
    const unknown = countingBody(64 * 1024 * 1024);
    const refused = await mcpPost(streamed("http://localhost:3000/api/mcp", fakeKey(), unknown.stream, mcpHeaders), params({}));
    expect(refused.status).toBe(401);
    expect(unknown.pulled()).toBe(0);

    const valid = countingBody(64 * 1024 * 1024);
    const tooLarge = await mcpPost(streamed("http://localhost:3000/api/mcp", key, valid.stream, mcpHeaders), params({}));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ jsonrpc: "2.0", error: { data: { code: "payload_too_large" } } });
  });

  it("MCP: a body that is not UTF-8 is refused", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"'),
      Buffer.from([0xff]),
      Buffer.from('"}}'),
    ]);
    const res = await mcpPost(
      new Request("http://localhost:3000/api/mcp", {
        method: "POST",
        body: bytes,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...mcpHeaders },
      }),
      params({}),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { data: { error: "Request body is not valid UTF-8" } } });
  });
});
