import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  /** The request's path and query: tells apart webhooks that share the receiver. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** How the next requests are answered: a status, after a delay; `hang` never answers. */
  behave(b: { status?: number; delayMs?: number; hang?: boolean; body?: string }): void;
  /** Resolves once `n` requests have arrived (or rejects after timeoutMs). */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 that keeps every request's path, headers and raw body, whatever the path. */
export async function startReceiver(path = "/hook"): Promise<Receiver> {
  const received: Received[] = [];
  let behaviour: { status?: number; delayMs?: number; hang?: boolean; body?: string } = {};
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks), at: performance.now() });
      waiters.forEach((w) => w());
      const b = behaviour;
      if (b.hang) return;
      setTimeout(() => res.writeHead(b.status ?? 200, { "content-type": "text/plain" }).end(b.body ?? "ok"), b.delayMs ?? 0);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    behave: (b) => {
      behaviour = b;
    },
    waitFor: (n, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`received ${received.length} of ${n} deliveries within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
