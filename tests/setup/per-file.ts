import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, inject } from "vitest";
import { openDatabase, setDatabaseOpener, type Database } from "@/lib/db/client.ts";
import { createMemoryRateLimiter, createRedisRateLimiter, setRateLimiter } from "@/lib/rate-limit/index.ts";
import { flushRequestLog } from "@/lib/services/request-log/writer.ts";
import { openPgliteClone } from "../helpers/pglite-clone.ts";
import { installNetTripwire, withTripwirePreload } from "./net-tripwire.mjs";

// Tests reach the loopback only: the tripwire refuses any other lookup or connection, in this
// process and in every Node process a test starts (app servers, instances, newman, fixtures all
// inherit NODE_OPTIONS), and each one it refused fails the test during which it happened.
const tripwireLog = path.join(os.tmpdir(), `crm-net-tripwire-${process.pid}-${randomBytes(4).toString("hex")}.log`);
process.env.NET_TRIPWIRE_LOG = tripwireLog;
process.env.NODE_OPTIONS = withTripwirePreload(process.env.NODE_OPTIONS);
installNetTripwire();
let tripped = 0;
function failOnTripwire(): void {
  let lines: string[];
  try {
    lines = readFileSync(tripwireLog, "utf8").split("\n").filter(Boolean);
  } catch {
    return;
  }
  const fresh = lines.slice(tripped);
  tripped = lines.length;
  if (fresh.length) throw new Error(`Reached outside the loopback (tests may not):\n${fresh.join("\n")}`);
}
afterEach(failOnTripwire);

// Each test file gets its database handle when it first uses it. On PostgreSQL, a pool on the run's
// database: files stay apart by using their own tenants, as real tenants do. On PGlite alike, the
// files a worker runs one after another share the worker's clone: opening a clone costs about 3
// CPU-seconds (measured over the embedded run: 873 → 824 CPU seconds). A file whose work reaches
// across tenants (a purge, a job over every tenant) takes a database of its own
// (tests/helpers/private-database.ts).
const worker = globalThis as { __crmTestPglite?: Promise<Database> };
let database: Promise<Database> | undefined;
let used = false;
setDatabaseOpener(() => {
  used = true;
  if (inject("pgliteSnapshot")) return (worker.__crmTestPglite ??= openPgliteClone());
  return (database = openDatabase({ engine: "postgres", ownerUrl: inject("pgOwnerUrl"), appUrl: inject("pgAppUrl") }, { migrate: false }));
});

// A generous deadline: on a machine busy with parallel test files a slow answer is no outage
// (the outage tests build limiters of their own).
const limiter = process.env.REDIS_URL
  ? createRedisRateLimiter(process.env.REDIS_URL, { prefix: `crm:test:${randomBytes(4).toString("hex")}:`, timeoutMs: 5_000 })
  : createMemoryRateLimiter();
setRateLimiter(limiter);

afterAll(async () => {
  // Request log lines still buffered go to this file's database before it closes (none: no query).
  if (used) await flushRequestLog().catch(() => {});
  if (database) await (await database).close();
  await limiter.close();
  try {
    failOnTripwire();
  } finally {
    rmSync(tripwireLog, { force: true });
  }
});
