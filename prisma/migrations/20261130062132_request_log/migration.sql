-- CreateTable
CREATE TABLE "api_request_log" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "credential_kind" TEXT NOT NULL,
    "credential_id" TEXT,
    "app_id" UUID,
    "user_id" UUID,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "tool" TEXT,
    "status" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "ip" TEXT,
    "error" TEXT,

    CONSTRAINT "api_request_log_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateIndex (hand-written WHERE: every request writes a line, so each index holds only the lines it serves)
CREATE INDEX "api_request_log_tenant_id_credential_id_id_idx" ON "api_request_log"("tenant_id", "credential_id", "id") WHERE "credential_id" IS NOT NULL;

-- CreateIndex
CREATE INDEX "api_request_log_tenant_id_app_id_id_idx" ON "api_request_log"("tenant_id", "app_id", "id") WHERE "app_id" IS NOT NULL;

-- Hand-written: what the writer also cuts to size, kept by the database whatever writes.
ALTER TABLE "api_request_log" ADD CONSTRAINT "api_request_log_check" CHECK (
  "credential_kind" IN ('api_key', 'oauth', 'session')
  AND length("method") BETWEEN 1 AND 16
  AND length("path") BETWEEN 1 AND 2048
  AND ("tool" IS NULL OR length("tool") <= 100)
  AND "status" BETWEEN 100 AND 599
  AND "duration_ms" >= 0
  AND ("credential_id" IS NULL OR length("credential_id") <= 200)
  AND ("ip" IS NULL OR length("ip") <= 64)
  AND ("error" IS NULL OR length("error") <= 100));

-- Hand-written: tenant isolation (see the row_level_security migration). Requests only read their
-- tenant's lines: the writer adds them and the purge removes them, each through a function below.
ALTER TABLE "api_request_log" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "api_request_log" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "api_request_log" USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "api_request_log" FROM crm_app;

-- Hand-written: the writer (lib/services/request-log/writer.ts) appends the lines of many requests,
-- of any tenants, in one statement, and the purge job trims them across tenants. Both run on
-- crm_app's connection in no tenant, so, like the other jobs, they go through SECURITY DEFINER
-- functions owned by a NOLOGIN role, crm_request_log, which may touch this table only.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_request_log') THEN CREATE ROLE crm_request_log NOLOGIN; END IF;
END $$;
GRANT USAGE ON SCHEMA public TO crm_request_log;
GRANT SELECT, INSERT, DELETE ON "api_request_log" TO crm_request_log;
CREATE POLICY request_log_all ON "api_request_log" TO crm_request_log USING (true) WITH CHECK (true);

-- One flush: the lines as a JSON array of objects named like the columns. A line already there (a
-- flush retried after its commit was not confirmed) is skipped, so a retry never repeats one.
CREATE FUNCTION request_log_append(p_lines jsonb) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH added AS (
      INSERT INTO api_request_log (tenant_id, id, created_at, credential_kind, credential_id, app_id, user_id, method, path, tool,
                                   status, duration_ms, ip, error)
      SELECT l.tenant_id, l.id, l.created_at, l.credential_kind, l.credential_id, l.app_id, l.user_id, l.method, l.path, l.tool,
             l.status, l.duration_ms, l.ip, l.error
      FROM jsonb_to_recordset(p_lines) AS l(tenant_id uuid, id uuid, created_at timestamptz, credential_kind text, credential_id text,
                                            app_id uuid, user_id uuid, method text, path text, tool text, status integer,
                                            duration_ms integer, ip text, error text)
      ON CONFLICT (tenant_id, id) DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int FROM added $$;

-- The tenants with lines: a skip scan of the primary key, one probe per tenant.
CREATE FUNCTION request_log_tenants() RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH RECURSIVE tenants AS (
      (SELECT l.tenant_id AS id FROM api_request_log l ORDER BY l.tenant_id LIMIT 1)
      UNION ALL
      SELECT (SELECT l.tenant_id FROM api_request_log l WHERE l.tenant_id > tenants.id ORDER BY l.tenant_id LIMIT 1)
      FROM tenants WHERE tenants.id IS NOT NULL
    )
    SELECT id FROM tenants WHERE id IS NOT NULL $$;

-- Up to p_limit lines older than the retention (never under a day, whatever is passed). A line's id
-- is a uuid v7 of its request's arrival: the lines older than a time are those below the lowest id
-- of its millisecond, read along the primary key, tenant by tenant.
CREATE FUNCTION jobs_purge_request_log(p_days integer, p_limit integer) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  t uuid;
  edge uuid := (lpad(to_hex((extract(epoch FROM now() - make_interval(days => greatest(p_days, 1))) * 1000)::bigint), 12, '0')
                || '70008000000000000000')::uuid;
  k integer;
  n integer := 0;
BEGIN
  FOR t IN SELECT request_log_tenants() LOOP
    WITH doomed AS (
      SELECT l.id FROM api_request_log l WHERE l.tenant_id = t AND l.id < edge ORDER BY l.id LIMIT p_limit - n
    )
    DELETE FROM api_request_log k USING doomed d WHERE k.tenant_id = t AND k.id = d.id;
    GET DIAGNOSTICS k = ROW_COUNT;
    n := n + k;
    EXIT WHEN n >= p_limit;
  END LOOP;
  RETURN n;
END $$;

-- Up to p_limit of the oldest lines of tenants holding more than p_max (never under 1,000), each
-- tenant's edge found by its newest p_max ids.
CREATE FUNCTION jobs_trim_request_log(p_max integer, p_limit integer) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  t uuid;
  edge uuid;
  k integer;
  n integer := 0;
BEGIN
  FOR t IN SELECT request_log_tenants() LOOP
    SELECT l.id INTO edge FROM api_request_log l WHERE l.tenant_id = t ORDER BY l.id DESC OFFSET greatest(p_max, 1000) LIMIT 1;
    CONTINUE WHEN edge IS NULL;
    WITH doomed AS (
      SELECT l.id FROM api_request_log l WHERE l.tenant_id = t AND l.id <= edge ORDER BY l.id LIMIT p_limit - n
    )
    DELETE FROM api_request_log k USING doomed d WHERE k.tenant_id = t AND k.id = d.id;
    GET DIAGNOSTICS k = ROW_COUNT;
    n := n + k;
    EXIT WHEN n >= p_limit;
  END LOOP;
  RETURN n;
END $$;

DO $$
DECLARE f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['request_log_append(jsonb)', 'request_log_tenants()', 'jobs_purge_request_log(integer, integer)',
                           'jobs_trim_request_log(integer, integer)'] LOOP
    EXECUTE format('ALTER FUNCTION %s OWNER TO crm_request_log', f);
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO crm_app', f);
  END LOOP;
END $$;
