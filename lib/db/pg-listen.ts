import pg from "pg";

/** The wait before a lost listening connection is opened again. */
const RECONNECT_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would lose its LISTEN to the next user), opened
 * again whenever it is lost. `onNotify` is also called after each (re)connection, since
 * notifications sent while no connection listened are gone: the listener looks for work then
 * (payload "").
 * Returns the function that stops listening.
 */
export function pgListen(url: string, channel: string, onNotify: (payload: string) => void, connectMs: number): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const reconnectSoon = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs });
    client = c;
    c.on("notification", (n) => {
      if (n.channel === channel) onNotify(n.payload ?? "");
    });
    c.on("error", () => {
      c.end().catch(() => undefined);
      reconnectSoon();
    });
    c.on("end", reconnectSoon);
    try {
      await c.connect();
      // The channel is a fixed identifier of ours, never input.
      await c.query(`LISTEN ${channel}`);
      if (stopped) await c.end();
      else onNotify("");
    } catch {
      await c.end().catch(() => undefined);
      reconnectSoon();
    }
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
