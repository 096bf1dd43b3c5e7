/**
 * Memory admission on the real server (server.mjs, MAX_INFLIGHT_BODY_BYTES): while request bodies
 * holding the budget are being served, another request with a body is answered 503 with
 * Retry-After before any of it is read; requests without a body pass, and once the bodies in
 * flight end, the same request is served again.
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { hasBuild, useAppServer } from "../helpers/app-server.ts";

const BUDGET = 4096;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(url: string, method: string, key: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        ...(body ? { "content-length": Buffer.byteLength(body) } : {}),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe.skipIf(!hasBuild())("memory admission (needs a build)", () => {
  const server = useAppServer({ env: { MAX_INFLIGHT_BODY_BYTES: String(BUDGET) } });

  it("answers 503 with Retry-After to a body over the budget while others are in flight, and serves it after", async () => {
    const key = server.demoApiKey();
    // Valid JSON padded with whitespace to 1,500 bytes: with the slow upload, over the budget.
    const body = JSON.stringify({ name: "Admitted" }).padEnd(1500, " ");
    // A slow upload holding 3,000 bytes of the budget: its headers are in, its body is not.
    const slow = http.request(`${server.url}/api/v1/company`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": 3000 },
    });
    slow.on("error", () => undefined);
    slow.write("{");
    await new Promise((r) => setTimeout(r, 300));

    const refused = await send(`${server.url}/api/v1/company`, "POST", key, body);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(JSON.parse(refused.body)).toMatchObject({ code: "service_unavailable" });
    // Requests without a body hold nothing and pass.
    expect((await send(`${server.url}/api/v1/company?limit=1`, "GET", key)).status).toBe(200);

    slow.destroy();
    await new Promise((r) => setTimeout(r, 300));
    expect((await send(`${server.url}/api/v1/company`, "POST", key, body)).status).toBe(201);
  });

  it("always admits a body when nothing else is in flight, even one larger than the budget", async () => {
    const body = JSON.stringify({ name: "Big" }).padEnd(BUDGET * 2, " ");
    const answer = await send(`${server.url}/api/v1/company`, "POST", server.demoApiKey(), body);
    expect(answer.status).not.toBe(503);
  });

  it("does not count uploads to the local file store, which stream to disk: slow ones starve nobody", async () => {
    const key = server.demoApiKey();
    // Slow uploads to signed file URLs, headers in, bodies not: far over the budget if they counted.
    const uploads = [0, 1, 2].map(() => {
      const req = http.request(
        `${server.url}/api/files/00000000-0000-4000-8000-000000000000/${"a".repeat(43)}?expires=1&type=a%2Fb&size=9000&signature=x`,
        {
          method: "PUT",
          headers: { "content-type": "a/b", "content-length": 9000 },
        },
      );
      req.on("error", () => undefined);
      req.write("x");
      return req;
    });
    await new Promise((r) => setTimeout(r, 300));
    const body = JSON.stringify({ name: "Beside uploads" }).padEnd(1500, " ");
    expect((await send(`${server.url}/api/v1/company`, "POST", key, body)).status).toBe(201);
    for (const req of uploads) req.destroy();
  });
});
