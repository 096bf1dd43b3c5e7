-- Hand-written: the fold-record-counts job (lib/jobs/fold-record-counts.ts). record_count keeps
-- one row per key and database connection (stripe = pg_backend_pid()); a connection that has
-- ended never writes its rows again, and a pool that opens and closes connections would leave a
-- key with ever more rows to sum. The job folds the rows of ended connections into stripe 0 (no
-- backend has pid 0), which keeps each total and bounds a key's rows by the connections open.
-- Its connection is crm_app's, confined to one tenant: like the purge, the cross-tenant work goes
-- through a SECURITY DEFINER function owned by a NOLOGIN role, crm_fold, whose policy lets it see
-- record_count only (whatever crm_app passes, a fold moves counts between rows of one key and
-- never changes a sum).
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_fold') THEN CREATE ROLE crm_fold NOLOGIN; END IF;
END $$;
GRANT USAGE ON SCHEMA public TO crm_fold;
GRANT SELECT, INSERT, UPDATE, DELETE ON "record_count" TO crm_fold;
CREATE POLICY fold_all ON "record_count" TO crm_fold USING (true) WITH CHECK (true);

-- Up to p_limit rows of ended connections, each moved once: rows a running transaction is
-- writing are skipped (SKIP LOCKED), and a connection whose pid is live again keeps its rows.
CREATE FUNCTION jobs_fold_record_counts(p_limit integer) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH doomed AS (
      SELECT c.tenant_id, c.object_id, c.key, c.stripe FROM record_count c
      WHERE c.stripe <> 0 AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = c.stripe)
      LIMIT p_limit
      FOR UPDATE OF c SKIP LOCKED
    ), gone AS (
      DELETE FROM record_count c USING doomed d
      WHERE c.tenant_id = d.tenant_id AND c.object_id = d.object_id AND c.key = d.key AND c.stripe = d.stripe
      RETURNING c.tenant_id, c.object_id, c.key, c.n
    ), folded AS (
      INSERT INTO record_count AS c (tenant_id, object_id, key, stripe, n)
      SELECT g.tenant_id, g.object_id, g.key, 0, sum(g.n) FROM gone g GROUP BY g.tenant_id, g.object_id, g.key
      ON CONFLICT (tenant_id, object_id, key, stripe) DO UPDATE SET n = c.n + EXCLUDED.n
      RETURNING 1
    )
    SELECT count(*)::int FROM gone $$;
ALTER FUNCTION jobs_fold_record_counts(integer) OWNER TO crm_fold;
REVOKE ALL ON FUNCTION jobs_fold_record_counts(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION jobs_fold_record_counts(integer) TO crm_app;
