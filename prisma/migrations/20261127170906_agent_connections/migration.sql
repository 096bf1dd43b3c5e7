-- AlterTable
ALTER TABLE "oauth_app" ADD COLUMN     "client_uri" TEXT,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'app',
ADD COLUMN     "last_used_at" TIMESTAMPTZ(3),
ADD COLUMN     "metadata_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "registration" TEXT;

-- AlterTable
ALTER TABLE "tenant" ADD COLUMN     "agent_connections" BOOLEAN NOT NULL DEFAULT true;

-- Hand-written: what each kind of client may hold. Marketplace apps are the only confidential
-- clients and the only ones published; an agent connection is a public client (PKCE only) that
-- says how it registered.
ALTER TABLE "oauth_app" ADD CONSTRAINT "oauth_app_kind_check" CHECK (
  ("kind" = 'app' AND "registration" IS NULL AND "metadata_expires_at" IS NULL)
  OR ("kind" = 'agent' AND "registration" IN ('dynamic', 'metadata_document') AND "secret_hash" IS NULL AND "published_at" IS NULL
      AND ("metadata_expires_at" IS NOT NULL) = ("registration" = 'metadata_document')));
ALTER TABLE "oauth_app" ADD CONSTRAINT "oauth_app_sizes_check" CHECK (
  length("client_id") <= 2048 AND length("name") <= 200 AND cardinality("redirect_uris") <= 20
  AND ("client_uri" IS NULL OR length("client_uri") <= 2048) AND ("logo_url" IS NULL OR length("logo_url") <= 2048));

-- The purge finds unused agents by their last use; an app's grants by the app.
CREATE INDEX "oauth_app_agent_last_used_idx" ON "oauth_app" ((COALESCE("last_used_at", "created_at"))) WHERE "kind" = 'agent';
CREATE INDEX "oauth_grant_app_id_idx" ON "oauth_grant" ("app_id");

-- Agent registrations unused for 30 days go, with their grants (every token under them expired
-- long since: refresh tokens live 30 days and each use is a use of the registration). Through
-- crm_purge (see jobs_purge_expired), whose policies admit only agents past those 30 days and the
-- grants of such agents, whatever crm_app passes.
GRANT SELECT ("id", "kind", "last_used_at", "created_at"), DELETE ON "oauth_app" TO crm_purge;
GRANT SELECT ("tenant_id", "id", "app_id"), DELETE ON "oauth_grant" TO crm_purge;
CREATE POLICY purge_read ON "oauth_grant" FOR SELECT TO crm_purge USING (true);
CREATE POLICY purge_unused_agent ON "oauth_grant" FOR DELETE TO crm_purge USING ("app_id" IN (
  SELECT "id" FROM "oauth_app" WHERE "kind" = 'agent' AND COALESCE("last_used_at", "created_at") < now() - interval '30 days'));

CREATE FUNCTION jobs_purge_agent_clients(p_days integer, p_limit integer) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH doomed AS (
      SELECT id FROM oauth_app
      WHERE kind = 'agent' AND COALESCE(last_used_at, created_at) < now() - make_interval(days => GREATEST(p_days, 30))
      LIMIT p_limit
    ), grants AS (
      DELETE FROM oauth_grant g USING doomed d WHERE g.app_id = d.id RETURNING 1
    ), gone AS (
      DELETE FROM oauth_app a USING doomed d WHERE a.id = d.id AND a.kind = 'agent' RETURNING 1
    )
    -- Both deletes run to completion whether or not the result reads them (data-modifying WITH).
    SELECT count(*)::int FROM gone $$;
ALTER FUNCTION jobs_purge_agent_clients(integer, integer) OWNER TO crm_purge;
REVOKE ALL ON FUNCTION jobs_purge_agent_clients(integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION jobs_purge_agent_clients(integer, integer) TO crm_app;
