-- CreateTable
CREATE TABLE "email_message" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "message_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "from_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text_body" TEXT NOT NULL,
    "html_body" TEXT NOT NULL,
    "unsubscribe_url" TEXT,
    "object_api_name" TEXT,
    "record_id" UUID,
    "created_by_id" UUID,
    "state" TEXT NOT NULL,
    "error" TEXT,
    "claimed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "email_message_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "email_suppression" (
    "tenant_id" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "object_api_name" TEXT,
    "record_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_suppression_pkey" PRIMARY KEY ("tenant_id","address")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_message_message_id_key" ON "email_message"("message_id");

-- CreateIndex
CREATE INDEX "email_message_tenant_id_created_at_id_idx" ON "email_message"("tenant_id", "created_at", "id");

-- Hand-written: the rules the services also check, kept by the database whatever writes.
ALTER TABLE "email_message" ADD CONSTRAINT "email_message_check" CHECK (
  "kind" IN ('marketing', 'flow')
  AND "state" IN ('queued', 'sending', 'sent', 'failed', 'interrupted', 'stored')
  AND length("to_address") BETWEEN 3 AND 254 AND length("from_address") BETWEEN 3 AND 320
  AND length("subject") BETWEEN 1 AND 255 AND length("text_body") <= 200000 AND length("html_body") <= 400000
  AND length("message_id") <= 255 AND ("error" IS NULL OR length("error") <= 2000));
ALTER TABLE "email_suppression" ADD CONSTRAINT "email_suppression_check" CHECK (
  length("address") BETWEEN 3 AND 254 AND "address" = lower("address"));

-- Hand-written: the queue the email-send job claims from, oldest first,
CREATE INDEX "email_message_queued_idx" ON "email_message" ("tenant_id", "created_at", "id") WHERE "state" = 'queued';
-- and the messages being handed over, which the orphan sweep of every instance looks at.
CREATE INDEX "email_message_sending_idx" ON "email_message" ("claimed_at") WHERE "state" = 'sending';

-- Hand-written: tenant isolation (see the row_level_security migration).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['email_message', 'email_suppression'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;

-- Hand-written: the email-send job (lib/jobs/email-send.ts) runs as crm_app, one tenant at a
-- time. Which tenants have queued email, and which messages were left 'sending' past the send
-- timeout by an instance that stopped, it learns through SECURITY DEFINER functions owned by
-- crm_mail, a NOLOGIN role that reads only the columns they need and may only turn such a
-- 'sending' into 'interrupted'.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_mail') THEN CREATE ROLE crm_mail NOLOGIN; END IF;
END $$;
GRANT USAGE ON SCHEMA public TO crm_mail;
GRANT SELECT ("tenant_id", "id", "state", "claimed_at", "created_at"), UPDATE ("state", "error") ON "email_message" TO crm_mail;
CREATE POLICY mail_read ON "email_message" FOR SELECT TO crm_mail USING (true);
CREATE POLICY mail_interrupt ON "email_message" FOR UPDATE TO crm_mail USING ("state" = 'sending') WITH CHECK ("state" = 'interrupted');

CREATE FUNCTION jobs_email_tenants(p_limit integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT m.tenant_id FROM email_message m WHERE m.state = 'queued'
    GROUP BY m.tenant_id ORDER BY min(m.created_at) LIMIT p_limit $$;

CREATE FUNCTION jobs_email_interrupt_orphans(p_stale_seconds integer, p_limit integer) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH orphans AS (
      SELECT m.tenant_id, m.id FROM email_message m
      WHERE m.state = 'sending' AND m.claimed_at < now() - make_interval(secs => GREATEST(p_stale_seconds, 60))
      LIMIT p_limit
    ), marked AS (
      UPDATE email_message m SET state = 'interrupted',
        error = 'The instance sending it stopped before recording the result: it may or may not have been delivered, and is not sent again'
      FROM orphans o WHERE m.tenant_id = o.tenant_id AND m.id = o.id AND m.state = 'sending'
      RETURNING 1
    )
    SELECT count(*)::int FROM marked $$;

ALTER FUNCTION jobs_email_tenants(integer) OWNER TO crm_mail;
ALTER FUNCTION jobs_email_interrupt_orphans(integer, integer) OWNER TO crm_mail;
REVOKE ALL ON FUNCTION jobs_email_tenants(integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION jobs_email_interrupt_orphans(integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION jobs_email_tenants(integer) TO crm_app;
GRANT EXECUTE ON FUNCTION jobs_email_interrupt_orphans(integer, integer) TO crm_app;
