-- CreateTable
CREATE TABLE "record_count" (
    "tenant_id" UUID NOT NULL,
    "object_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "stripe" INTEGER NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "record_count_pkey" PRIMARY KEY ("tenant_id","object_id","key","stripe")
);

-- Hand-written: totals the writes keep (lib/services/records/record-counts.ts, storage.md "Kept
-- totals"): per object, its live records (key '') and its live records whose name has a word
-- starting with each 1- to 3-letter prefix (key = the prefix, folded like record_token.token).
-- Each row is one connection's share (stripe = pg_backend_pid()), so concurrent writers never
-- update the same row. Byte order, like the tokens.
ALTER TABLE "record_count" ALTER COLUMN "key" TYPE TEXT COLLATE "C";

-- The counts of the records already stored, in stripe 0 (no backend has pid 0).
INSERT INTO "record_count" ("tenant_id", "object_id", "key", "stripe", "n")
SELECT r.tenant_id, r.object_id, '', 0, count(*) FROM "record" r WHERE r.deleted_at IS NULL GROUP BY r.tenant_id, r.object_id;
INSERT INTO "record_count" ("tenant_id", "object_id", "key", "stripe", "n")
SELECT t.tenant_id, t.object_id, p.prefix, 0, count(DISTINCT t.record_id)
FROM "record_token" t
JOIN "record" r ON r.tenant_id = t.tenant_id AND r.id = t.record_id AND r.deleted_at IS NULL
CROSS JOIN LATERAL (SELECT DISTINCT left(t.token, k) FROM generate_series(1, 3) k) p(prefix)
GROUP BY t.tenant_id, t.object_id, p.prefix;

-- Tenant isolation (see the row_level_security migration).
ALTER TABLE "record_count" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "record_count" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "record_count" USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
