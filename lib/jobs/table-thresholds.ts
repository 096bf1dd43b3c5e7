import { Prisma } from "@/lib/db/generated/client.ts";

type Env = Record<string, string | undefined>;

/** The fixed part of a maintenance job's threshold from `name` in the environment: a non-negative integer, else `fallback`. */
export function thresholdRows(env: Env, name: string, fallback: number): number {
  const configured = Number(env[name]);
  return env[name] && Number.isSafeInteger(configured) && configured >= 0 ? configured : fallback;
}

/**
 * Whether a count of `pg_stat_user_tables s` reaches `minRows` plus `factor` of the table's live
 * rows: autovacuum's form of threshold, which the analyze and vacuum jobs both use.
 */
export const reaches = (count: Prisma.Sql, minRows: number, factor: number): Prisma.Sql =>
  Prisma.sql`(${count} >= ${minRows}::float8 + ${factor}::float8 * s.n_live_tup)`;
