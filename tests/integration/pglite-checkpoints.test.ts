/**
 * PGlite checkpoints small and often (lib/db/pglite-checkpoints.ts), PGlite runs only. Without it the
 * engine checkpoints only at about 540 MB of WAL, inside whichever statement crosses that line,
 * which on disk ran for minutes (an import's COMMIT was ended by the statement time limit). Here the
 * line is lowered so that a few hundred records cross it: a checkpoint follows on its own.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getDatabase, openDatabase, setDatabase, type Database } from "@/lib/db/client.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import { walSinceCheckpoint } from "@/lib/db/pglite-checkpoints.ts";
import { withPlatformSql } from "@/lib/db/tenant.ts";
import { createTestTenant } from "../helpers/fixtures.ts";
import { bigKey, RecordsApi } from "./records/helpers.ts";

const snapshot = inject("pgliteSnapshot");
const LINE = 256 * 1024;

describe.skipIf(!snapshot)("PGlite checkpoints", () => {
  let db: Database;
  let fileDatabase: Promise<Database>;

  beforeAll(async () => {
    fileDatabase = getDatabase();
    db = await openDatabase(
      { engine: "pglite", dataDir: "memory://" },
      { pgliteSnapshot: new Blob([await readFile(snapshot)]), migrate: false, pgliteCheckpoints: { walBytes: LINE, everyMs: 50 } },
    );
    setDatabase(Promise.resolve(db));
  });

  afterAll(async () => {
    setDatabase(fileDatabase);
    await db?.close();
  });

  const redo = async () =>
    (await withPlatformSql(async (tx) => tx.$queryRaw<{ redo: string }[]>`SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()`))[0]!
      .redo;
  const walSince = () =>
    walSinceCheckpoint({
      query: async <T>(sql: string) => ({ rows: await withPlatformSql(async (tx) => tx.$queryRaw<T[]>(Prisma.raw(sql))) }),
    });

  it("once the WAL since the last checkpoint passes the line, the app asks for one", async () => {
    const t = await createTestTenant("checkpoints");
    const contacts = new RecordsApi(await bigKey(t), "contact");
    const before = await redo();
    for (let batch = 0; batch < 3; batch++) {
      const res = await contacts.bulkCreate(
        Array.from({ length: 200 }, (_, i) => ({ last_name: `Checkpoint ${batch}-${i} ${"x".repeat(200)}` })),
      );
      expect(res.status).toBe(200);
      expect(res.json<{ failed: number }>().failed).toBe(0);
    }
    await expect.poll(redo, { timeout: 10_000 }).not.toBe(before);
    await expect.poll(walSince, { timeout: 10_000 }).toBeLessThan(2 * LINE);
  });
});
