// Plain JavaScript: the PGlite worker thread (pglite-worker.mjs) runs without a TypeScript loader.
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

/** Extensions must be registered every time a data directory is opened, not only when created. */
export const pgliteExtensions = { unaccent, pg_trgm, btree_gin };
