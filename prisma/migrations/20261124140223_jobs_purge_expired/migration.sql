-- CreateIndex
CREATE INDEX "idempotency_key_created_at_idx" ON "idempotency_key"("created_at");

-- CreateIndex
CREATE INDEX "oauth_code_expires_at_idx" ON "oauth_code"("expires_at");

-- CreateIndex
CREATE INDEX "oauth_consent_use_expires_at_idx" ON "oauth_consent_use"("expires_at");

-- CreateIndex
CREATE INDEX "oauth_token_expires_at_idx" ON "oauth_token"("expires_at");

-- Hand-written: the purge job (lib/jobs/purge-expired.ts) deletes expired rows of every tenant.
-- Its connection is crm_app's, which row-level security confines to one tenant. Rather than give
-- the job the owner's connection (which reads and writes everything, and which PGlite does not
-- keep), the cross-tenant deletes go through SECURITY DEFINER functions owned by crm_purge, a
-- NOLOGIN role that may read only the columns the rules need and whose policies let it delete
-- only rows already past their expiry: whatever crm_app passes them, no live row can go.
-- crm_app may only execute the functions (it stays a member of no role).
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_purge') THEN CREATE ROLE crm_purge NOLOGIN; END IF;
END $$;
GRANT USAGE ON SCHEMA public TO crm_purge;

GRANT SELECT ("tenant_id", "credential_id", "key", "created_at"), DELETE ON "idempotency_key" TO crm_purge;
GRANT SELECT ("tenant_id", "id", "expires_at", "used_at"), DELETE ON "oauth_code" TO crm_purge;
GRANT SELECT ("tenant_id", "id", "kind", "family_id", "expires_at"), DELETE ON "oauth_token" TO crm_purge;
GRANT SELECT ("tenant_id", "token_hash", "expires_at"), DELETE ON "oauth_consent_use" TO crm_purge;

-- A key is kept 24 hours (IDEMPOTENCY_TTL_HOURS in lib/operations/idempotency.ts): the job passes
-- that constant, and this floor keeps any younger key whatever is passed.
CREATE POLICY purge_read ON "idempotency_key" FOR SELECT TO crm_purge USING (true);
CREATE POLICY purge_expired ON "idempotency_key" FOR DELETE TO crm_purge USING ("created_at" < now() - interval '24 hours');
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['oauth_code', 'oauth_token', 'oauth_consent_use'] LOOP
    EXECUTE format('CREATE POLICY purge_read ON %I FOR SELECT TO crm_purge USING (true)', t);
    EXECUTE format('CREATE POLICY purge_expired ON %I FOR DELETE TO crm_purge USING ("expires_at" <= now())', t);
  END LOOP;
END $$;

-- Each function deletes at most p_limit rows (one bounded batch; the job loops) and returns how
-- many it deleted. Candidates come from the expiry indexes, and a family's last expiry is a
-- subquery per candidate, which the (tenant_id, family_id) index answers: no pass over the live
-- rows. OAuth rows stay an hour past their expiry: the app checks expiry on its own clock and
-- these run on the database's, so a request on an instance whose clock lags a little still finds
-- the rows it relies on.
CREATE FUNCTION jobs_purge_idempotency_keys(p_ttl_hours integer, p_limit integer) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH doomed AS (
      SELECT tenant_id, credential_id, key FROM idempotency_key
      WHERE created_at < now() - make_interval(hours => p_ttl_hours) LIMIT p_limit
    ), gone AS (
      DELETE FROM idempotency_key k USING doomed d
      WHERE k.tenant_id = d.tenant_id AND k.credential_id = d.credential_id AND k.key = d.key RETURNING 1
    )
    SELECT count(*)::int FROM gone $$;

-- Tokens: an expired access token goes; nothing looks it up again but its bearer, who is refused
-- either way. Refresh tokens of a family (the tokens descending from one code,
-- lib/services/oauth/tokens.ts) go only once its last token has expired: until then every one
-- stays, spent or revoked ones included, since a spent refresh token presented again must still
-- be found to revoke the family's live tokens.
CREATE FUNCTION jobs_purge_oauth_tokens(p_limit integer) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH doomed AS (
      SELECT t.tenant_id, t.id FROM oauth_token t
      WHERE t.expires_at <= now() - interval '1 hour'
        AND (t.kind = 'access'
             OR (SELECT max(f.expires_at) FROM oauth_token f WHERE f.tenant_id = t.tenant_id AND f.family_id = t.family_id)
                <= now() - interval '1 hour')
      LIMIT p_limit
    ), gone AS (
      DELETE FROM oauth_token k USING doomed d WHERE k.tenant_id = d.tenant_id AND k.id = d.id RETURNING 1
    )
    SELECT count(*)::int FROM gone $$;

-- Codes: an unused expired code can no longer be exchanged. A used one is the id of the family it
-- started, and presenting it again revokes that family: it stays while the family has a live token.
CREATE FUNCTION jobs_purge_oauth_codes(p_limit integer) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH doomed AS (
      SELECT c.tenant_id, c.id FROM oauth_code c
      WHERE c.expires_at <= now() - interval '1 hour'
        AND (c.used_at IS NULL OR coalesce((SELECT max(f.expires_at) FROM oauth_token f WHERE f.tenant_id = c.tenant_id AND f.family_id = c.id),
                                           '-infinity') <= now() - interval '1 hour')
      LIMIT p_limit
    ), gone AS (
      DELETE FROM oauth_code k USING doomed d WHERE k.tenant_id = d.tenant_id AND k.id = d.id RETURNING 1
    )
    SELECT count(*)::int FROM gone $$;

-- Consent forms decided: a form past its expiry is refused before its use is looked up.
CREATE FUNCTION jobs_purge_oauth_consent_uses(p_limit integer) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH doomed AS (
      SELECT tenant_id, token_hash FROM oauth_consent_use WHERE expires_at <= now() - interval '1 hour' LIMIT p_limit
    ), gone AS (
      DELETE FROM oauth_consent_use k USING doomed d WHERE k.tenant_id = d.tenant_id AND k.token_hash = d.token_hash RETURNING 1
    )
    SELECT count(*)::int FROM gone $$;

DO $$
DECLARE f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['jobs_purge_idempotency_keys(integer, integer)', 'jobs_purge_oauth_tokens(integer)',
                           'jobs_purge_oauth_codes(integer)', 'jobs_purge_oauth_consent_uses(integer)'] LOOP
    EXECUTE format('ALTER FUNCTION %s OWNER TO crm_purge', f);
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO crm_app', f);
  END LOOP;
END $$;
