-- Hand-written: every slot index is partial (WHERE the slot IS NOT NULL), so a record pays index
-- entries only for the fields it has. All 30 slot indexes were full: a contact with six fields
-- filled carried 24 entries for empty slots (2.5 kB of its 5.4 kB). Filters on a slot (eq, ranges,
-- contains) imply the slot is not null, so the planner still uses these indexes; ordering by a
-- field reads its present values along the index and its empty values after them (list-sql.ts
-- emptyTailQuery), and an `empty` filter is checked on the rows other conditions select.

DROP INDEX "record_tenant_id_object_id_t01_id_idx";
CREATE INDEX "record_tenant_id_object_id_t01_id_idx" ON "record"("tenant_id", "object_id", "t01", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t01" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t02_id_idx";
CREATE INDEX "record_tenant_id_object_id_t02_id_idx" ON "record"("tenant_id", "object_id", "t02", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t02" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t03_id_idx";
CREATE INDEX "record_tenant_id_object_id_t03_id_idx" ON "record"("tenant_id", "object_id", "t03", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t03" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t04_id_idx";
CREATE INDEX "record_tenant_id_object_id_t04_id_idx" ON "record"("tenant_id", "object_id", "t04", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t04" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t05_id_idx";
CREATE INDEX "record_tenant_id_object_id_t05_id_idx" ON "record"("tenant_id", "object_id", "t05", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t05" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t06_id_idx";
CREATE INDEX "record_tenant_id_object_id_t06_id_idx" ON "record"("tenant_id", "object_id", "t06", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t06" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t07_id_idx";
CREATE INDEX "record_tenant_id_object_id_t07_id_idx" ON "record"("tenant_id", "object_id", "t07", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t07" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t08_id_idx";
CREATE INDEX "record_tenant_id_object_id_t08_id_idx" ON "record"("tenant_id", "object_id", "t08", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t08" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t09_id_idx";
CREATE INDEX "record_tenant_id_object_id_t09_id_idx" ON "record"("tenant_id", "object_id", "t09", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t09" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t10_id_idx";
CREATE INDEX "record_tenant_id_object_id_t10_id_idx" ON "record"("tenant_id", "object_id", "t10", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t10" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t11_id_idx";
CREATE INDEX "record_tenant_id_object_id_t11_id_idx" ON "record"("tenant_id", "object_id", "t11", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t11" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t12_id_idx";
CREATE INDEX "record_tenant_id_object_id_t12_id_idx" ON "record"("tenant_id", "object_id", "t12", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t12" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t13_id_idx";
CREATE INDEX "record_tenant_id_object_id_t13_id_idx" ON "record"("tenant_id", "object_id", "t13", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t13" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t14_id_idx";
CREATE INDEX "record_tenant_id_object_id_t14_id_idx" ON "record"("tenant_id", "object_id", "t14", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t14" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t15_id_idx";
CREATE INDEX "record_tenant_id_object_id_t15_id_idx" ON "record"("tenant_id", "object_id", "t15", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t15" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_t16_id_idx";
CREATE INDEX "record_tenant_id_object_id_t16_id_idx" ON "record"("tenant_id", "object_id", "t16", "id", "deleted_at", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08", "d01", "d02", "d03", "d04", "d05", "d06") WHERE "t16" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_n01_id_idx";
CREATE INDEX "record_tenant_id_object_id_n01_id_idx" ON "record"("tenant_id", "object_id", "n01", "id") WHERE "n01" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_n02_id_idx";
CREATE INDEX "record_tenant_id_object_id_n02_id_idx" ON "record"("tenant_id", "object_id", "n02", "id") WHERE "n02" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_n03_id_idx";
CREATE INDEX "record_tenant_id_object_id_n03_id_idx" ON "record"("tenant_id", "object_id", "n03", "id") WHERE "n03" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_n04_id_idx";
CREATE INDEX "record_tenant_id_object_id_n04_id_idx" ON "record"("tenant_id", "object_id", "n04", "id") WHERE "n04" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_n05_id_idx";
CREATE INDEX "record_tenant_id_object_id_n05_id_idx" ON "record"("tenant_id", "object_id", "n05", "id") WHERE "n05" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_n06_id_idx";
CREATE INDEX "record_tenant_id_object_id_n06_id_idx" ON "record"("tenant_id", "object_id", "n06", "id") WHERE "n06" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_n07_id_idx";
CREATE INDEX "record_tenant_id_object_id_n07_id_idx" ON "record"("tenant_id", "object_id", "n07", "id") WHERE "n07" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_n08_id_idx";
CREATE INDEX "record_tenant_id_object_id_n08_id_idx" ON "record"("tenant_id", "object_id", "n08", "id") WHERE "n08" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_d01_id_idx";
CREATE INDEX "record_tenant_id_object_id_d01_id_idx" ON "record"("tenant_id", "object_id", "d01", "id") WHERE "d01" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_d02_id_idx";
CREATE INDEX "record_tenant_id_object_id_d02_id_idx" ON "record"("tenant_id", "object_id", "d02", "id") WHERE "d02" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_d03_id_idx";
CREATE INDEX "record_tenant_id_object_id_d03_id_idx" ON "record"("tenant_id", "object_id", "d03", "id") WHERE "d03" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_d04_id_idx";
CREATE INDEX "record_tenant_id_object_id_d04_id_idx" ON "record"("tenant_id", "object_id", "d04", "id") WHERE "d04" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_d05_id_idx";
CREATE INDEX "record_tenant_id_object_id_d05_id_idx" ON "record"("tenant_id", "object_id", "d05", "id") WHERE "d05" IS NOT NULL;

DROP INDEX "record_tenant_id_object_id_d06_id_idx";
CREATE INDEX "record_tenant_id_object_id_d06_id_idx" ON "record"("tenant_id", "object_id", "d06", "id") WHERE "d06" IS NOT NULL;
