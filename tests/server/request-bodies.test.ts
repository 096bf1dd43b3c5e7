/**
 * Item 1 of the hardening issue on the real server: a client streaming 64 MiB with chunked
 * encoding gets its 401 (unknown key) or 413 (valid key) while the server's memory stays flat,
 * on REST and MCP alike.
 */
import http from "node:http";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/auth/api-key-format.ts";
import { hasBuild, useAppServer } from "../helpers/app-server.ts";

const TOTAL = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);
/**
 * The server's RSS may grow by the chunks in flight and garbage not collected yet (up to about 22 MiB
 * on a slow, busy machine), never by the body: one that kept it would grow by 64 MiB or more.
 */
const MAX_GROWTH_MIB = 32;

interface Sent {
  status: number;
  body: string;
  sentMiB: number;
  peakRssGrowthMiB: number;
}

describe.skipIf(!hasBuild())("request bodies on the real server (needs a build)", () => {
  const server = useAppServer();
  let key: string;

  beforeAll(async () => {
    key = server.demoApiKey();
    // Load every code path once, so the measurements below see only what a request keeps.
    for (let i = 0; i < 3; i++) {
      await post("/api/v1/contact", key, 1024);
      await post("/api/v1/contact", generateApiKey(randomUUID()).secret, 1024);
      await post("/api/mcp", key, 1024);
      await post("/api/v1/contact", key, 5 * 1024 * 1024);
    }
  }, 180_000);

  /** Streams `total` bytes as a chunked POST until the answer arrives, sampling the server's RSS meanwhile. */
  function post(path: string, bearer: string, total: number, extra: Record<string, string> = {}): Promise<Sent> {
    const baseline = server.rssMiB();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMiB())), 20);
    return new Promise<Sent>((resolve, reject) => {
      const req = http.request(`${server.url}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${bearer}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "transfer-encoding": "chunked",
          ...extra,
        },
      });
      let sent = 0;
      let answered = false;
      const finish = (status: number, body: string) => {
        clearInterval(sampler);
        peak = Math.max(peak, server.rssMiB());
        req.destroy();
        resolve({ status, body, sentMiB: sent / 1024 / 1024, peakRssGrowthMiB: peak - baseline });
      };
      req.on("response", (res) => {
        answered = true;
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => finish(res.statusCode ?? 0, body));
        res.on("error", () => finish(res.statusCode ?? 0, body));
      });
      req.on("error", (err) => {
        if (!answered) {
          clearInterval(sampler);
          reject(err);
        }
      });
      const pump = () => {
        while (!answered && sent < total) {
          sent += CHUNK.length;
          if (!req.write(CHUNK)) return void req.once("drain", pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
  }

  it("REST: an unknown key's 64 MiB body gets a 401 and the server keeps none of it", async () => {
    const r = await post("/api/v1/contact", generateApiKey(randomUUID()).secret, TOTAL);
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body)).toMatchObject({ code: "invalid_credential" });
    expect(r.peakRssGrowthMiB).toBeLessThan(MAX_GROWTH_MIB);
  });

  it("REST: a valid key's 64 MiB body gets a 413 and the server keeps none of it", async () => {
    const r = await post("/api/v1/contact", key, TOTAL);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toMatchObject({ code: "payload_too_large" });
    expect(r.peakRssGrowthMiB).toBeLessThan(MAX_GROWTH_MIB);
    console.log(`REST 413: RSS grew ${r.peakRssGrowthMiB.toFixed(1)} MiB while ${r.sentMiB.toFixed(0)} MiB were sent`);
  });

  it("MCP: the same for an unknown key (401) and a valid key (413)", async () => {
    const unknown = await post("/api/mcp", generateApiKey(randomUUID()).secret, TOTAL);
    expect(unknown.status).toBe(401);
    expect(unknown.peakRssGrowthMiB).toBeLessThan(MAX_GROWTH_MIB);
    const valid = await post("/api/mcp", key, TOTAL);
    expect(valid.status).toBe(413);
    expect(valid.peakRssGrowthMiB).toBeLessThan(MAX_GROWTH_MIB);
    console.log(`MCP: RSS grew ${unknown.peakRssGrowthMiB.toFixed(1)} MiB (401) and ${valid.peakRssGrowthMiB.toFixed(1)} MiB (413)`);
  });

  /** Declares a body over the cap and sends its first chunk: the answer comes before the rest is asked for. */
  function declaredOverCap(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${server.url}${path}`, { method: "POST", headers: { ...headers, "content-length": String(TOTAL) } });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on("error", reject);
      req.write(CHUNK);
    });
  }

  it("server actions: a declared length over the cap is a JSON 413 before Next reads a byte; no declared length is a 411", async () => {
    const declared = await declaredOverCap("/settings/api-keys", {
      "next-action": "0".repeat(42),
      "content-type": "text/plain;charset=UTF-8",
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ error: expect.stringMatching(/^Request body too large/), code: "payload_too_large" });
    const chunked = await post("/settings/api-keys", "none", 1024 * 1024, { "next-action": "0".repeat(42) });
    expect(chunked.status).toBe(411);
    // A form posted before the page's scripts ran (multipart, no Next-Action) is held to the same cap.
    const multipart = { "content-type": "multipart/form-data; boundary=x", origin: server.url };
    const form = await declaredOverCap("/login", multipart);
    expect([form.status, JSON.parse(form.body).code]).toEqual([413, "payload_too_large"]);
    expect((await post("/login", "none", 1024 * 1024, multipart)).status).toBe(411);
  });

  it("the connection stays usable after a refused body: the next request on the server answers at once", async () => {
    const res = await fetch(`${server.url}/api/v1/objects`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
  });
});
