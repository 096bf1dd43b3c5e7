/**
 * The built server runs the background jobs from start-up and, on SIGTERM, waits for them to stop
 * before it exits: through the hook lib/jobs/background-jobs.ts leaves for server.mjs, promptly
 * (well before server.mjs's 5 s fallback exit). Needs a build (`npx next build`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild, serverDatabase, startAppServer, type AppServer } from "../helpers/app-server.ts";

describe.skipIf(!hasBuild())("background jobs in the server process", () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let server: AppServer;

  beforeAll(async () => {
    database = await serverDatabase();
    server = await startAppServer({ env: database.env });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("starts them once the database is open, and SIGTERM stops them before the process exits", async () => {
    expect(server.output()).toContain(
      "Background jobs started: webhook-dispatch, purge-expired, blueprint-upgrade, attachment-uploads, email-send, flow-steps, record-imports, analyze-tables, vacuum-tables, fold-record-counts.",
    );
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server.proc.once("exit", (code, signal) => resolve({ code, signal })),
    );
    const started = Date.now();
    server.proc.kill("SIGTERM");
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(server.output()).toContain("Background jobs stopped.");
  });
});
