-- Hand-written (generated part below; the rebuild locks record while it runs): the text slot
-- indexes now end in the record's number and date slots and deleted_at, so the exact total of a
-- list led by a text equality (stage, status, owner: the common CRM shape) filters its candidates
-- inside the index (index-only scan) instead of visiting each candidate row. Trailing key columns after the unique id act as included
-- columns (suffix truncation keeps them out of the inner pages). Folded text is capped at 600
-- code points (2.4 kB) and these fixed-width columns add at most 120 bytes: entries stay under
-- btree's 2.7 kB limit. The exact number keys (x01-x08, variable text) stay out of the index;
-- ranges reach them through record_exact_key, and only when a float ties with the bound.

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t01_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t02_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t03_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t04_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t05_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t06_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t07_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t08_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t09_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t10_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t11_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t12_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t13_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t14_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t15_id_idx";

-- DropIndex
DROP INDEX "record_tenant_id_object_id_t16_id_idx";

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t01_id_idx" ON "record"("tenant_id", "object_id", "t01", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t02_id_idx" ON "record"("tenant_id", "object_id", "t02", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t03_id_idx" ON "record"("tenant_id", "object_id", "t03", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t04_id_idx" ON "record"("tenant_id", "object_id", "t04", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t05_id_idx" ON "record"("tenant_id", "object_id", "t05", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t06_id_idx" ON "record"("tenant_id", "object_id", "t06", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t07_id_idx" ON "record"("tenant_id", "object_id", "t07", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t08_id_idx" ON "record"("tenant_id", "object_id", "t08", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t09_id_idx" ON "record"("tenant_id", "object_id", "t09", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t10_id_idx" ON "record"("tenant_id", "object_id", "t10", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t11_id_idx" ON "record"("tenant_id", "object_id", "t11", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t12_id_idx" ON "record"("tenant_id", "object_id", "t12", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t13_id_idx" ON "record"("tenant_id", "object_id", "t13", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t14_id_idx" ON "record"("tenant_id", "object_id", "t14", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t15_id_idx" ON "record"("tenant_id", "object_id", "t15", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_t16_id_idx" ON "record"("tenant_id", "object_id", "t16", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06");

-- Hand-written: the exact key (x01-x08) of one record's number slot, for the rare float tie of a
-- range filter (list-sql.ts numericRange). A function, not a column reference, so the count's
-- scan stays index-only; plpgsql, so the planner cannot inline it back into a column reference.
-- Runs as the caller: row-level security applies to its lookup.
CREATE FUNCTION record_exact_key(p_tenant_id uuid, p_id uuid, p_slot int) RETURNS text LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT CASE p_slot WHEN 1 THEN x01 WHEN 2 THEN x02 WHEN 3 THEN x03 WHEN 4 THEN x04
                             WHEN 5 THEN x05 WHEN 6 THEN x06 WHEN 7 THEN x07 WHEN 8 THEN x08 END
          FROM record WHERE tenant_id = p_tenant_id AND id = p_id);
END
$$;

-- Hand-written: an object belongs to one tenant, so tenant_id and object_id are not independent.
-- Without this the planner multiplies their selectivities and expects a tenth of the rows a filter
-- really finds at scale, which steers it away from the index-only count.
CREATE STATISTICS record_tenant_object (dependencies, ndistinct) ON tenant_id, object_id FROM record;
ANALYZE record;
