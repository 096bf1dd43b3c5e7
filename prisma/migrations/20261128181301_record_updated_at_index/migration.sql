-- The data endpoint and order=updated_at:desc read ORDER BY updated_at DESC, id DESC: the index read
-- backwards serves it, where (updated_at DESC, id) matched neither direction and every matching
-- row was sorted for each page.
-- DropIndex
DROP INDEX "record_tenant_id_object_id_updated_at_id_idx";

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_updated_at_id_idx" ON "record"("tenant_id", "object_id", "updated_at", "id");
