/**
 * PGlite's thread keeps nothing per statement. It answers each wire-protocol message with raw
 * bytes; PGlite's execProtocolRaw also parsed every answer into a list only execProtocol empties,
 * so the thread's heap grew with every statement until its limit ended it (a million imported rows
 * under the server's 256 MiB: the statements of that moment failed). Here the real worker file runs
 * with a 32 MiB heap and answers statements that return 200 MiB between them.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { protocol } from "@electric-sql/pglite";

interface Answer {
  id: number;
  ok: boolean;
  value?: Uint8Array;
  message?: string;
}

describe("PGlite's thread over many statements", () => {
  const worker = new Worker(path.join(process.cwd(), "lib", "db", "pglite-worker.mjs"), {
    workerData: { dataDir: "memory://" },
    resourceLimits: { maxOldGenerationSizeMb: 32 },
  });
  const ended = new Promise<Error>((resolve) => {
    worker.once("error", resolve);
    worker.once("exit", (code) => resolve(new Error(`the thread ended (exit code ${code})`)));
  });
  afterAll(() => worker.terminate());

  /** One call to the thread, or the reason it ended. */
  const exec = (id: number, sql: string) =>
    Promise.race([
      new Promise<Answer>((resolve) => {
        const onAnswer = (m: Answer) => {
          if (m.id !== id) return;
          worker.off("message", onAnswer);
          resolve(m);
        };
        worker.on("message", onAnswer);
        worker.postMessage({ id, op: "exec", message: protocol.serialize.query(sql) });
      }),
      ended.then((err) => {
        throw err;
      }),
    ]);

  it("answers 2,000 statements of 100 kB each with a 32 MiB heap", async () => {
    await new Promise((resolve, reject) => {
      worker.once("message", resolve);
      void ended.then(reject);
    });
    for (let id = 1; id <= 2000; id++) {
      const answer = await exec(id, "SELECT repeat('x', 100000)");
      expect(answer.ok, answer.message).toBe(true);
      expect(answer.value!.byteLength).toBeGreaterThan(100_000);
    }
  }, 120_000);
});
