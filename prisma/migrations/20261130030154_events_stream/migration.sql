-- CreateTable
CREATE TABLE "event_stream_tenant" (
    "tenant_id" UUID NOT NULL,
    "instance_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_stream_tenant_pkey" PRIMARY KEY ("tenant_id","instance_id")
);

-- Hand-written: tenant isolation, as for every tenant table (row_level_security migration).
ALTER TABLE "event_stream_tenant" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "event_stream_tenant" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "event_stream_tenant" USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Hand-written: a write that adds events notifies, at its commit, when someone waits for them: a
-- tenant with an active webhook (the dispatchers), or with an open event stream on some instance
-- (lib/services/events/stream-hub.ts). The payload names the tenant, so that an instance wakes
-- only that tenant's streams; the dispatchers ignore it. Other tenants still notify nobody: a
-- transaction that notifies takes a database-wide lock for its commit, which imports of tenants
-- nobody listens to should not pay.
CREATE OR REPLACE FUNCTION outbox_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhook WHERE tenant_id = app_current_tenant() AND active)
     OR EXISTS (SELECT 1 FROM event_stream_tenant WHERE tenant_id = app_current_tenant() AND expires_at > now()) THEN
    PERFORM pg_notify('outbox_event', app_current_tenant()::text);
  END IF;
  RETURN NULL;
END $$;
