import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { Redis } from "ioredis";
import { freePort } from "./app-server.ts";

/**
 * A private `redis-server` (no persistence) for tests that stop, hang and restart Redis without
 * disturbing the shared one: `stop()` kills it (connections refused), `pause()` / `resume()`
 * SIGSTOP / SIGCONT it (a hung server that keeps its connections), `start()` brings it back on the
 * same port, empty.
 */
export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  pause(): void;
  resume(): void;
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true)).once("error", () => done(false));
    socket.setTimeout(500, () => done(false));
  });
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let proc: ChildProcess | undefined;

  async function start(): Promise<void> {
    const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    proc = child;
    const deadline = Date.now() + 10_000;
    while (!(await accepting(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function stop(): Promise<void> {
    const child = proc;
    proc = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    pause: () => void proc?.kill("SIGSTOP"),
    resume: () => void proc?.kill("SIGCONT"),
  };
}

/** Whether a Redis answers at `url`; tests that need the shared Redis skip without one. */
export async function redisReachable(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
