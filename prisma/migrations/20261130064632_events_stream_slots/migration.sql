-- CreateTable
CREATE TABLE "event_stream_slot" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "credential_key" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_stream_slot_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateIndex
CREATE INDEX "event_stream_slot_tenant_id_credential_key_idx" ON "event_stream_slot"("tenant_id", "credential_key");

-- Hand-written: tenant isolation, as for every tenant table (row_level_security migration).
ALTER TABLE "event_stream_slot" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "event_stream_slot" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "event_stream_slot" USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE "event_stream_slot" ADD CONSTRAINT "event_stream_slot_check" CHECK (length("credential_key") BETWEEN 1 AND 200);
