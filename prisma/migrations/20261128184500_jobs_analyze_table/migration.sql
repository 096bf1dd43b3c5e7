-- Hand-written: the analyze-tables job (lib/jobs/analyze-tables.ts) keeps the planner's statistics
-- current after bulk writes, since PGlite has no autovacuum and PostgreSQL's lags an import by
-- minutes (lib/services/records/storage.md, "Plans without statistics"). ANALYZE takes the table's
-- owner, and the job runs as crm_app: this SECURITY DEFINER function, owned by the schema owner,
-- analyzes one table of the schema by name and does nothing else. ANALYZE reads a bounded sample
-- (300 × default_statistics_target rows) and blocks no reads or writes, so whatever crm_app passes,
-- the worst it can cause is a little work; the caller's statement_timeout bounds it.
CREATE FUNCTION jobs_analyze_table(p_table text) RETURNS void
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = p_table) THEN
      RAISE EXCEPTION 'jobs_analyze_table: no table public.%', p_table;
    END IF;
    EXECUTE format('ANALYZE public.%I', p_table);
  END $$;
REVOKE ALL ON FUNCTION jobs_analyze_table(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION jobs_analyze_table(text) TO crm_app;
