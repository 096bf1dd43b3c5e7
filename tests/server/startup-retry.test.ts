/**
 * Start-up while PostgreSQL is down (PostgreSQL runs only): the built server, its database
 * behind a TCP proxy that refuses connections, must answer JSON 503 meanwhile, keep retrying,
 * and serve within seconds once the database is back.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/auth/api-key-format.ts";
import { hasBuild, serverDatabase, startAppServer, type AppServer } from "../helpers/app-server.ts";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy.ts";

const runs = Boolean(process.env.DATABASE_URL) && hasBuild();

async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!runs)("start-up with the database down", () => {
  let proxy: TcpProxy;
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let server: AppServer;

  beforeAll(async () => {
    database = await serverDatabase({ migrated: false }); // the migrations run once it answers
    const url = new URL(database.env.DATABASE_URL!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    proxy.cut();
    server = await startAppServer({ env: { DATABASE_URL: proxy.via(database.env.DATABASE_URL!) }, readyPath: "/api/ping" });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
  });

  it("answers /api with JSON 503 and Retry-After promptly while the database is down", async () => {
    // A well-formed key: only the database could tell whether it exists.
    const key = generateApiKey(randomUUID()).secret;
    const objects = () => fetch(`${server.url}/api/v1/objects`, { headers: { Authorization: `Bearer ${key}` } });
    // The first request also loads the route's code.
    expect((await objects()).status).toBe(503);
    const started = Date.now();
    const res = await objects();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await res.json()) as { error: string; code: string };
    expect(body.code).toBe("service_unavailable");
  });

  it("logs each start-up attempt with its reason, one line each", async () => {
    const lines = await waitFor("two retry lines", 15_000, async () => {
      const found = server
        .output()
        .split("\n")
        .filter((l) => /database start-up attempt \d+ failed/.test(l));
      return found.length >= 2 ? found : undefined;
    });
    expect(lines[0]).toMatch(/ECONNRESET|ECONNREFUSED|terminated|timeout/i);
    expect(server.output()).not.toMatch(/^\s+at /m);
  });

  it("serves within seconds once the database is back: health ok, demo seeded, the demo key answers 200", async () => {
    proxy.restore();
    const restored = Date.now();
    // The next attempt comes within the backoff's cap (5 s), then migrations run.
    await waitFor("health 200", 10_000, async () => ((await fetch(`${server.url}/api/health`)).status === 200 ? true : undefined));
    await waitFor("demo seeded", 30_000, async () => (server.output().includes("Demo API key:") ? true : undefined));
    const res = await fetch(`${server.url}/api/v1/objects`, { headers: { Authorization: `Bearer ${server.demoApiKey()}` } });
    expect(res.status).toBe(200);
    expect(Date.now() - restored).toBeLessThan(30_000);
  });
});
