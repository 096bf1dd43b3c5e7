import pg from "pg";

type Callback = (err: Error | undefined, result?: unknown) => void;

export interface ClientBounds {
  /** Opening a connection (TCP, TLS, authentication). */
  connectMs: number;
  /** Waiting for the answer to one query; past it the connection is given up. */
  queryMs: number;
  /** Told when an answer did not come within queryMs: the database may not be answering at all (circuit-breaker.ts). */
  onUnanswered?: (reason: string) => void;
}

/**
 * node-postgres's client with every wait bounded, for the pools of lib/db (pass it as the pool's
 * `Client`). node-postgres's own `query_timeout` fails the query but keeps its connection, still
 * waiting for that answer, so a ROLLBACK or the next user of the connection would queue behind it
 * for another full timeout; here an overdue answer destroys the connection instead: every query
 * on it fails at once and its pool discards it when it is released.
 */
export function boundedClient(bounds: ClientBounds): new (config?: string | pg.ClientConfig) => pg.Client {
  class BoundedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === "string" ? { connectionString: config } : config), connectionTimeoutMillis: bounds.connectMs });
      // A connection that breaks while checked out fails the queries waiting on it; the event
      // itself then needs a listener, or it would take the process down.
      this.on("error", () => undefined);
    }

    abandon(): void {
      const reason = `Query read timeout: the database did not answer within ${bounds.queryMs} ms`;
      this.connection.stream.destroy(new Error(reason));
      bounds.onUnanswered?.(reason);
    }
  }

  const query = pg.Client.prototype.query;
  // node-postgres takes a callback as second or third argument or returns a promise: either says
  // when the answer came. (Submittables such as cursors report otherwise; lib/db uses none.)
  function boundedQuery(this: BoundedClient, config: unknown, values?: unknown, callback?: unknown): unknown {
    if (typeof (config as { submit?: unknown } | null)?.submit === "function")
      return Reflect.apply(query, this, [config, values, callback]);
    const timer = setTimeout(() => this.abandon(), bounds.queryMs);
    timer.unref();
    const settle = () => clearTimeout(timer);
    const wrap =
      (cb: Callback): Callback =>
      (err, result) => {
        settle();
        cb(err, result);
      };
    const withCallback = typeof values === "function" || typeof callback === "function";
    if (typeof values === "function") values = wrap(values as Callback);
    else if (typeof callback === "function") callback = wrap(callback as Callback);
    const result: unknown = Reflect.apply(query, this, [config, values, callback]);
    if (result instanceof Promise) return result.finally(settle);
    // A form that says nothing of its end (a callback inside the config) is left unbounded.
    if (!withCallback) settle();
    return result;
  }
  BoundedClient.prototype.query = boundedQuery as typeof query;
  return BoundedClient;
}
