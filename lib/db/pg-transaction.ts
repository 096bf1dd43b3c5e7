import type pg from "pg";
import { isUuid } from "@/lib/ids/uuid.ts";
import { executeStatement, notePrepared } from "./opening-message.ts";
import { sqlTx, type SqlRunner, type SqlTx } from "./sql-tx.ts";

/**
 * Tenant transactions straight on node-postgres, spending as few round trips as the statements
 * allow (each costs more CPU in socket writes than the key lookups it carries):
 * - the opening (`BEGIN; SET LOCAL app.tenant_id`) travels with the first statement when that is
 *   a prepared one (opening-message.ts), and so do reads prefetched for later (SqlTx.prefetch);
 * - a transaction that only read is not committed on its own round trip: its connection goes back
 *   to the pool at once, and the COMMIT travels at the head of that connection's next opening, or
 *   after DEFERRED_COMMIT_MS on its own if the connection stays idle. Nothing it did needs to be
 *   durable, its answer is final, and holding a read snapshot that briefly delays nothing.
 */
const DEFERRED_COMMIT_MS = 20;

/** Connections back in their pool with a read-only transaction still open. */
const pendingCommit = new WeakSet<pg.PoolClient>();
const sweepScheduled = new WeakSet<pg.PoolClient>();

function releaseWithDeferredCommit(client: pg.PoolClient): void {
  pendingCommit.add(client);
  client.release();
  if (sweepScheduled.has(client)) return;
  sweepScheduled.add(client);
  setTimeout(() => {
    sweepScheduled.delete(client);
    if (!pendingCommit.delete(client)) return;
    // Idle since: close the transaction alone. The driver queues statements per connection, so
    // if the connection was handed out meanwhile, its opening follows this COMMIT. A failure means
    // the connection itself broke, which its pool handles.
    client.query("COMMIT").catch(() => undefined);
  }, DEFERRED_COMMIT_MS).unref();
}

/** A statement that only reads and locks nothing: safe to run before the checks that decide whether it is used. */
const plainRead = (text: string) => /^\s*SELECT\b/i.test(text) && !/\bFOR\s+(NO\s+KEY\s+UPDATE|UPDATE|KEY\s+SHARE|SHARE)\b/i.test(text);

export type TenantTransaction = <T>(tenantId: string, fn: (tx: SqlTx) => Promise<T>) => Promise<T>;

/**
 * `main` serves requests; `side` serves their side transactions (SqlTx.concurrently) from a pool
 * of its own, so a request holding a main connection never waits for another main connection.
 */
export function pgTenantTransactions(main: pg.Pool, side: pg.Pool): TenantTransaction {
  async function transaction<T>(from: pg.Pool, tenantId: string, fn: (tx: SqlTx) => Promise<T>): Promise<T> {
    if (!isUuid(tenantId)) throw new Error("tenantTransaction: tenant id is not a uuid");
    const client = await from.connect();
    let opened = false;
    let wrote = false;
    // The tenant is a checked uuid, safe to inline.
    const opening = () => `${pendingCommit.delete(client) ? "COMMIT; " : ""}BEGIN; SET LOCAL app.tenant_id = '${tenantId}'`;
    // Prefetched reads (SqlTx.prefetch): waiting to ride with the next statement, then answered.
    let riders: string[] = [];
    const answers = new Map<string, pg.QueryResult>();
    const run: SqlRunner["run"] = async (text, values, name) => {
      const execute = executeStatement(client, name, values);
      const ahead = riders;
      riders = [];
      let r: pg.QueryResult;
      const answered = execute === undefined ? undefined : answers.get(execute);
      if (answered) {
        answers.delete(execute!);
        r = answered;
      } else if (execute) {
        const message = [...(opened ? [] : [opening()]), execute, ...ahead].join("; ");
        opened = true;
        const results = (await client.query(message)) as pg.QueryResult | pg.QueryResult[];
        const list = Array.isArray(results) ? results : [results];
        const first = list.length - ahead.length;
        ahead.forEach((rider, i) => answers.set(rider, list[first + i]!));
        r = list[first - 1]!;
      } else {
        if (!opened) {
          opened = true;
          await client.query(opening());
        }
        r = await client.query({ text, values, name });
        if (name) notePrepared(client, name);
      }
      if (r.command !== "SELECT") wrote = true;
      return { rows: r.rows, affected: r.rowCount ?? 0 };
    };
    const prefetch: SqlRunner["prefetch"] = (text, values, name) => {
      const execute = plainRead(text) ? executeStatement(client, name, values) : undefined;
      if (execute && !answers.has(execute) && !riders.includes(execute)) riders.push(execute);
    };
    try {
      const concurrently = from === main ? <S>(other: (tx: SqlTx) => Promise<S>) => transaction(side, tenantId, other) : undefined;
      const result = await fn(sqlTx({ run, prefetch }, concurrently));
      if (!opened) {
        client.release();
      } else if (wrote) {
        await client.query("COMMIT");
        client.release();
      } else {
        releaseWithDeferredCommit(client);
      }
      return result;
    } catch (err) {
      // A connection that cannot even roll back is discarded instead of returned to the pool.
      const broken = opened
        ? await client.query("ROLLBACK").then(
            () => undefined,
            (rollbackError: Error) => rollbackError,
          )
        : undefined;
      client.release(broken);
      throw err;
    }
  }
  return (tenantId, fn) => transaction(main, tenantId, fn);
}
