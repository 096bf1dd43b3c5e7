import { setImmediate as turn } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { csvRows } from "./csv-reader.ts";

/** `rows` data lines after a header, in chunks of `size` bytes as a file upload arrives. */
async function* csvChunks(rows: number, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(
    ["first_name,last_name,email", ...Array.from({ length: rows }, (_, i) => `Ada,"Love, ${i}",ada${i}@example.com`)].join("\n"),
  );
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe("csvRows on a large file", () => {
  const warnings: Error[] = [];
  const listen = (w: Error) => warnings.push(w);
  afterEach(() => {
    process.off("warning", listen);
  });

  it("reads every record through the parser's backpressure without piling up listeners", async () => {
    process.on("warning", listen);
    let count = 0;
    let last = "";
    for await (const row of csvRows(csvChunks(50_000, 64 * 1024))) {
      count++;
      last = row.cells[1]!;
      // A slow consumer, as a batch writer is: the parser's buffer fills and the reader waits for drain.
      if (count % 500 === 0) await turn();
    }
    await turn();
    expect(count).toBe(50_001);
    expect(last).toBe("Love, 49999");
    expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning").map((w) => w.message)).toEqual([]);
  });
});
