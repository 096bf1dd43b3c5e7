-- AlterTable
ALTER TABLE "outbox_event" ALTER COLUMN "payload" SET DATA TYPE TEXT;

-- CreateTable
CREATE TABLE "webhook" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "active_since" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "secret_sealed" TEXT NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "webhook_delivery" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "redelivery_of" UUID,
    "sender" UUID,
    "state" TEXT NOT NULL,
    "request_headers" JSONB,
    "request_body" TEXT NOT NULL,
    "response_status" INTEGER,
    "error" TEXT,
    "error_detail" TEXT,
    "response_head" TEXT,
    "duration_ms" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "job_instance" (
    "id" UUID NOT NULL,
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_instance_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_tenant_id_created_at_idx" ON "webhook"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_tenant_id_webhook_id_id_idx" ON "webhook_delivery"("tenant_id", "webhook_id", "id");

-- CreateIndex
CREATE INDEX "webhook_delivery_queued_idx" ON "webhook_delivery"("tenant_id", "webhook_id", "id");

-- CreateIndex
CREATE INDEX "webhook_delivery_state_tenant_id_idx" ON "webhook_delivery"("state", "tenant_id");

-- CreateIndex
CREATE INDEX "webhook_delivery_created_at_idx" ON "webhook_delivery"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_delivery_tenant_id_event_id_webhook_id_key" ON "webhook_delivery"("tenant_id", "event_id", "webhook_id");

-- CreateIndex
CREATE INDEX "outbox_event_created_at_idx" ON "outbox_event"("created_at");

-- AddForeignKey
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_tenant_id_created_by_id_fkey" FOREIGN KEY ("tenant_id", "created_by_id") REFERENCES "app_user"("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_tenant_id_webhook_id_fkey" FOREIGN KEY ("tenant_id", "webhook_id") REFERENCES "webhook"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: partial indexes. Waiting events only (a claimed event leaves the index); one
-- attempt per (event, webhook), manual redeliveries aside; each webhook's queued attempts; the
-- attempts queued or under way, across tenants.
DROP INDEX "outbox_event_tenant_id_created_at_id_idx";
CREATE INDEX "outbox_event_tenant_id_created_at_id_idx" ON "outbox_event"("tenant_id", "created_at", "id") WHERE "processed_at" IS NULL;
DROP INDEX "webhook_delivery_tenant_id_event_id_webhook_id_key";
CREATE UNIQUE INDEX "webhook_delivery_tenant_id_event_id_webhook_id_key" ON "webhook_delivery"("tenant_id", "event_id", "webhook_id") WHERE "redelivery_of" IS NULL;
DROP INDEX "webhook_delivery_queued_idx";
CREATE INDEX "webhook_delivery_queued_idx" ON "webhook_delivery"("tenant_id", "webhook_id", "id") WHERE "state" = 'queued';
DROP INDEX "webhook_delivery_state_tenant_id_idx";
CREATE INDEX "webhook_delivery_state_tenant_id_idx" ON "webhook_delivery"("state", "tenant_id") WHERE "state" IN ('queued', 'sending');

-- Hand-written: tenant isolation (see the row_level_security migration). job_instance belongs
-- to the platform: instance ids and heartbeats only.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['webhook', 'webhook_delivery'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;

-- Hand-written: a write that queues events for a tenant with an active webhook wakes the
-- dispatchers of every instance, at its commit (NOTIFY is transactional, and identical
-- notifications of one transaction are folded into one). Tenants without an active webhook pay
-- one index probe per statement and notify nobody: the dispatcher never looks at their events
-- (jobs_webhook_tenants), which the purge drops after a day.
CREATE FUNCTION outbox_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhook WHERE tenant_id = app_current_tenant() AND active) THEN
    PERFORM pg_notify('outbox_event', '');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER outbox_event_notify AFTER INSERT ON "outbox_event" FOR EACH STATEMENT EXECUTE FUNCTION outbox_event_notify();

-- Hand-written: the dispatcher (lib/services/webhooks/dispatch.ts) runs as crm_app, which sees
-- one tenant at a time. What it must see across tenants goes through SECURITY DEFINER functions
-- owned by crm_webhooks, a NOLOGIN role that reads only the columns they need and may change only
-- an attempt under way whose sender has stopped beating into 'interrupted'. Each tenant's events
-- are then claimed in that tenant's own transaction, under row-level security.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_webhooks') THEN CREATE ROLE crm_webhooks NOLOGIN; END IF;
END $$;
GRANT USAGE ON SCHEMA public TO crm_webhooks;
GRANT SELECT ("tenant_id", "id", "created_at", "processed_at") ON "outbox_event" TO crm_webhooks;
GRANT SELECT ("tenant_id", "id", "active") ON "webhook" TO crm_webhooks;
CREATE POLICY webhooks_read ON "webhook" FOR SELECT TO crm_webhooks USING (true);
GRANT SELECT ("tenant_id", "id", "webhook_id", "sender", "state"), UPDATE ("state", "error", "error_detail", "finished_at") ON "webhook_delivery" TO crm_webhooks;
GRANT SELECT, DELETE ON "job_instance" TO crm_webhooks;
-- Instances add and refresh their own row; only the function above forgets old ones.
REVOKE DELETE ON "job_instance" FROM crm_app;
CREATE POLICY webhooks_read ON "outbox_event" FOR SELECT TO crm_webhooks USING (true);
CREATE POLICY webhooks_read ON "webhook_delivery" FOR SELECT TO crm_webhooks USING (true);
CREATE POLICY webhooks_interrupt ON "webhook_delivery" FOR UPDATE TO crm_webhooks USING ("state" = 'sending') WITH CHECK ("state" = 'interrupted');

-- The tenants with work for the dispatcher, two lists of at most p_limit each, so that neither
-- kind crowds out the other: those with events waiting and an active webhook, the longest
-- waiting first (one probe of the waiting-events index per tenant with an active webhook); and
-- those with attempts queued for an active webhook, the oldest first (one probe of the queued
-- index per active webhook). Attempts queued for a paused webhook wait for its resumption.
CREATE FUNCTION jobs_webhook_tenants(p_limit integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    (SELECT t.tenant_id FROM (SELECT DISTINCT tenant_id FROM webhook WHERE active) t
     CROSS JOIN LATERAL (
       SELECT e.created_at FROM outbox_event e WHERE e.tenant_id = t.tenant_id AND e.processed_at IS NULL
       ORDER BY e.created_at, e.id LIMIT 1
     ) oldest
     ORDER BY oldest.created_at LIMIT p_limit)
    UNION
    (SELECT q.tenant_id FROM (
       SELECT w.tenant_id, (SELECT d.id FROM webhook_delivery d
                            WHERE d.tenant_id = w.tenant_id AND d.webhook_id = w.id AND d.state = 'queued'
                            ORDER BY d.id LIMIT 1) AS oldest
       FROM webhook w WHERE w.active
     ) q WHERE q.oldest IS NOT NULL
     GROUP BY q.tenant_id ORDER BY min(q.oldest::text) LIMIT p_limit) $$;

-- Attempts under way whose sender has not beaten for p_stale_seconds, 10 at least (killed, or cut
-- off from the database) become 'interrupted': never resent, shown as such in the log. Returns how
-- many. Instances silent for a day are forgotten.
CREATE FUNCTION jobs_webhook_interrupt_orphans(p_stale_seconds integer, p_limit integer) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH orphans AS (
      SELECT d.tenant_id, d.id FROM webhook_delivery d
      WHERE d.state = 'sending'
        AND NOT EXISTS (SELECT 1 FROM job_instance i WHERE i.id = d.sender
                        AND i.heartbeat_at > now() - make_interval(secs => GREATEST(p_stale_seconds, 10)))
      LIMIT p_limit
    ), marked AS (
      UPDATE webhook_delivery d SET state = 'interrupted', error = 'interrupted',
        error_detail = 'The instance sending it stopped before recording the result; it may or may not have been received',
        finished_at = now()
      FROM orphans o WHERE d.tenant_id = o.tenant_id AND d.id = o.id AND d.state = 'sending'
      RETURNING 1
    ), forgotten AS (
      DELETE FROM job_instance WHERE heartbeat_at < now() - interval '1 day'
    )
    SELECT count(*)::int FROM marked $$;

ALTER FUNCTION jobs_webhook_tenants(integer) OWNER TO crm_webhooks;
ALTER FUNCTION jobs_webhook_interrupt_orphans(integer, integer) OWNER TO crm_webhooks;
REVOKE ALL ON FUNCTION jobs_webhook_tenants(integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION jobs_webhook_interrupt_orphans(integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION jobs_webhook_tenants(integer) TO crm_app;
GRANT EXECUTE ON FUNCTION jobs_webhook_interrupt_orphans(integer, integer) TO crm_app;

-- Hand-written: the purge job (lib/jobs/purge-expired.ts) drops the delivery log past its
-- retention, and events a day old that were claimed or that no active webhook of their tenant
-- could still claim, through crm_purge (see jobs_purge_expired). The policies keep anything
-- younger whatever the job passes: a log entry stays 30 days (WEBHOOK_LOG_RETENTION_DAYS), an event a day.
GRANT SELECT ("tenant_id", "id", "created_at"), DELETE ON "webhook_delivery" TO crm_purge;
GRANT SELECT ("tenant_id", "id", "created_at", "processed_at"), DELETE ON "outbox_event" TO crm_purge;
GRANT SELECT ("tenant_id", "active") ON "webhook" TO crm_purge;
CREATE POLICY purge_read ON "webhook" FOR SELECT TO crm_purge USING (true);
CREATE POLICY purge_read ON "webhook_delivery" FOR SELECT TO crm_purge USING (true);
CREATE POLICY purge_expired ON "webhook_delivery" FOR DELETE TO crm_purge USING ("created_at" < now() - interval '30 days');
CREATE POLICY purge_read ON "outbox_event" FOR SELECT TO crm_purge USING (true);
CREATE POLICY purge_expired ON "outbox_event" FOR DELETE TO crm_purge USING ("created_at" < now() - interval '1 day');

CREATE FUNCTION jobs_purge_webhook_deliveries(p_days integer, p_limit integer) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH doomed AS (
      SELECT tenant_id, id FROM webhook_delivery WHERE created_at < now() - make_interval(days => p_days) LIMIT p_limit
    ), gone AS (
      DELETE FROM webhook_delivery k USING doomed d WHERE k.tenant_id = d.tenant_id AND k.id = d.id RETURNING 1
    )
    SELECT count(*)::int FROM gone $$;

CREATE FUNCTION jobs_purge_outbox_events(p_days integer, p_limit integer) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH doomed AS (
      SELECT e.tenant_id, e.id FROM outbox_event e
      WHERE e.created_at < now() - make_interval(days => p_days)
        AND (e.processed_at IS NOT NULL OR NOT EXISTS (SELECT 1 FROM webhook w WHERE w.tenant_id = e.tenant_id AND w.active))
      LIMIT p_limit
    ), gone AS (
      DELETE FROM outbox_event k USING doomed d WHERE k.tenant_id = d.tenant_id AND k.id = d.id RETURNING 1
    )
    SELECT count(*)::int FROM gone $$;

DO $$
DECLARE f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['jobs_purge_webhook_deliveries(integer, integer)', 'jobs_purge_outbox_events(integer, integer)'] LOOP
    EXECUTE format('ALTER FUNCTION %s OWNER TO crm_purge', f);
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO crm_app', f);
  END LOOP;
END $$;
