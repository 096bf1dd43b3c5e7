-- Hand-written: a search's total and its page no longer visit every matching record
-- (lib/services/records/search-sql.ts, storage.md "Search at scale").

-- The trash of an object, partial: a search's total is the distinct records among the matching
-- name tokens less the trashed ones, which this small index lists without reading live rows.
CREATE INDEX "record_trashed_idx" ON "record"("tenant_id", "object_id", "id") WHERE "deleted_at" IS NOT NULL;

-- A record's tokens with the token in the index: a page walking the order index probes each
-- record's words here without reading record_token's rows.
CREATE INDEX "record_token_tenant_id_record_id_token_idx" ON "record_token"("tenant_id", "record_id", "token");
DROP INDEX "record_token_tenant_id_record_id_idx";
