import { Prisma } from "@/lib/db/generated/client.ts";
import { nameTokens } from "./index-rows.ts";

/**
 * Counts kept beside the records (table record_count, storage.md "Kept totals"), so that the
 * totals asked most often are read, not counted: an object's live records (key ''), and its live
 * records whose name has a word starting with each 1- to 3-letter prefix (key = the prefix). Those
 * are the totals a million records made slow: every list's `total`, and a short search's, which
 * matches a large part of an object.
 *
 * Every write that changes them adds its deltas in its own transaction, so a total read in any
 * snapshot is exact. Each row belongs to one database connection (`stripe` = pg_backend_pid()): no
 * two transactions running at once ever update the same row, so writers of one object never wait
 * for each other or deadlock on a count, and the update stays on its page (HOT, no indexed column
 * changes), which keeps the table small on PGlite, where nothing vacuums. A total is the sum of a
 * key's rows: one per connection that ever wrote it.
 */

/** The longest prefix counted: longer search terms select few enough tokens to count them. */
export const COUNTED_PREFIX_MAX = 3;

/** The key of an object's live-record count. */
export const LIVE_RECORDS = "";

/** The counted prefixes of a name: 1 to COUNTED_PREFIX_MAX letters of each of its words, each once. */
function namePrefixes(name: string): Set<string> {
  const prefixes = new Set<string>();
  for (const token of nameTokens(name)) {
    const letters = Array.from(token);
    for (let k = 1; k <= Math.min(COUNTED_PREFIX_MAX, letters.length); k++) prefixes.add(letters.slice(0, k).join(""));
  }
  return prefixes;
}

/** Whether a search term's total is a counted prefix's. */
export const isCountedPrefix = (term: string) => term.length > 0 && Array.from(term).length <= COUNTED_PREFIX_MAX;

/**
 * A change of the object's live records, by the record's name (record-name.ts): a record that
 * became live (`after`), stopped being live (`before`), or was renamed (both).
 */
export interface CountChange {
  before?: string;
  after?: string;
}

/** The net delta per key of these changes (keys whose changes cancel out are left out). */
function countDeltas(changes: CountChange[]): Map<string, number> {
  const deltas = new Map<string, number>();
  const add = (key: string, d: number) => deltas.set(key, (deltas.get(key) ?? 0) + d);
  for (const { before, after } of changes) {
    const was = before === undefined ? new Set<string>() : namePrefixes(before);
    const is = after === undefined ? new Set<string>() : namePrefixes(after);
    if ((before === undefined) !== (after === undefined)) add(LIVE_RECORDS, after === undefined ? -1 : 1);
    for (const p of is) if (!was.has(p)) add(p, 1);
    for (const p of was) if (!is.has(p)) add(p, -1);
  }
  for (const [key, d] of deltas) if (d === 0) deltas.delete(key);
  return deltas;
}

/**
 * The statement adding these changes to the object's counts, or none when there are no changes. A
 * rename that keeps every prefix still gets one (adding nothing): a write's statement keeps one
 * shape whatever its names, and is prepared once (record-store.ts oneStatement). `onlyIf`: a
 * condition the statement's rows must meet (a change that may turn out not to happen).
 */
export function countsUpdate(tenantId: string, objectId: string, changes: CountChange[], onlyIf?: Prisma.Sql): Prisma.Sql | undefined {
  if (!changes.length) return undefined;
  const deltas = [...countDeltas(changes)];
  return Prisma.sql`
    INSERT INTO record_count AS c (tenant_id, object_id, key, stripe, n)
    SELECT ${tenantId}::uuid, ${objectId}::uuid, u.key, pg_backend_pid(), u.n
    FROM unnest(${deltas.map((d) => d[0])}::text[], ${deltas.map((d) => d[1])}::bigint[]) AS u(key, n)
    ${onlyIf ? Prisma.sql`WHERE ${onlyIf}` : Prisma.empty}
    ON CONFLICT (tenant_id, object_id, key, stripe) DO UPDATE SET n = c.n + EXCLUDED.n`;
}

/** The statement reading a counted total (`total`, as countQuery's). */
export function countedTotalQuery(tenantId: string, objectId: string, key: string): Prisma.Sql {
  return Prisma.sql`SELECT COALESCE(sum(c.n), 0)::int AS total FROM record_count c
    WHERE c.tenant_id = ${tenantId}::uuid AND c.object_id = ${objectId}::uuid AND c.key = ${key}::text`;
}
