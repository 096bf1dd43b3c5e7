import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

// Extensions must be registered every time a data directory is opened, not only when created.
export const pgliteExtensions = { unaccent, pg_trgm, btree_gin };

export async function openPglite(dataDirOrUrl: string, options: Omit<PGliteOptions, "extensions"> = {}): Promise<PGlite> {
  if (!dataDirOrUrl.includes("://")) await mkdir(path.dirname(path.resolve(dataDirOrUrl)), { recursive: true });
  const db = new PGlite(dataDirOrUrl, { ...options, extensions: pgliteExtensions });
  await db.waitReady;
  return db;
}
