import { afterAll, beforeAll } from "vitest";
import { getDatabase, openDatabase, setDatabase, type Database } from "@/lib/db/client.ts";
import { serverDatabase } from "./app-server.ts";
import { openPgliteClone } from "./pglite-clone.ts";

export interface PrivateDatabase {
  /** PostgreSQL only: the owner's and crm_app's URLs of the private database ("" on PGlite). */
  ownerUrl: string;
  appUrl: string;
}

/** crm_app's login to the same database (test runs let it log in without a password, see tests/setup/global.ts). */
export function appUrlOf(ownerUrl: string): string {
  const url = new URL(ownerUrl);
  url.username = "crm_app";
  url.password = "";
  return url.toString();
}

/**
 * For a test file whose work reaches across tenants (a purge): a migrated database of its own for
 * the file's tests, since the run's database is shared by every file at once on PostgreSQL, and
 * the worker's PGlite clone by the files it runs (tests/setup/per-file.ts). Call at the top of the file.
 */
export function privateDatabase(): PrivateDatabase {
  const result: PrivateDatabase = { ownerUrl: "", appUrl: "" };
  let created: Awaited<ReturnType<typeof serverDatabase>> | undefined;
  let db: Database | undefined;
  let shared: Promise<Database> | undefined;
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) {
      db = await openPgliteClone();
      shared = getDatabase();
      setDatabase(Promise.resolve(db));
      return;
    }
    created = await serverDatabase();
    result.ownerUrl = created.env.DATABASE_URL!;
    result.appUrl = appUrlOf(result.ownerUrl);
    db = await openDatabase({ engine: "postgres", ownerUrl: result.ownerUrl, appUrl: result.appUrl });
    shared = getDatabase();
    setDatabase(Promise.resolve(db));
  });
  afterAll(async () => {
    if (shared) setDatabase(shared);
    await db?.close();
    await created?.drop();
    // DROP … WITH (FORCE) ends any session still open on the database, and a pool that held one
    // logs it a moment later: let that happen while this file runs, not while vitest tears its
    // worker down (which fails the run with "Closing rpc while onUserConsoleLog was pending").
    if (created && process.env.DATABASE_URL) await new Promise((resolve) => setTimeout(resolve, 500));
  });
  return result;
}
