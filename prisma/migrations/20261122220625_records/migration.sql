-- DropIndex
DROP INDEX "record_tenant_id_object_id_name_search_idx";

-- AlterTable
ALTER TABLE "record" DROP COLUMN "name_search";

-- AlterTable
ALTER TABLE "tenant" ADD COLUMN     "last_change_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "schema_version" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "record_value" (
    "tenant_id" UUID NOT NULL,
    "record_id" UUID NOT NULL,
    "field_id" UUID NOT NULL,
    "ordinal" SMALLINT NOT NULL DEFAULT 0,
    "value_text" TEXT,
    "value_num" DOUBLE PRECISION,
    "value_ts" TIMESTAMPTZ(3),

    CONSTRAINT "record_value_pkey" PRIMARY KEY ("tenant_id","record_id","field_id","ordinal")
);

-- CreateTable
CREATE TABLE "record_token" (
    "tenant_id" UUID NOT NULL,
    "object_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "record_id" UUID NOT NULL,

    CONSTRAINT "record_token_pkey" PRIMARY KEY ("tenant_id","object_id","token","record_id")
);

-- CreateTable
CREATE TABLE "record_unique" (
    "tenant_id" UUID NOT NULL,
    "field_id" UUID NOT NULL,
    "value" TEXT NOT NULL,
    "record_id" UUID NOT NULL,

    CONSTRAINT "record_unique_pkey" PRIMARY KEY ("tenant_id","field_id","value")
);

-- CreateTable
CREATE TABLE "outbox_event" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "object_api_name" TEXT NOT NULL,
    "record_id" UUID NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "processed_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "idempotency_key" (
    "tenant_id" UUID NOT NULL,
    "credential_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "response" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_key_pkey" PRIMARY KEY ("tenant_id","credential_id","key")
);

-- CreateIndex
CREATE INDEX "record_value_tenant_id_field_id_value_text_record_id_idx" ON "record_value"("tenant_id", "field_id", "value_text", "record_id");

-- CreateIndex
CREATE INDEX "record_value_tenant_id_field_id_value_num_record_id_value_t_idx" ON "record_value"("tenant_id", "field_id", "value_num", "record_id", "value_text");

-- CreateIndex
CREATE INDEX "record_value_tenant_id_field_id_value_ts_record_id_idx" ON "record_value"("tenant_id", "field_id", "value_ts", "record_id");

-- CreateIndex
CREATE INDEX "record_token_tenant_id_record_id_idx" ON "record_token"("tenant_id", "record_id");

-- CreateIndex
CREATE INDEX "record_unique_tenant_id_record_id_idx" ON "record_unique"("tenant_id", "record_id");

-- CreateIndex
CREATE INDEX "outbox_event_tenant_id_created_at_id_idx" ON "outbox_event"("tenant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "idempotency_key_tenant_id_created_at_idx" ON "idempotency_key"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_created_at_id_idx" ON "record"("tenant_id", "object_id", "created_at", "id");

-- Hand-written: byte-order collation for folded text, so that ordering and prefix ranges
-- (search tokens) behave the same on every engine and locale.
ALTER TABLE "record_value" ALTER COLUMN "value_text" TYPE TEXT COLLATE "C";
ALTER TABLE "record_token" ALTER COLUMN "token" TYPE TEXT COLLATE "C";

-- Hand-written: tenant isolation for the new tables (see the row_level_security migration).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['record_value', 'record_token', 'record_unique', 'outbox_event', 'idempotency_key'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;
