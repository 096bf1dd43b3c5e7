/**
 * The request log on the built server: the request does not wait for its line, and a server
 * stopped with SIGTERM right after answering writes the lines it still holds before it exits (the
 * last requests' lines are then always in the writer's buffer, waiting for their batch). Started
 * again on the same database, the log has every request. Needs a build (`npx next build`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild, serverDatabase, startAppServer, type AppServer } from "../helpers/app-server.ts";

const REQUESTS = 60;

describe.skipIf(!hasBuild())("the request log across a SIGTERM", () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let first: AppServer;
  let second: AppServer | undefined;

  beforeAll(async () => {
    database = await serverDatabase();
    first = await startAppServer({ env: { ...database.env, JOBS: "off" } });
  }, 180_000);

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await database?.drop();
  });

  it("writes every answered request's line before the process exits", async () => {
    const key = first.demoApiKey();
    const headers = { authorization: `Bearer ${key}` };
    const ids: string[] = [];
    for (let i = 0; i < REQUESTS; i += 10) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(`${first.url}/api/v1/objects`, { headers })));
      for (const res of answers) {
        expect(res.status).toBe(200);
        ids.push(res.headers.get("x-request-id")!);
      }
    }
    const exited = new Promise<number | null>((resolve) => first.proc.once("exit", resolve));
    first.proc.kill("SIGTERM");
    expect(await exited).toBe(0);

    // The same database: PGlite's data directory, or the run's own PostgreSQL database.
    second = await startAppServer({ env: { ...database.env, JOBS: "off", DATA_DIR: first.dataDir }, readyPath: "/api/health" });
    const res = await fetch(`${second.url}/api/v1/request-log?path=/api/v1/objects&limit=100`, { headers });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { request_id: string; status: number }[] };
    expect(data.map((l) => l.request_id).sort()).toEqual([...ids].sort());
    expect(data.every((l) => l.status === 200)).toBe(true);
  });
});
