-- AlterTable
ALTER TABLE "tenant" DROP COLUMN "last_change_at";

-- Hand-written: record writes no longer queue on the tenant row. The protocol and why it keeps
-- `updated_since` polling exact are in lib/services/records/change-stamp.ts.

-- A writer's stamp: first the clock, announced as the key of a shared advisory lock held to the
-- end of the transaction (two int4 halves of the milliseconds since the epoch), then the clock
-- again, read after the lock is in the lock table. The stamp is at least the announced bound and
-- later than `p_after` (the versions the write replaces). The tenant row is locked FOR SHARE, so
-- a schema change (which updates that row) waits for running writes, and the version returned is
-- the one that will still be current at commit.
CREATE FUNCTION record_change_stamp(p_tenant uuid, p_after timestamptz) RETURNS TABLE (stamp timestamptz, version integer)
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  announced bigint := floor(extract(epoch FROM clock_timestamp()) * 1000);
BEGIN
  PERFORM pg_advisory_xact_lock_shared((announced >> 32)::integer, ((announced << 32) >> 32)::integer);
  RETURN QUERY
    SELECT GREATEST(date_trunc('milliseconds', clock_timestamp()), timestamptz 'epoch' + announced * interval '1 millisecond',
                    p_after + interval '1 millisecond'),
           t.schema_version
    FROM tenant t WHERE t.id = p_tenant FOR SHARE;
END $$;

-- The poller's horizon: the clock, then the smallest bound announced by a write still running in
-- this database (pg_locks shows the two int4 halves as classid and objid, objsubid 2). Every write
-- not yet visible to a later snapshot stamps at or above it.
CREATE FUNCTION record_change_horizon() RETURNS timestamptz
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  horizon timestamptz := date_trunc('milliseconds', clock_timestamp());
  oldest bigint;
BEGIN
  SELECT min((l.classid::bigint << 32) | l.objid::bigint) INTO oldest
  FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.objsubid = 2 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database());
  RETURN LEAST(horizon, timestamptz 'epoch' + oldest * interval '1 millisecond');
END $$;
