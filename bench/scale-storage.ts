import pg from "pg";
import type { DbConfig } from "../lib/db/config.ts";
import { openPglite } from "../lib/db/pglite.ts";

/** The tables a record's data lives in: its row, its unslotted values, its search tokens, with their indexes and TOAST. */
const SQL = `SELECT (SELECT count(*) FROM record)::float8 AS records,
  (SELECT sum(pg_total_relation_size(t::regclass)) FROM unnest(ARRAY['record', 'record_value', 'record_token']) t)::float8 AS bytes`;

/** Bytes per record over every tenant's records, read as the owner once the server has stopped. */
export async function storagePerRecord(config: DbConfig): Promise<string> {
  let row: { records: number; bytes: number };
  if (config.engine === "postgres") {
    const client = new pg.Client({ connectionString: config.ownerUrl });
    await client.connect();
    row = (await client.query<typeof row>(SQL)).rows[0]!;
    await client.end();
  } else {
    const db = await openPglite(config.dataDir);
    row = (await db.query<typeof row>(SQL)).rows[0]!;
    await db.close();
  }
  return `Storage: ${(row.bytes / row.records).toFixed(0)} B per record (record, record_value, record_token with indexes; ${row.records} records)`;
}
