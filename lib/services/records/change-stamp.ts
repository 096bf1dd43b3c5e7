/*
 * Change stamps: the `updated_at` (and `created_at`) of record writes, and the horizon below which
 * the data endpoint shows them, so that polling `updated_since=<largest updated_at seen>` neither
 * misses nor repeats a change while a tenant's writers run side by side.
 *
 * The hazard: a stamp is a wall-clock instant taken inside the writing transaction, and commit
 * order need not follow it. Writer A stamps 10:00:00.001, writer B stamps .002 and commits, a
 * poller sees B and remembers .002, then A commits: its .001 is below every later `updated_since`.
 * (Formerly every writer updated the tenant row for its stamp, holding that row's lock until
 * commit, which forbade the interleaving and queued all writers of a tenant.)
 *
 * The protocol (SQL functions in the change_stamps and tenant_change_horizon migrations):
 * - A writer first announces a lower bound of its stamp: the clock in milliseconds, with a hash of
 *   its tenant above them, as the key of a shared transaction-level advisory lock (two int4 halves:
 *   the int8 form is the one every other advisory lock of this app uses, so the two never meet).
 *   Only then does it read the clock again for its stamp, which is at least the announced bound.
 *   Shared locks never wait for each other; the lock goes away after the commit is visible.
 * - A poller reads its tenant's horizon: the clock, then the lock table (pg_locks); the horizon is
 *   the smallest bound announced under the tenant's hash, or that clock when none of its writes
 *   runs. Its data query, a later statement with a later snapshot, returns only rows stamped
 *   strictly below the horizon. Other tenants' writes do not hold it back (a tenant sharing the
 *   hash, one pair in two million, does: later, never wrong).
 * Why it holds: a write the poller's snapshot does not see is either one whose lock was in the
 * table (stamp ≥ its bound ≥ horizon) or one that announced after the poller read the table (stamp
 * read later still, so ≥ the poller's clock ≥ horizon); a write whose lock had gone had committed
 * and is in the snapshot. So every row returned is final, and every change not yet returned will
 * carry a stamp above every stamp returned: the largest `updated_at` a poller saw is a safe
 * `updated_since`. Stamps are milliseconds (as the API shows them) and may repeat across records;
 * an update stamps strictly after the version it replaces, whose row it holds locked.
 * Cost: a change shows in the data endpoint once every write of the tenant that started before it
 * has ended (and its millisecond has passed). The clocks compared are the database host's own; a clock
 * stepping backwards (rather than being slewed) could hide a change stamped in the repeated time.
 *
 * Why not transaction ids: filtering on xid8 stamps below `pg_snapshot_xmin` makes rows final, but
 * says nothing about the wall-clock stamps of the transactions still running, which can be below
 * stamps already returned; `updated_since` would still miss them.
 *
 * Schema changes: the writer takes its stamp with a FOR SHARE lock on its tenant row, held to
 * commit; bumpSchemaVersion updates that row, so it waits for running writes, and a write that
 * starts while a schema change runs waits for it and then reads the new version (409 below).
 * Shared row locks do not make writers wait for each other.
 */
import { Prisma } from "@/lib/db/generated/client.ts";
import { prepared, type SqlTx } from "@/lib/db/tenant.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/** The statement that takes a write's stamp (see above); `after` is the latest updated_at among the rows it replaces. */
export const changeStampQuery = (tenantId: string, after?: Date) =>
  prepared(
    "record_change_stamp",
    Prisma.sql`SELECT stamp, version FROM record_change_stamp(${tenantId}::uuid, ${after ?? null}::timestamptz)`,
  );

/**
 * The stamp changeStampQuery answered. Fails with 409 when the tenant's schema version is no
 * longer the one the write was validated against.
 */
export function stampOf(rows: unknown[], schemaVersion?: number): Date {
  const [row] = rows as { stamp: Date; version: number }[];
  // If a schema change committed before this write took its lock, the write was validated
  // against old field definitions and must be retried, not applied.
  if (schemaVersion !== undefined && row!.version !== schemaVersion) {
    throw new AppError("conflict", "The object's fields changed while this request ran; retry it");
  }
  return row!.stamp;
}

/** The stamp of a record write, taken once the rows it replaces are locked (`after`: the latest updated_at among them). */
export async function takeChangeStamp(tx: SqlTx, tenantId: string, schemaVersion?: number, after?: Date): Promise<Date> {
  return stampOf(await tx.$queryRaw<unknown[]>(changeStampQuery(tenantId, after)), schemaVersion);
}

/**
 * The tenant's rows stamped below this instant are final: no write of the tenant that commits later
 * can carry a stamp below it. Read it in its own statement, before the query it bounds.
 */
export async function readChangeHorizon(tx: SqlTx, tenantId: string): Promise<Date> {
  const rows = await tx.$queryRaw<{ horizon: Date }[]>`SELECT record_change_horizon(${tenantId}::uuid) AS horizon`;
  return rows[0]!.horizon;
}
