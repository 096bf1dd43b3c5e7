import type pg from "pg";
import { isUuid } from "@/lib/ids/uuid.ts";
import { executeStatement, mayPrepare, notePrepared } from "./opening-message.ts";
import { sqlTx, type SqlRunner, type SqlTx } from "./sql-tx.ts";

/**
 * Tenant transactions straight on node-postgres, spending as few round trips as the statements
 * allow (on these machines each costs more CPU in socket writes than the key lookups it carries):
 * - the opening (`BEGIN; SET LOCAL app.tenant_id`) travels with the first statement when that is
 *   a prepared one (opening-message.ts), and so do reads prefetched for later (SqlTx.prefetch);
 * - a transaction that only ran plain reads (no writes, no row or advisory locks) is not committed
 *   on its own round trip: its connection goes back to the pool at once, and the COMMIT travels at
 *   the head of that connection's next opening, or after DEFERRED_COMMIT_MS on its own if the
 *   connection stays idle. Nothing it did needs to be durable and its answer is final; meanwhile
 *   it holds only its snapshot and the shared table locks of its reads (DDL waits that long);
 * - a write whose answer is not needed (SqlTx.executeLater) waits for the next message: the next
 *   statement's, ahead of it, or the COMMIT's, so a write that ends a transaction costs no round
 *   trip of its own.
 */
const DEFERRED_COMMIT_MS = 20;

/** Connections back in their pool with a read-only transaction still open, and the timer that closes it. */
const pendingCommit = new WeakMap<pg.PoolClient, NodeJS.Timeout>();

function releaseWithDeferredCommit(client: pg.PoolClient): void {
  const timer = setTimeout(() => {
    pendingCommit.delete(client);
    // Idle since: close the transaction alone. A failure means the connection itself broke,
    // which its pool handles.
    client.query("COMMIT").catch(() => undefined);
  }, DEFERRED_COMMIT_MS);
  timer.unref();
  pendingCommit.set(client, timer);
  client.release();
}

/** `COMMIT; ` when the connection still holds a finished read-only transaction (and takes that duty over). */
function takePendingCommit(client: pg.PoolClient): string {
  const timer = pendingCommit.get(client);
  if (!timer) return "";
  clearTimeout(timer);
  pendingCommit.delete(client);
  return "COMMIT; ";
}

/**
 * A statement that only reads and locks nothing: safe to run ahead of checks, and to commit late.
 * A WITH query counts only with no data-modifying word anywhere in it (a false "write" is the safe mistake).
 */
const plainRead = (text: string) =>
  (/^\s*SELECT\b/i.test(text) || (/^\s*WITH\b/i.test(text) && !/\b(INSERT|UPDATE|DELETE|MERGE)\b/i.test(text))) &&
  !/\bFOR\s+(NO\s+KEY\s+UPDATE|UPDATE|KEY\s+SHARE|SHARE)\b/i.test(text) &&
  !/\bpg_advisory/i.test(text);

export interface TransactionOptions {
  /** No side transaction (SqlTx.concurrently): the statements run one at a time on the one connection. */
  alone?: boolean;
  /** Called once the transaction has run anything but plain reads, before it commits. */
  onWrite?: () => void;
  /**
   * Commit before returning, even after only plain reads: for jobs, whose writes are often a SELECT
   * of a SECURITY DEFINER function, and must be durable before the job moves on.
   */
  commitNow?: boolean;
}

export type TenantTransaction = <T>(tenantId: string, fn: (tx: SqlTx) => Promise<T>, options?: TransactionOptions) => Promise<T>;

/**
 * `main` serves requests; `side` serves their side transactions (SqlTx.concurrently) from a pool
 * of its own, so a request holding a main connection never waits for another main connection.
 */
export function pgTenantTransactions(main: pg.Pool, side: pg.Pool): TenantTransaction {
  async function transaction<T>(
    from: pg.Pool,
    tenantId: string,
    fn: (tx: SqlTx) => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<T> {
    if (!isUuid(tenantId)) throw new Error("tenantTransaction: tenant id is not a uuid");
    const client = await from.connect();
    let opened = false;
    let onlyPlainReads = true;
    // An opening message that failed may have failed before its BEGIN: nothing more may run on
    // this connection then, above all not outside a transaction. (Later failures leave an aborted
    // transaction, which refuses statements itself and allows ROLLBACK TO SAVEPOINT.)
    let failure: unknown;
    // The tenant is a checked uuid, safe to inline.
    const opening = () => `${takePendingCommit(client)}BEGIN; SET LOCAL app.tenant_id = '${tenantId}'`;
    // Prefetched reads (SqlTx.prefetch): waiting to ride with the next statement, then answered.
    let riders: string[] = [];
    const answers = new Map<string, pg.QueryResult>();
    // Writes waiting for the next message (executeLater), in the order they were asked.
    let deferred: string[] = [];
    /** What goes ahead of the next statement: the opening if not sent yet, then the deferred writes. */
    const head = () => {
      const parts = [...(opened ? [] : [opening()]), ...deferred];
      opened = true;
      deferred = [];
      return parts;
    };

    /** Prepared statements as EXECUTEs in one message, after the head and before the prefetched reads. */
    async function sendExecutes(executes: string[]): Promise<pg.QueryResult[]> {
      const ahead = riders.filter((rider) => !executes.includes(rider));
      riders = [];
      const results = (await client.query([...head(), ...executes, ...ahead].join("; "))) as pg.QueryResult | pg.QueryResult[];
      const list = Array.isArray(results) ? results : [results];
      const first = list.length - ahead.length;
      ahead.forEach((rider, i) => answers.set(rider, list[first + i]!));
      return list.slice(first - executes.length, first);
    }

    async function send(text: string, values: unknown[], name: string | undefined, execute: string | undefined): Promise<pg.QueryResult> {
      if (execute) return (await sendExecutes([execute]))[0]!;
      riders = [];
      if (!opened || deferred.length) await client.query(head().join("; "));
      const named = name !== undefined && mayPrepare(client, name) ? name : undefined;
      const r = await client.query({ text, values, name: named });
      if (named) notePrepared(client, named);
      return r;
    }

    /** The first message may fail before its BEGIN ran: then nothing more may run on the connection. */
    async function guarded<R>(sending: () => Promise<R>): Promise<R> {
      const firstMessage = !opened;
      try {
        return await sending();
      } catch (err) {
        if (firstMessage) failure = err;
        throw err;
      }
    }

    const answer = (r: pg.QueryResult) => {
      // A kept answer is a read from before this write: no longer to be given out.
      if (r.command !== "SELECT") answers.clear();
      return { rows: r.rows, affected: r.rowCount ?? 0 };
    };

    const run: SqlRunner["run"] = async (text, values, name) => {
      if (failure) throw failure;
      if (!plainRead(text)) onlyPlainReads = false;
      const execute = executeStatement(client, name, values);
      const kept = execute === undefined ? undefined : answers.get(execute);
      if (kept) answers.delete(execute!);
      return answer(kept ?? (await guarded(() => send(text, values, name, execute))));
    };
    const together: SqlRunner["together"] = async (statements) => {
      const executes = statements.map((q) => executeStatement(client, q.name, q.values));
      if (failure || executes.some((e) => e === undefined)) {
        const each = [];
        for (const q of statements) each.push(await run(q.text, q.values, q.name));
        return each;
      }
      if (statements.some((q) => !plainRead(q.text))) onlyPlainReads = false;
      return (await guarded(() => sendExecutes(executes as string[]))).map(answer);
    };
    const later: SqlRunner["later"] = async (text, values, name) => {
      const execute = executeStatement(client, name, values);
      if (failure || !execute) return void (await run(text, values, name));
      onlyPlainReads = false;
      // Kept answers are reads from before this write: no longer to be given out.
      answers.clear();
      deferred.push(execute);
    };
    const prefetch: SqlRunner["prefetch"] = (text, values, name) => {
      const execute = plainRead(text) ? executeStatement(client, name, values) : undefined;
      if (execute && !answers.has(execute) && !riders.includes(execute)) riders.push(execute);
    };

    try {
      const concurrently =
        from === main && !options.alone
          ? <S>(other: (tx: SqlTx) => Promise<S>) => transaction(side, tenantId, other, { alone: true })
          : undefined;
      const result = await fn(sqlTx({ run, prefetch, later, together }, concurrently));
      // A write's time may be waits for other writers' locks, not a scan (tenant-bulkhead.ts).
      if (!onlyPlainReads) options.onWrite?.();
      if (deferred.length) {
        await client.query([...head(), "COMMIT"].join("; "));
        client.release();
      } else if (!opened) {
        client.release();
      } else if (onlyPlainReads && !options.commitNow) {
        releaseWithDeferredCommit(client);
      } else {
        await client.query("COMMIT");
        client.release();
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
  return (tenantId, fn, options) => transaction(main, tenantId, fn, options);
}
