import path from "node:path";
import { Worker } from "node:worker_threads";
import {
  messages,
  Mutex,
  protocol,
  type ExecProtocolOptions,
  type ExecProtocolResult,
  type PGlite,
  type Transaction,
} from "@electric-sql/pglite";
import { PGliteWorker } from "@electric-sql/pglite/worker";

type BackendMessage = Parameters<Parameters<protocol.Parser["parse"]>[1]>[0];

/** The engine-independent half of PGlite: query, exec and transaction on top of execProtocolStream, with its value parsers. */
type BasePGliteClass = abstract new () => Pick<
  PGlite,
  "query" | "sql" | "exec" | "transaction" | "describeQuery" | "parsers" | "serializers"
> & {
  _initArrayTypes(options?: { force?: boolean }): Promise<void>;
};

// PGlite publishes that half (BasePGlite) only as the parent of its browser worker client, whose
// transport (BroadcastChannel, navigator.locks) Node lacks: its class is reached from there.
const BasePGlite = Object.getPrototypeOf(PGliteWorker) as BasePGliteClass;

export interface PGliteSource {
  /** A data directory, or memory:// (with `snapshot`, a dumpDataDir tarball, for tests). */
  dataDir: string;
  snapshot?: Blob;
}

type Call = { op: "exec"; message: Uint8Array } | { op: "dump" } | { op: "close" };
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
type Started = { ready: true } | { failed: string };

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer?: NodeJS.Timeout;
}

/** Found at run time: the worker is plain JavaScript beside this file, which bundling moves (migrate.ts finds its folder so too). */
const workerFile = () => path.join(process.cwd(), "lib", "db", "pglite-worker.mjs");

function databaseError(code: string, message: string): messages.DatabaseError {
  const err = new messages.DatabaseError(message, 0, "error");
  err.code = code;
  err.severity = "ERROR";
  return err;
}

/**
 * How long ending the thread and opening the data directory again may take: 0.3-0.5 s on a quiet
 * machine, several seconds on a 2-core machine at a load of 10. Until then the transaction cut off
 * holds its tenant's turn: its ROLLBACK waits for the engine (client.ts pgliteBulkhead).
 */
export const REOPEN_ALLOWANCE_MS = 5_000;

const statementTimeout = () => databaseError("57014", "canceling statement due to statement timeout");

const Q = 0x51;
const SYNC = 0x53;
const PARSE = 0x50;
const BIND = 0x42;
const EXECUTE = 0x45;
const DESCRIBE = 0x44;

/**
 * Messages whose answer BasePGlite only appends to the statement's results: they wait and travel
 * with the next message that needs its answer (a statement's Describe, or the Sync every statement
 * ends with), so a statement costs the thread two round trips instead of six, and one once its
 * Describe is known (PGliteThread.execProtocolStream). Their answers then arrive with that
 * message's, in the same order, and an error among them is thrown there.
 */
function mayWait(message: Uint8Array): boolean {
  const type = message[0];
  return type === PARSE || type === BIND || type === EXECUTE || type === Q || (type === DESCRIBE && message[5] === PARSE);
}

/** BasePGlite asks each statement's parameter types (Describe 'S') before it can send the values. */
const describesStatement = (message: Uint8Array) => message[0] === DESCRIBE && message[5] === "S".charCodeAt(0);

/** Commands after which a statement's parameter types may differ (a column's type, the search path, the role). */
const CHANGES_TYPES = /^(CREATE|ALTER|DROP|TRUNCATE|COMMENT|GRANT|REVOKE|SET|RESET|DISCARD)\b/;

/** Statements whose parameter types are kept: the app sends a few hundred distinct ones. */
const DESCRIBED_MAX = 2_000;

function joined(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** A simple query ending the transaction: COMMIT or ROLLBACK. */
function isCommitOrRollback(message: Uint8Array): boolean {
  return message[0] === Q && /^\s*(ROLLBACK|COMMIT)\b/i.test(new TextDecoder().decode(message.subarray(5)));
}

/** After a restart in mid-transaction, what may still go through: Sync, and the ROLLBACK or COMMIT ending it. */
function endsTransaction(message: Uint8Array): boolean {
  return message[0] === SYNC || isCommitOrRollback(message);
}

/**
 * PGlite on a worker thread (pglite-worker.mjs), so that a long statement holds that thread and
 * not the server's event loop: requests that need no database answer meanwhile, and a statement
 * can be given a time limit at all. PGlite accepts `SET statement_timeout` but never enforces it
 * (its timers cannot fire during the synchronous call that runs a statement), so the limit is kept
 * here: a statement still running after it ends the thread — the only way to stop a WebAssembly
 * call — and fails as PostgreSQL's statement_timeout fails (57014, answered 503); the engine then
 * opens again on the same data directory (crash recovery, as after a PostgreSQL backend's). Other
 * statements of that moment fail too, and a transaction it was part of refuses its further
 * statements until it ends. The thread only runs wire-protocol messages (a statement's, batched:
 * mayWait); parsing, the query/transaction locks and notifications stay here (BasePGlite, as
 * PGlite itself does them).
 */
export class PGliteThread extends BasePGlite {
  readonly debug = 0;
  readonly #source: { dataDir: string; snapshot?: ArrayBuffer };
  #worker: Worker | undefined;
  #starting: Promise<Worker>;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #parser = new protocol.Parser();
  readonly #queryMutex = new Mutex();
  readonly #transactionMutex = new Mutex();
  readonly #listenMutex = new Mutex();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #globalListeners = new Set<(channel: string, payload: string) => void>();
  #limitMs = 0;
  #sessionSql: string | undefined;
  #inTransaction = false;
  #aborted = false;
  #closed = false;
  #waiting: Uint8Array[] = [];
  /** Each statement's Describe answer (its parameter types), by its Parse message, until a command may change them. */
  readonly #described = new Map<string, BackendMessage[]>();

  private constructor(source: { dataDir: string; snapshot?: ArrayBuffer }) {
    super();
    this.#source = source;
    this.#starting = this.#spawn();
  }

  static async open(source: PGliteSource): Promise<PGliteThread> {
    const thread = new PGliteThread({ dataDir: source.dataDir, snapshot: await source.snapshot?.arrayBuffer() });
    await thread.#starting;
    await thread._initArrayTypes();
    return thread;
  }

  /** Statements from now on fail after `ms` (0: no limit), as with DB_STATEMENT_TIMEOUT_MS on PostgreSQL. */
  limitStatements(ms: number): void {
    this.#limitMs = ms;
  }

  /** Runs `sql` (session settings such as SET ROLE) now and again whenever the engine opens anew. */
  async startSession(sql: string): Promise<void> {
    await this.exec(sql);
    this.#sessionSql = sql;
  }

  #spawn(): Promise<Worker> {
    const { dataDir, snapshot } = this.#source;
    // The new engine's session: the settings, and LISTEN again on every channel listened to.
    const session = [this.#sessionSql, ...[...this.#listeners.keys()].map((channel) => `LISTEN ${channel}`)].filter(Boolean);
    const worker = new Worker(workerFile(), { workerData: { dataDir, snapshot, sessionSql: session.join("; ") } });
    const started = new Promise<Worker>((resolve, reject) => {
      worker.once("message", (m: Started) => ("ready" in m ? resolve(worker) : reject(new Error(`PGlite did not open: ${m.failed}`))));
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`PGlite's thread ended while opening (exit code ${code})`)));
    });
    return started.then((w) => {
      // From now on held only while a call waits for it (#call), so an idle database keeps no process alive.
      w.unref();
      w.on("message", (m: Answer) => this.#answer(m));
      w.on("error", (err) => this.#lost(w, err));
      w.on("exit", (code) => this.#lost(w, new Error(`PGlite's thread ended (exit code ${code})`)));
      this.#worker = w;
      return w;
    });
  }

  async #call<T>(call: Call, limitMs = 0): Promise<T> {
    if (this.#closed && call.op !== "close") throw new Error("PGlite is closed");
    // An engine that failed to open again is tried once more by the next call.
    const worker = await this.#starting.catch(() => (this.#starting = this.#spawn()));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = { resolve: resolve as (value: unknown) => void, reject };
      if (limitMs) pending.timer = setTimeout(() => this.#restart(), limitMs);
      this.#pending.set(id, pending);
      worker.ref();
      worker.postMessage({ id, ...call });
    });
  }

  #answer(m: Answer): void {
    const pending = this.#pending.get(m.id);
    if (!pending) return;
    this.#settle(m.id, pending);
    if (m.ok) pending.resolve(m.value);
    else pending.reject(new Error(m.message));
  }

  #settle(id: number, pending: Pending): void {
    clearTimeout(pending.timer);
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker?.unref();
  }

  #failAll(err: Error): void {
    for (const [id, pending] of this.#pending) {
      this.#settle(id, pending);
      pending.reject(err);
    }
  }

  /** A statement ran past its limit: end the thread, fail what waited on it, open the engine again. */
  #restart(): void {
    const worker = this.#worker;
    this.#worker = undefined;
    if (this.#inTransaction) this.#aborted = true;
    this.#inTransaction = false;
    this.#parser = new protocol.Parser();
    this.#waiting = [];
    console.error(`database: a statement ran past DB_STATEMENT_TIMEOUT_MS (${this.#limitMs} ms); PGlite is stopped and opened again`);
    this.#starting = (async () => {
      await worker?.terminate();
      const started = await this.#spawn();
      // As after a lost PostgreSQL listening connection (pg-listen.ts): listeners look for work they may have missed.
      for (const callbacks of this.#listeners.values()) for (const cb of callbacks) queueMicrotask(() => cb(""));
      return started;
    })();
    // Should it fail to open, the next call tries again (#call); nothing else waits for this one.
    this.#starting.catch(() => undefined);
    this.#failAll(statementTimeout());
  }

  /** The thread ended or failed on its own (not by #restart): its calls fail, and the next call opens the engine again. */
  #lost(worker: Worker, err: Error): void {
    if (worker !== this.#worker) return;
    this.#worker = undefined;
    if (this.#inTransaction) this.#aborted = true;
    this.#inTransaction = false;
    this.#parser = new protocol.Parser();
    this.#waiting = [];
    this.#starting = Promise.reject(err);
    this.#starting.catch(() => undefined);
    console.error(`database: PGlite's thread ended (${err.message}); the next statement opens the engine again`);
    // As a PostgreSQL backend that went away: the statements of that moment fail as a dependency's
    // failure (503 with Retry-After), not as the request's own error (500).
    this.#failAll(Object.assign(databaseError("57P01", `terminating connection: PGlite's thread ended (${err.message})`), { cause: err }));
  }

  async execProtocolRaw(message: Uint8Array): Promise<Uint8Array> {
    if (this.#aborted) {
      if (!endsTransaction(message))
        throw databaseError("25P02", "current transaction is aborted, commands ignored until end of transaction block");
      if (message[0] === Q) this.#aborted = false;
    }
    // As PostgreSQL never cancels a commit: ended half-way, its outcome would be unknown to the
    // client — committed after the engine's recovery, yet answered 503, so a retry would repeat it.
    return this.#call<Uint8Array>({ op: "exec", message }, isCommitOrRollback(message) ? 0 : this.#limitMs);
  }

  /** The messages that waited (mayWait), then `message`. */
  #withWaiting(message: Uint8Array): Uint8Array {
    const all = joined([...this.#waiting, message]);
    this.#waiting = [];
    return all;
  }

  async execProtocol(message: Uint8Array, options: ExecProtocolOptions = {}): Promise<ExecProtocolResult> {
    const data = await this.execProtocolRaw(this.#withWaiting(message));
    return { messages: this.#parse(data, options), data };
  }

  async execProtocolStream(message: Uint8Array, options: ExecProtocolOptions = {}): Promise<BackendMessage[]> {
    if (mayWait(message)) {
      this.#waiting.push(message);
      return [];
    }
    const parse = this.#waiting.at(-1);
    if (!describesStatement(message) || parse?.[0] !== PARSE)
      return this.#parse(await this.execProtocolRaw(this.#withWaiting(message)), options);
    // A statement described before: its Parse waits for the rest of it, which then costs one round trip.
    const key = Buffer.from(parse.buffer, parse.byteOffset, parse.byteLength).toString("latin1");
    const known = this.#described.get(key);
    if (known) return [...known];
    const answer = this.#parse(await this.execProtocolRaw(this.#withWaiting(message)), options);
    if (this.#described.size >= DESCRIBED_MAX) this.#described.clear();
    this.#described.set(
      key,
      answer.filter((m) => m.name !== "parseComplete"),
    );
    return answer;
  }

  async execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<void> {
    options.onRawData(await this.execProtocolRaw(this.#withWaiting(message)));
  }

  /** As PGlite's own: the first error is thrown (what follows it is dropped), notices and notifications go to their listeners. */
  #parse(data: Uint8Array, { throwOnError = true, onNotice }: ExecProtocolOptions): BackendMessage[] {
    const results: BackendMessage[] = [];
    let error: messages.DatabaseError | undefined;
    this.#parser.parse(data, (msg) => {
      // The transaction's state, from the Sync that ends every batch, also after an error.
      if (msg instanceof messages.ReadyForQueryMessage) this.#inTransaction = msg.status !== "I";
      if (error) return;
      if (msg instanceof messages.DatabaseError) {
        if (throwOnError) error = msg;
      } else if (msg instanceof messages.NoticeMessage) {
        onNotice?.(msg);
      } else if (msg instanceof messages.CommandCompleteMessage) {
        if (CHANGES_TYPES.test(msg.text)) this.#described.clear();
      } else if (msg instanceof messages.NotificationResponseMessage) {
        const { channel, payload } = msg;
        for (const cb of this.#listeners.get(channel) ?? []) queueMicrotask(() => cb(payload));
        for (const cb of this.#globalListeners) queueMicrotask(() => cb(channel, payload));
      }
      results.push(msg);
    });
    if (error) {
      this.#parser = new protocol.Parser();
      throw error;
    }
    return results;
  }

  /** Nothing to do: the engine's file systems in Node (a data directory, memory) write through; only a browser's IndexedDB needs it. */
  async syncToFs(): Promise<void> {}

  async _handleBlob(blob?: File | Blob): Promise<void> {
    if (blob) throw new Error("COPY to or from a blob is not supported on PGlite's thread");
  }

  async _getWrittenBlob(): Promise<undefined> {
    return undefined;
  }

  async _cleanupBlob(): Promise<void> {}

  async _checkReady(): Promise<void> {
    if (this.#closed) throw new Error("PGlite is closed");
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    // A transaction cut off by a restart refuses its further statements until it ends; once it has
    // ended (whichever way its ROLLBACK travelled), the next ones belong to others and run.
    return this.#transactionMutex.runExclusive(async () => {
      try {
        return await fn();
      } finally {
        this.#aborted = false;
      }
    });
  }

  async listen(channel: string, callback: (payload: string) => void, tx?: Transaction): Promise<(tx?: Transaction) => Promise<void>> {
    // Our channels are fixed lowercase identifiers, which PostgreSQL names as written.
    return this.#listenMutex.runExclusive(async () => {
      const set = this.#listeners.get(channel) ?? new Set();
      this.#listeners.set(channel, set);
      set.add(callback);
      try {
        await (tx ?? this).exec(`LISTEN ${channel}`);
      } catch (err) {
        set.delete(callback);
        throw err;
      }
      return (later?: Transaction) => this.unlisten(channel, callback, later);
    });
  }

  async unlisten(channel: string, callback?: (payload: string) => void, tx?: Transaction): Promise<void> {
    await this.#listenMutex.runExclusive(async () => {
      const set = this.#listeners.get(channel);
      if (callback) set?.delete(callback);
      if (!callback || set?.size === 0) {
        this.#listeners.delete(channel);
        await (tx ?? this).exec(`UNLISTEN ${channel}`);
      }
    });
  }

  onNotification(callback: (channel: string, payload: string) => void): () => void {
    this.#globalListeners.add(callback);
    return () => this.#globalListeners.delete(callback);
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.#call<ArrayBuffer>({ op: "dump" })]);
  }

  get closed(): boolean {
    return this.#closed;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const worker = await this.#starting.catch(() => undefined);
    if (!worker) return;
    try {
      await this.#call({ op: "close" });
    } finally {
      this.#worker = undefined;
      await worker.terminate();
    }
  }
}
