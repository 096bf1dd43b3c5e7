import pg from "pg";
import { DatabaseNotAnsweringError } from "@/lib/errors/unavailable.ts";

/** While open and unanswered, a probe every this often: requests are served again within about a second of the database's return. */
const PROBE_INTERVAL_MS = 1_000;

/** Waits that ran out: for a free connection of a full pool, or for a new connection to open. */
const ACQUIRE_TIMEOUT = /timeout exceeded when trying to connect|connection timeout/i;

/**
 * What requests know about a database that stopped answering (PostgreSQL frozen, or a network
 * partition: connections open but nothing comes back). Closed, requests go through. Once a wait
 * for a connection or for an answer has run out, it opens and probes the database on a connection
 * of its own: meanwhile every new request is refused at once, instead of each waiting out the same
 * timeout (DB_POOL_TIMEOUT_MS, DB_CONNECT_TIMEOUT_MS). A probe answered closes it (a pool that was
 * only busy is served again within moments); a probe unanswered confirms the outage, which is
 * logged, refuses the requests still waiting for a connection too, and probes again every
 * PROBE_INTERVAL_MS until one is answered. Queries already running keep their own bound
 * (DB_STATEMENT_TIMEOUT_MS).
 */
export interface Circuit {
  /** Throws DatabaseNotAnsweringError while open. */
  check(): void;
  /** A wait for the database ran out: open and probe, unless already open. */
  trip(reason: string): void;
  /** Calls `listener` with DatabaseNotAnsweringError if an outage is confirmed before the returned function is called. */
  whenConfirmed(listener: (err: Error) => void): () => void;
  /** Stops probing (the database is being closed). */
  stop(): void;
}

export function createCircuit(probe: () => Promise<void>): Circuit {
  let open = false;
  let confirmed = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const listeners = new Set<(err: Error) => void>();

  function probeNow(reason: string): void {
    probe().then(
      () => {
        open = false;
        if (confirmed) console.info("database: answering again; requests are served");
        confirmed = false;
      },
      () => {
        if (!confirmed) console.error(`database: not answering (${reason}); requests are refused at once until a probe is answered`);
        confirmed = true;
        for (const listener of listeners) listener(new DatabaseNotAnsweringError());
        listeners.clear();
        if (stopped) return;
        timer = setTimeout(() => probeNow(reason), PROBE_INTERVAL_MS);
        timer.unref();
      },
    );
  }

  return {
    check() {
      if (open) throw new DatabaseNotAnsweringError();
    },
    trip(reason) {
      if (open || stopped) return;
      open = true;
      probeNow(reason);
    },
    whenConfirmed(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, release: (err?: Error) => void) => void;

/**
 * node-postgres's pool behind the circuit: a connection is refused at once while it is open, a
 * wait for one that runs out opens it, and a wait still under way when the outage is confirmed
 * gives up then (the connection, should it come later, goes back to the pool). `pool.query()`
 * takes its connections through `connect()` too, and so do Prisma's adapter and the tenant
 * transactions.
 */
export function circuitPool(circuit: Circuit): typeof pg.Pool {
  const connect = pg.Pool.prototype.connect as (this: pg.Pool) => Promise<pg.PoolClient>;

  async function acquire(pool: pg.Pool): Promise<pg.PoolClient> {
    circuit.check();
    const pending = connect.call(pool);
    let stopWaiting = () => {};
    const confirmed = new Promise<never>((_, reject) => (stopWaiting = circuit.whenConfirmed(reject)));
    try {
      return await Promise.race([pending, confirmed]);
    } catch (err) {
      if (err instanceof Error && ACQUIRE_TIMEOUT.test(err.message)) circuit.trip(err.message);
      pending.then(
        (client) => client.release(),
        () => undefined,
      );
      throw err;
    } finally {
      stopWaiting();
    }
  }

  class CircuitPool extends pg.Pool {}
  CircuitPool.prototype.connect = function (this: pg.Pool, callback?: ConnectCallback) {
    const acquired = acquire(this);
    if (!callback) return acquired;
    acquired.then(
      (client) => callback(undefined, client, (err) => client.release(err)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
  } as typeof pg.Pool.prototype.connect;
  return CircuitPool;
}
