-- Tenant isolation in the database, independent of the application's own tenant filters.
--
-- crm_app  runs every request: not a superuser, no BYPASSRLS, owns nothing, so every policy
--          below applies to it (FORCE also covers the table owner).
-- crm_auth owns the only SECURITY DEFINER function (login lookup by email, before any tenant
--          is known) and may read just the columns that lookup needs.
-- The tenant is set per transaction with set_config('app.tenant_id', ..., true); NULLIF turns the
-- empty string a finished transaction leaves behind into NULL, which matches no row.

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_app') THEN CREATE ROLE crm_app NOLOGIN; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_auth') THEN CREATE ROLE crm_auth NOLOGIN; END IF;
END $$;

GRANT USAGE ON SCHEMA public TO crm_app, crm_auth;
GRANT SELECT, INSERT, UPDATE, DELETE ON "tenant", "role", "role_permission", "app_user", "api_key",
  "object_def", "field_def", "record" TO crm_app;
-- Tables added by later migrations are granted the same way by default.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO crm_app;

CREATE FUNCTION app_current_tenant() RETURNS uuid LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid $$;

ALTER TABLE "tenant" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "tenant" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "tenant"
  USING ("id" = app_current_tenant()) WITH CHECK ("id" = app_current_tenant());

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['role', 'role_permission', 'app_user', 'api_key', 'object_def', 'field_def', 'record'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;

-- Login: the only read across tenants, limited to (tenant, user) for one email.
GRANT SELECT ("tenant_id", "id", "email", "active") ON "app_user" TO crm_auth;
CREATE POLICY login_lookup ON "app_user" FOR SELECT TO crm_auth USING (true);

CREATE FUNCTION auth_find_login(p_email text) RETURNS TABLE (tenant_id uuid, user_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT u.tenant_id, u.id FROM app_user u WHERE u.email = lower(p_email) AND u.active $$;
ALTER FUNCTION auth_find_login(text) OWNER TO crm_auth;
REVOKE ALL ON FUNCTION auth_find_login(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_find_login(text) TO crm_app;
