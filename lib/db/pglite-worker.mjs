// The PGlite engine on a thread of its own (started by pglite-thread.ts), so that a long statement
// holds this thread and not the server's event loop. It only runs wire-protocol messages and
// answers their raw bytes: parsing, locks and notifications stay on the main thread. Plain
// JavaScript, since a worker thread runs without a TypeScript loader.
import { Blob } from "node:buffer";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pglite-extensions.mjs";

/** @type {{ dataDir: string, snapshot?: ArrayBuffer, sessionSql?: string }} */
const { dataDir, snapshot, sessionSql } = workerData;
const port = parentPort;
if (!port) throw new Error("pglite-worker.mjs runs as a worker thread only");

/** @param {Uint8Array} bytes a copy that owns its whole buffer, so that the buffer can be transferred */
function own(bytes) {
  return bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

/** @param {PGlite} db @param {{ op: string, message?: Uint8Array }} call */
async function run(db, call) {
  switch (call.op) {
    case "exec": {
      // The raw bytes are the answer, but not through execProtocolRaw: PGlite (0.4.3) parses every
      // answer into a list that only execProtocol empties, so each raw call left its messages behind
      // (measured: the thread's heap grew by about 10 kB a statement, until 256 MiB ended it after a
      // million imported rows). execProtocol empties the list; errors stay in the bytes, as before.
      // The file systems used here (a data directory, memory) write through: there is nothing to sync.
      const message = /** @type {Uint8Array} */ (call.message);
      const { data } = await db.execProtocol(message, { syncToFs: false, throwOnError: false });
      return own(data);
    }
    case "dump":
      return (await db.dumpDataDir("gzip")).arrayBuffer();
    case "close":
      return db.close();
    default:
      throw new Error(`pglite-worker: unknown operation ${call.op}`);
  }
}

const onDisk = !dataDir.includes("://");
// A snapshot fills a data directory once: when the engine opens again (pglite-thread.ts), the directory already holds the database.
const load = snapshot && !(onDisk && existsSync(path.join(dataDir, "PG_VERSION")));

try {
  if (onDisk) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const db = new PGlite(dataDir, { extensions: pgliteExtensions, loadDataDir: load ? new Blob([snapshot]) : undefined });
  await db.waitReady;
  if (sessionSql) await db.exec(sessionSql);
  port.on("message", async (/** @type {{ id: number, op: string }} */ call) => {
    try {
      const value = await run(db, call);
      const transfer = value instanceof Uint8Array ? [value.buffer] : value instanceof ArrayBuffer ? [value] : [];
      port.postMessage({ id: call.id, ok: true, value }, transfer);
    } catch (err) {
      port.postMessage({ id: call.id, ok: false, message: err instanceof Error ? err.message : String(err) });
    }
  });
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ failed: err instanceof Error ? err.message : String(err) });
}
