import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Resolver } from "@/lib/net/destination.ts";
import { RESPONSE_HEAD_BYTES, sendDelivery } from "./send-delivery.ts";

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback that records what reaches it and answers as `answer` says. */
function receiver(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
      answer(req, res);
    });
  });
  return {
    received,
    server,
    port: () => (server.address() as AddressInfo).port,
    listen: () => new Promise<void>((r) => server.listen(0, "127.0.0.1", r)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const body = Buffer.from(JSON.stringify({ event: "record.created", recordId: "r1" }));
const headers = { "content-type": "application/json", "x-service-event": "record.created" };

describe("sending one delivery", () => {
  // The canary must never hear a thing: every case below is refused before a socket opens towards it.
  const canary = receiver((_req, res) => res.end("canary"));
  const ok = receiver((_req, res) => res.end("thanks"));
  const redirecting = receiver((_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.1:${canary.port()}/stolen` });
    res.end();
  });
  const hanging = receiver(() => undefined);
  const chatty = receiver((_req, res) => res.end("x".repeat(1024 * 1024)));
  // Headers and a first byte at once, then nothing: the time limit covers the body too.
  const trickling = receiver((_req, res) => {
    res.writeHead(200);
    res.write("a");
  });
  const all = [canary, ok, redirecting, hanging, chatty, trickling];
  beforeAll(() => Promise.all(all.map((r) => r.listen())));
  afterAll(() => {
    for (const r of all) r.server.closeAllConnections();
    return Promise.all(all.map((r) => r.close()));
  });
  beforeEach(() => {
    delete process.env.WEBHOOK_ALLOW_NETWORKS;
  });

  it("reaches no internal address, however it is written or resolved", async () => {
    const port = canary.port();
    let lookups = 0;
    // DNS rebinding: an admitted address on the first lookup (127.0.0.2, standing in for a public
    // one: tests reach the loopback only), the canary's on any later one.
    const rebinding: Resolver = async () => [{ address: lookups++ === 0 ? "127.0.0.2" : "127.0.0.1", family: 4 }];
    const toLoopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const nxdomain: Resolver = async (host) => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    };
    const cases: [string, Resolver | undefined, string][] = [
      [`http://127.0.0.1:${port}/`, undefined, "refused_destination"],
      [`http://2130706433:${port}/`, undefined, "refused_destination"],
      [`http://0x7f.1:${port}/`, undefined, "refused_destination"],
      [`http://[::ffff:127.0.0.1]:${port}/`, undefined, "refused_destination"],
      [`http://localhost:${port}/`, undefined, "refused_destination"],
      [`http://hooks.test:${port}/`, toLoopback, "refused_destination"],
      [`http://user:pw@hooks.test:${port}/`, toLoopback, "refused_destination"],
      [`http://no-such-host.test:${port}/`, nxdomain, "dns_failure"],
    ];
    for (const [url, resolve, error] of cases) {
      const outcome = await sendDelivery(url, body, headers, { resolve, timeoutMs: 1_000 });
      expect(outcome, url).toMatchObject({ status: null, error });
    }
    // Checked once, connected to the address checked (where nothing listens), never to the canary.
    process.env.WEBHOOK_ALLOW_NETWORKS = "127.0.0.2/32";
    const rebound = await sendDelivery(`http://rebind.test:${port}/`, body, headers, { resolve: rebinding, timeoutMs: 500 });
    expect(rebound).toMatchObject({ status: null, error: "connection_error" });
    expect(lookups).toBe(1);
    expect(canary.received).toEqual([]);
  });

  it("posts the exact bytes to an allowed receiver, keeping the name for Host", async () => {
    process.env.WEBHOOK_ALLOW_NETWORKS = "127.0.0.1/32";
    const resolve: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const outcome = await sendDelivery(`http://receiver.test:${ok.port()}/hooks?a=1`, body, headers, { resolve });
    expect(outcome).toMatchObject({ status: 200, error: null, responseHead: "thanks" });
    const got = ok.received.at(-1)!;
    expect(got).toMatchObject({ method: "POST", url: "/hooks?a=1", body: body.toString() });
    expect(got.headers).toMatchObject({
      host: `receiver.test:${ok.port()}`,
      "x-service-event": "record.created",
      "content-length": String(body.length),
    });
  });

  it("does not follow a redirect: the 3xx is the result", async () => {
    process.env.WEBHOOK_ALLOW_NETWORKS = "127.0.0.1/32";
    const outcome = await sendDelivery(`http://127.0.0.1:${redirecting.port()}/`, body, headers);
    expect(outcome).toMatchObject({ status: 302, error: "redirect_not_followed" });
    expect(canary.received).toEqual([]);
  });

  it("gives up at the time limit, and reads no more of an answer than the log keeps", async () => {
    process.env.WEBHOOK_ALLOW_NETWORKS = "127.0.0.1/32";
    const slow = await sendDelivery(`http://127.0.0.1:${hanging.port()}/`, body, headers, { timeoutMs: 300 });
    expect(slow).toMatchObject({ status: null, error: "timeout" });
    expect(slow.durationMs).toBeGreaterThanOrEqual(290);
    expect(slow.durationMs).toBeLessThan(1_500);
    const stalled = await sendDelivery(`http://127.0.0.1:${trickling.port()}/`, body, headers, { timeoutMs: 300 });
    expect(stalled).toMatchObject({ status: null, error: "timeout" });
    expect(stalled.durationMs).toBeLessThan(1_500);
    const big = await sendDelivery(`http://127.0.0.1:${chatty.port()}/`, body, headers);
    expect(big).toMatchObject({ status: 200, error: null });
    expect(big.responseHead.length).toBe(RESPONSE_HEAD_BYTES);
  });

  it("names a refused connection", async () => {
    process.env.WEBHOOK_ALLOW_NETWORKS = "127.0.0.1/32";
    const closed = receiver(() => undefined);
    await closed.listen();
    const port = closed.port();
    await closed.close();
    const outcome = await sendDelivery(`http://127.0.0.1:${port}/`, body, headers);
    expect(outcome).toMatchObject({ status: null, error: "connection_error" });
    expect(outcome.detail).toContain("ECONNREFUSED");
  });
});
