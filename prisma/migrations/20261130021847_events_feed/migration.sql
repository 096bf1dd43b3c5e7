-- AlterTable
ALTER TABLE "outbox_event" ADD COLUMN     "tx_id" BIGINT NOT NULL DEFAULT (pg_current_xact_id())::text::bigint,
ADD COLUMN     "webhook_id" UUID,
ALTER COLUMN "object_api_name" DROP NOT NULL,
ALTER COLUMN "record_id" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "outbox_event_tenant_id_tx_id_id_idx" ON "outbox_event"("tenant_id", "tx_id", "id");
