-- CreateTable
CREATE TABLE "record_import" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "object_api_name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "upsert_on" TEXT,
    "columns" JSONB NOT NULL,
    "storage_key" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "total" INTEGER NOT NULL,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "record_import_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "record_import_failure" (
    "tenant_id" UUID NOT NULL,
    "import_id" UUID NOT NULL,
    "line" INTEGER NOT NULL,
    "cells" TEXT[],
    "error" TEXT NOT NULL,

    CONSTRAINT "record_import_failure_pkey" PRIMARY KEY ("tenant_id","import_id","line")
);

-- CreateIndex
CREATE INDEX "record_import_tenant_id_object_api_name_created_at_id_idx" ON "record_import"("tenant_id", "object_api_name", "created_at", "id");

-- AddForeignKey
ALTER TABLE "record_import_failure" ADD CONSTRAINT "record_import_failure_tenant_id_import_id_fkey" FOREIGN KEY ("tenant_id", "import_id") REFERENCES "record_import"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the rules the services also check, kept by the database whatever writes.
ALTER TABLE "record_import" ADD CONSTRAINT "record_import_check" CHECK (
  "status" IN ('queued', 'running', 'done', 'failed', 'cancelled') AND "mode" IN ('create', 'upsert')
  AND (("mode" = 'upsert') = ("upsert_on" IS NOT NULL)) AND jsonb_typeof("columns") = 'array'
  AND "total" >= 0 AND "processed" BETWEEN 0 AND "total" AND "created" >= 0 AND "updated" >= 0 AND "failed" >= 0
  AND "created" + "updated" + "failed" = "processed" AND ("error" IS NULL OR length("error") <= 2000)
  AND (("status" IN ('done', 'failed', 'cancelled')) = ("finished_at" IS NOT NULL)));

-- The imports waiting for the record-imports job, oldest first (a handful at most at any time).
CREATE INDEX "record_import_active_idx" ON "record_import" ("tenant_id", "created_at", "id") WHERE "status" IN ('queued', 'running');

-- Hand-written: tenant isolation (see the row_level_security migration).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['record_import', 'record_import_failure'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;

-- Hand-written: the record-imports job (lib/jobs/record-imports.ts) runs as crm_app, each batch in
-- its tenant's transaction. Which tenants have imports waiting it learns through a SECURITY DEFINER
-- function owned by crm_imports, a NOLOGIN role that reads only the columns it needs.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_imports') THEN CREATE ROLE crm_imports NOLOGIN; END IF;
END $$;
GRANT USAGE ON SCHEMA public TO crm_imports;
GRANT SELECT ("tenant_id", "id", "status", "created_at") ON "record_import" TO crm_imports;
CREATE POLICY imports_read ON "record_import" FOR SELECT TO crm_imports USING (true);

-- The tenants with an import queued or running, the longest waiting first.
CREATE FUNCTION jobs_import_tenants(p_limit integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT i.tenant_id FROM record_import i WHERE i.status IN ('queued', 'running')
    GROUP BY i.tenant_id ORDER BY min(i.created_at) LIMIT p_limit $$;
ALTER FUNCTION jobs_import_tenants(integer) OWNER TO crm_imports;
REVOKE ALL ON FUNCTION jobs_import_tenants(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION jobs_import_tenants(integer) TO crm_app;
