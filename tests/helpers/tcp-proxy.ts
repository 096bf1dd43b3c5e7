import net from "node:net";

/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis), for tests of what the app does when
 * that service goes away: `cut()` drops every connection and resets new ones (a stopped server),
 * `freeze()` keeps connections open but forwards nothing (a hung server or a network partition),
 * `restore()` serves normally again. The service itself is never touched, so other tests running
 * against it meanwhile are unaffected.
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  cut(): void;
  freeze(): void;
  restore(): void;
  close(): Promise<void>;
}

type Mode = "open" | "cut" | "frozen";

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: Mode = "open";
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    if (mode === "cut") return void client.resetAndDestroy();
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.on("data", (chunk) => {
      if (mode === "open") upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (mode === "open") client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const proxy: TcpProxy = {
    port,
    via(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    cut() {
      mode = "cut";
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    freeze() {
      mode = "frozen";
    },
    restore() {
      // Connections that saw nothing forwarded while frozen are out of step with their peer: drop them.
      if (mode === "frozen") proxy.cut();
      mode = "open";
    },
    async close() {
      proxy.cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
