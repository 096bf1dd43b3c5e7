import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client.ts";

/**
 * A PGlite database in memory, opened from the run's migrated snapshot (tests/setup/global.ts).
 * About 2 s and 3 CPU-seconds each on our machines (inflating the snapshot, starting the WASM).
 */
export async function openPgliteClone(): Promise<Database> {
  const bytes = await readFile(inject("pgliteSnapshot"));
  return openDatabase({ engine: "pglite", dataDir: "memory://" }, { pgliteSnapshot: new Blob([bytes]), migrate: false });
}
