import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, inject } from "vitest";
import { openDatabase, setDatabase } from "@/lib/db/client.ts";
import { createMemoryRateLimiter, createRedisRateLimiter, setRateLimiter } from "@/lib/rate-limit/index.ts";

// Each test file gets its own database handle: a private PGlite clone, or the run's PostgreSQL
// database (files then stay apart by using their own tenants, as real tenants do).
const snapshot = inject("pgliteSnapshot");
const database = snapshot
  ? readFile(snapshot).then((bytes) =>
      openDatabase({ engine: "pglite", dataDir: "memory://" }, { pgliteSnapshot: new Blob([bytes]), migrate: false }),
    )
  : openDatabase({ engine: "postgres", ownerUrl: inject("pgOwnerUrl"), appUrl: inject("pgAppUrl") }, { migrate: false });
setDatabase(database);

// A generous deadline: on a machine busy with parallel test files a slow answer is no outage
// (the outage tests build limiters of their own).
const limiter = process.env.REDIS_URL
  ? createRedisRateLimiter(process.env.REDIS_URL, { prefix: `crm:test:${randomBytes(4).toString("hex")}:`, timeoutMs: 5_000 })
  : createMemoryRateLimiter();
setRateLimiter(limiter);

afterAll(async () => {
  await (await database).close();
  await limiter.close();
});
