/**
 * Background-job instances as real processes, for tests that run several at once or kill one
 * with SIGKILL: a fixture script (tests/fixtures/*-instance.ts) that prints JSON lines, {ready}
 * first, and ends on its own after SIGTERM.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "vitest";
import { withTripwirePreload } from "../setup/net-tripwire.mjs";

export interface Instance {
  proc: ChildProcess;
  /** Its PGAPPNAME: pg_stat_activity tells when its sessions are gone. */
  appName: string;
  lines(): Record<string, unknown>[];
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function waitFor(what: string, ms: number, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
}

/** Starts the fixture against the private database's URLs and waits for its {ready} line. */
export async function startInstance(
  script: string,
  database: { ownerUrl: string; appUrl: string },
  env: Record<string, string> = {},
): Promise<Instance> {
  const appName = `instance-${randomUUID().slice(0, 8)}`;
  const proc = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: database.ownerUrl,
      APP_DATABASE_URL: database.appUrl,
      PGAPPNAME: appName,
      ...env,
      // The network tripwire: what the instance looks up or connects to beyond the loopback fails the test (tests/setup/per-file.ts).
      NODE_OPTIONS: withTripwirePreload(env.NODE_OPTIONS ?? process.env.NODE_OPTIONS),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  proc.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const lines = () =>
    output.split("\n").flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  await waitFor("the instance to start", 60_000, () => lines().some((l) => l.ready) || proc.exitCode !== null);
  if (proc.exitCode !== null) throw new Error(`the instance exited:\n${output}`);
  return { proc, appName, lines, output: () => output, exited };
}

/**
 * SIGTERM: the instance stops its jobs and ends on its own, promptly: within 10 s, where a hung stop
 * would never end (a run under way finishes its unit of work first: 5.7 s seen on a slow machine).
 */
export async function stopInstance(instance: Instance): Promise<void> {
  instance.proc.kill("SIGTERM");
  const started = Date.now();
  expect(await instance.exited, instance.output()).toEqual({ code: 0, signal: null });
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(instance.output()).toContain("Background jobs stopped.");
}

/** SIGKILL, then wait until PostgreSQL has ended its sessions (whatever it had under way rolled back). */
export async function killInstance(instance: Instance, count: (sql: string, values: unknown[]) => Promise<number>): Promise<void> {
  instance.proc.kill("SIGKILL");
  expect((await instance.exited).signal).toBe("SIGKILL");
  await waitFor(
    "the killed instance's sessions to end",
    10_000,
    async () => (await count("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1", [instance.appName])) === 0,
  );
}

export const failures = (instance: Instance) => instance.lines().filter((l) => l.failure);
