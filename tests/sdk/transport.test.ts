/**
 * The SDK's transport against a loopback HTTP server that answers as the API does when busy:
 * 429/503 with Retry-After, then the answer. It waits as told, sends the same body and the same
 * Idempotency-Key on every try, and gives up when told to wait too long or too often.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCrmClient } from "../../packages/sdk/src/client.ts";
import { CrmError } from "../../packages/sdk/src/errors.ts";

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

let server: Server;
let url = "";
const seen: Seen[] = [];
// What the server answers next, in order; when empty, 200 with the request echoed.
const script: { status: number; retryAfter?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, at: Date.now() });
      const next = script.shift();
      if (next) {
        const headers: Record<string, string> = { "content-type": "application/json", "x-request-id": "req-busy" };
        if (next.retryAfter !== undefined) headers["retry-after"] = next.retryAfter;
        res
          .writeHead(next.status, headers)
          .end(JSON.stringify({ error: "busy", message: "Busy.", code: "rate_limited", requestId: "req-busy" }));
        return;
      }
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ id: "rec-1", echoed: body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const fresh = () => {
  seen.length = 0;
  script.length = 0;
};

describe("the SDK's transport", () => {
  it("waits as Retry-After says on 429 and 503, then sends the same body with the same Idempotency-Key", async () => {
    fresh();
    script.push({ status: 429, retryAfter: "1" }, { status: 503, retryAfter: "0" });
    const crm = createCrmClient({ url, apiKey: "crm_test" });
    const created = await crm.post("/{object}", { params: { path: { object: "contact" } }, body: { last_name: "Retried" } });
    expect(created).toMatchObject({ id: "rec-1" });
    expect(seen).toHaveLength(3);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
    expect(new Set(seen.map((s) => s.body))).toEqual(new Set(['{"last_name":"Retried"}']));
    const keys = new Set(seen.map((s) => s.headers["idempotency-key"]));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.every((s) => s.headers.authorization === "Bearer crm_test" && s.url === "/api/v1/contact")).toBe(true);
  });

  it("keeps the caller's Idempotency-Key, and sends none with a GET or a DELETE", async () => {
    fresh();
    const crm = createCrmClient({ url, apiKey: "crm_test" });
    await crm.post("/{object}", {
      params: { path: { object: "contact" } },
      body: { last_name: "Mine" },
      headers: { "Idempotency-Key": "mine-1" },
    });
    await crm.get("/{object}/{id}", { params: { path: { object: "contact", id: "x" } } });
    await crm.delete("/{object}/{id}", { params: { path: { object: "contact", id: "x" } } });
    expect(seen.map((s) => s.headers["idempotency-key"])).toEqual(["mine-1", undefined, undefined]);
  });

  it("returns the refusal as a CrmError when Retry-After is longer than maxRetryWait, without waiting", async () => {
    fresh();
    script.push({ status: 429, retryAfter: "45" });
    const crm = createCrmClient({ url, apiKey: "crm_test", maxRetryWait: 10 });
    const started = Date.now();
    const err = await crm.get("/{object}", { params: { path: { object: "contact" } } }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(err).toBeInstanceOf(CrmError);
    expect(err).toMatchObject({
      status: 429,
      code: "rate_limited",
      error: "busy",
      message: "Busy.",
      requestId: "req-busy",
      retryAfter: 45,
    });
    expect(seen).toHaveLength(1);
  });

  it("tries at most maxRetries times more, waiting what it is told (an HTTP date too)", async () => {
    fresh();
    const waits: number[] = [];
    const date = new Date(Date.now() + 3000).toUTCString();
    script.push({ status: 503, retryAfter: "2" }, { status: 503, retryAfter: date }, { status: 503, retryAfter: "1" });
    const crm = createCrmClient({ url, apiKey: "crm_test", maxRetries: 2, sleep: async (ms) => void waits.push(ms) });
    await expect(crm.get("/{object}", { params: { path: { object: "contact" } } })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(3);
    expect(waits[0]).toBe(2000);
    expect(waits[1]).toBeGreaterThanOrEqual(2000);
    expect(waits[1]).toBeLessThanOrEqual(4000);
    const none = createCrmClient({ url, apiKey: "crm_test", maxRetries: 0 });
    fresh();
    script.push({ status: 429, retryAfter: "1" });
    await expect(none.get("/{object}", { params: { path: { object: "contact" } } })).rejects.toMatchObject({ status: 429 });
    expect(seen).toHaveLength(1);
  });

  it("an OAuth session's token is asked for on every request", async () => {
    fresh();
    let n = 0;
    const crm = createCrmClient({ url, accessToken: async () => `crm_at_${++n}` });
    await crm.get("/{object}", { params: { path: { object: "contact" } } });
    await crm.get("/{object}", { params: { path: { object: "contact" } } });
    expect(seen.map((s) => s.headers.authorization)).toEqual(["Bearer crm_at_1", "Bearer crm_at_2"]);
    expect(() => createCrmClient({ url })).toThrow(/apiKey or an accessToken/);
  });
});
