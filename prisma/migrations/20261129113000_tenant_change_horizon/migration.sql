-- Hand-written: a change horizon per tenant. The horizon was the smallest stamp announced by any
-- write running in the database, so one tenant's long write (a 500-record bulk request on a busy
-- machine) held back every tenant's data endpoint for as long as it ran. A stamp's lock key now
-- carries its tenant: a hash of the tenant id (21 bits, 1 to 2^21 - 1) above the announced
-- milliseconds since 2020-01-01 (42 bits, enough to the year 2159), and a poller waits only for
-- the writes whose key carries its tenant's hash. Two tenants that share a hash (one pair in two
-- million) wait for each other as all tenants did before: later, never wrong.
-- Keys of the earlier form (milliseconds since 1970, below 2^42: the hash part reads 0) come from
-- instances still running the earlier code during a rolling deploy; every horizon counts them.
-- The protocol is in lib/services/records/change-stamp.ts.

-- The tenant's part of its stamps' lock keys.
CREATE FUNCTION record_change_bucket(p_tenant uuid) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 1 + (hashtext(p_tenant::text)::bigint & 2147483647) % 2097151 $$;

-- The instant a stamp's lock key announces, in either form.
CREATE FUNCTION record_change_announced(p_key bigint) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT timestamptz 'epoch' + (CASE WHEN p_key >> 42 = 0 THEN p_key ELSE (p_key & 4398046511103) + 1577836800000 END) * interval '1 millisecond' $$;

-- The stamp locks held in this database (pg_locks shows a key's two int4 halves as classid and
-- objid, objsubid 2), as keys.
CREATE FUNCTION record_change_locks() RETURNS SETOF bigint
  LANGUAGE sql VOLATILE
  AS $$
    SELECT (l.classid::bigint << 32) | l.objid::bigint
    FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.objsubid = 2 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  $$;

-- A writer's stamp, as before, announced under its tenant's key.
CREATE OR REPLACE FUNCTION record_change_stamp(p_tenant uuid, p_after timestamptz) RETURNS TABLE (stamp timestamptz, version integer)
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  announced bigint := floor(extract(epoch FROM clock_timestamp()) * 1000);
  lock_key bigint := (record_change_bucket(p_tenant) << 42) | (announced - 1577836800000);
BEGIN
  PERFORM pg_advisory_xact_lock_shared((lock_key >> 32)::integer, ((lock_key << 32) >> 32)::integer);
  RETURN QUERY
    SELECT GREATEST(date_trunc('milliseconds', clock_timestamp()), timestamptz 'epoch' + announced * interval '1 millisecond',
                    p_after + interval '1 millisecond'),
           t.schema_version
    FROM tenant t WHERE t.id = p_tenant FOR SHARE;
END $$;

-- A tenant's horizon: the clock, then the smallest bound announced by a write of that tenant
-- (or of an earlier-form key) still running. Every write of the tenant not yet visible to a later
-- snapshot stamps at or above it.
CREATE FUNCTION record_change_horizon(p_tenant uuid) RETURNS timestamptz
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  horizon timestamptz := date_trunc('milliseconds', clock_timestamp());
  bucket bigint := record_change_bucket(p_tenant);
BEGIN
  RETURN LEAST(horizon, (SELECT min(record_change_announced(k)) FROM record_change_locks() k WHERE k >> 42 IN (0, bucket)));
END $$;

-- The database-wide horizon, for instances still running the earlier code during a rolling
-- deploy: every running write counts, in either form.
CREATE OR REPLACE FUNCTION record_change_horizon() RETURNS timestamptz
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  horizon timestamptz := date_trunc('milliseconds', clock_timestamp());
BEGIN
  RETURN LEAST(horizon, (SELECT min(record_change_announced(k)) FROM record_change_locks() k));
END $$;
