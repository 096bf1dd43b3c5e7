-- CreateTable
CREATE TABLE "attachment" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "object_api_name" TEXT NOT NULL,
    "record_id" UUID NOT NULL,
    "storage_key" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "attachment_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "attachment_upload" (
    "tenant_id" UUID NOT NULL,
    "storage_key" TEXT NOT NULL,
    "object_api_name" TEXT NOT NULL,
    "record_id" UUID NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "credential" TEXT NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "purge_after" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "attachment_upload_pkey" PRIMARY KEY ("tenant_id","storage_key")
);

-- CreateIndex
CREATE INDEX "attachment_tenant_id_record_id_created_at_id_idx" ON "attachment"("tenant_id", "record_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "attachment_tenant_id_storage_key_key" ON "attachment"("tenant_id", "storage_key");

-- CreateIndex
CREATE INDEX "attachment_upload_purge_after_idx" ON "attachment_upload"("purge_after");

-- AddForeignKey
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_tenant_id_record_id_fkey" FOREIGN KEY ("tenant_id", "record_id") REFERENCES "record"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_tenant_id_created_by_id_fkey" FOREIGN KEY ("tenant_id", "created_by_id") REFERENCES "app_user"("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attachment_upload" ADD CONSTRAINT "attachment_upload_tenant_id_record_id_fkey" FOREIGN KEY ("tenant_id", "record_id") REFERENCES "record"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attachment_upload" ADD CONSTRAINT "attachment_upload_tenant_id_created_by_id_fkey" FOREIGN KEY ("tenant_id", "created_by_id") REFERENCES "app_user"("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: the rules the services also check, kept by the database whatever writes.
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_check" CHECK (
  "size" > 0 AND length("file_name") BETWEEN 1 AND 255 AND length("content_type") BETWEEN 3 AND 255);
ALTER TABLE "attachment_upload" ADD CONSTRAINT "attachment_upload_check" CHECK (
  "size" > 0 AND length("file_name") BETWEEN 1 AND 255 AND length("content_type") BETWEEN 3 AND 255);

-- Hand-written: tenant isolation (see the row_level_security migration).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['attachment', 'attachment_upload'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;

-- Hand-written: uploads never registered are deleted, bytes and row, by the attachment-uploads job
-- (lib/jobs/attachment-uploads.ts) once purge_after has passed, for every tenant. As for the other
-- purges (jobs_purge_expired migration), the cross-tenant statements are SECURITY DEFINER
-- functions owned by crm_purge, whose policies reach only rows past purge_after. Claiming locks the
-- rows (SKIP LOCKED: a registration under way keeps its row), so the job deletes the bytes of
-- exactly the rows it then deletes, in the same transaction; a run killed half-way leaves the rows
-- for the next, which deletes the (already missing) bytes again.
GRANT SELECT ("tenant_id", "storage_key", "purge_after"), UPDATE ("purge_after"), DELETE ON "attachment_upload" TO crm_purge;
CREATE POLICY purge_read ON "attachment_upload" FOR SELECT TO crm_purge USING ("purge_after" <= now());
CREATE POLICY purge_lock ON "attachment_upload" FOR UPDATE TO crm_purge USING ("purge_after" <= now());
CREATE POLICY purge_expired ON "attachment_upload" FOR DELETE TO crm_purge USING ("purge_after" <= now());

CREATE FUNCTION jobs_claim_stale_uploads(p_limit integer) RETURNS TABLE (tenant_id uuid, storage_key text)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT u.tenant_id, u.storage_key FROM attachment_upload u
    WHERE u.purge_after <= now() ORDER BY u.purge_after LIMIT p_limit FOR UPDATE SKIP LOCKED $$;

CREATE FUNCTION jobs_delete_stale_uploads(p_tenants uuid[], p_keys text[]) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH gone AS (
      DELETE FROM attachment_upload u USING unnest(p_tenants, p_keys) AS d(tenant_id, storage_key)
      WHERE u.tenant_id = d.tenant_id AND u.storage_key = d.storage_key AND u.purge_after <= now() RETURNING 1
    )
    SELECT count(*)::int FROM gone $$;

DO $$
DECLARE f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['jobs_claim_stale_uploads(integer)', 'jobs_delete_stale_uploads(uuid[], text[])'] LOOP
    EXECUTE format('ALTER FUNCTION %s OWNER TO crm_purge', f);
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO crm_app', f);
  END LOOP;
END $$;
