-- A unique index without tenant_id could not be kept once the table is distributed by tenant
-- (tests/integration/guards/tenant-keys.test.ts); our Message-IDs are random uuids, so the lookup of a
-- reply (email_reply_target) needs only a plain index.
-- DropIndex
DROP INDEX "email_message_message_id_key";

-- CreateIndex
CREATE INDEX "email_message_message_id_idx" ON "email_message"("message_id");
