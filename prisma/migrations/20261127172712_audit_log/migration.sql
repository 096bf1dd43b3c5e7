-- CreateTable
CREATE TABLE "audit_log" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "action" TEXT NOT NULL,
    "actor_id" UUID,
    "actor_email" TEXT,
    "credential_kind" TEXT NOT NULL,
    "credential_id" TEXT,
    "credential_name" TEXT,
    "ip" TEXT,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "target_label" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateIndex
CREATE INDEX "audit_log_tenant_id_created_at_id_idx" ON "audit_log"("tenant_id", "created_at", "id");

-- Hand-written: what the services also check, kept by the database whatever writes.
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_check" CHECK (
  "credential_kind" IN ('session', 'api_key', 'oauth', 'system')
  AND length("action") BETWEEN 1 AND 64 AND length("target_type") BETWEEN 1 AND 64
  AND ("actor_email" IS NULL OR length("actor_email") <= 320)
  AND ("credential_id" IS NULL OR length("credential_id") <= 200)
  AND ("credential_name" IS NULL OR length("credential_name") <= 200)
  AND ("ip" IS NULL OR length("ip") <= 64)
  AND ("target_id" IS NULL OR length("target_id") <= 200)
  AND ("target_label" IS NULL OR length("target_label") <= 500)
  AND pg_column_size("details") <= 16384);

-- Append-only: requests may add entries and read their tenant's, never change or remove one.
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM crm_app;

-- Hand-written: tenant isolation (see the row_level_security migration).
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "audit_log" USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
