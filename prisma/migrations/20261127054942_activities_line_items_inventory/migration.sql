-- AlterTable
ALTER TABLE "tenant" ADD COLUMN     "blueprint_version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "activity" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT,
    "due_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "outcome" TEXT,
    "assignee_id" UUID,
    "object_api_name" TEXT NOT NULL,
    "record_id" UUID NOT NULL,
    "owner_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "activity_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "line_item" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "opportunity_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "quantity" DECIMAL(19,2) NOT NULL,
    "unit_price" DECIMAL(19,2) NOT NULL,
    "discount" DECIMAL(5,2) NOT NULL,
    "tax" DECIMAL(5,2) NOT NULL,
    "term" INTEGER,
    "subtotal" DECIMAL(19,2) NOT NULL,
    "discount_amount" DECIMAL(19,2) NOT NULL,
    "tax_amount" DECIMAL(19,2) NOT NULL,
    "total" DECIMAL(19,2) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "line_item_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "inventory_level" (
    "tenant_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "on_hand" DECIMAL(19,2) NOT NULL DEFAULT 0,
    "reorder_level" DECIMAL(19,2),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "inventory_level_pkey" PRIMARY KEY ("tenant_id","product_id")
);

-- CreateTable
CREATE TABLE "inventory_movement" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "quantity" DECIMAL(19,2) NOT NULL,
    "on_hand_after" DECIMAL(19,2) NOT NULL,
    "reason" TEXT NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "inventory_movement_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateIndex
CREATE INDEX "activity_tenant_id_record_id_created_at_id_idx" ON "activity"("tenant_id", "record_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "activity_tenant_id_created_at_id_idx" ON "activity"("tenant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "activity_tenant_id_assignee_id_created_at_idx" ON "activity"("tenant_id", "assignee_id", "created_at");

-- CreateIndex
CREATE INDEX "line_item_tenant_id_opportunity_id_id_idx" ON "line_item"("tenant_id", "opportunity_id", "id");

-- CreateIndex
CREATE INDEX "line_item_tenant_id_product_id_idx" ON "line_item"("tenant_id", "product_id");

-- CreateIndex
CREATE INDEX "inventory_movement_tenant_id_product_id_id_idx" ON "inventory_movement"("tenant_id", "product_id", "id");

-- AddForeignKey
ALTER TABLE "activity" ADD CONSTRAINT "activity_tenant_id_assignee_id_fkey" FOREIGN KEY ("tenant_id", "assignee_id") REFERENCES "app_user"("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity" ADD CONSTRAINT "activity_tenant_id_record_id_fkey" FOREIGN KEY ("tenant_id", "record_id") REFERENCES "record"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "line_item" ADD CONSTRAINT "line_item_tenant_id_opportunity_id_fkey" FOREIGN KEY ("tenant_id", "opportunity_id") REFERENCES "record"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "line_item" ADD CONSTRAINT "line_item_tenant_id_product_id_fkey" FOREIGN KEY ("tenant_id", "product_id") REFERENCES "record"("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_level" ADD CONSTRAINT "inventory_level_tenant_id_product_id_fkey" FOREIGN KEY ("tenant_id", "product_id") REFERENCES "record"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_movement" ADD CONSTRAINT "inventory_movement_tenant_id_product_id_fkey" FOREIGN KEY ("tenant_id", "product_id") REFERENCES "record"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_movement" ADD CONSTRAINT "inventory_movement_tenant_id_created_by_id_fkey" FOREIGN KEY ("tenant_id", "created_by_id") REFERENCES "app_user"("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: the rules the services also check, kept by the database whatever writes.
ALTER TABLE "activity" ADD CONSTRAINT "activity_type_check" CHECK ("type" IN ('task', 'call', 'email', 'meeting', 'note'));
ALTER TABLE "line_item" ADD CONSTRAINT "line_item_amounts_check" CHECK (
  "quantity" > 0 AND "unit_price" >= 0 AND "discount" BETWEEN 0 AND 100 AND "tax" BETWEEN 0 AND 100 AND ("term" IS NULL OR "term" > 0));
ALTER TABLE "inventory_level" ADD CONSTRAINT "inventory_level_check" CHECK ("on_hand" >= 0 AND ("reorder_level" IS NULL OR "reorder_level" >= 0));
ALTER TABLE "inventory_movement" ADD CONSTRAINT "inventory_movement_kind_check" CHECK ("kind" IN ('set', 'add'));

-- Hand-written: tenant isolation (see the row_level_security migration).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['activity', 'line_item', 'inventory_level', 'inventory_movement'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;

-- Hand-written: the built-in blueprint (lib/services/tenants/blueprint.ts) is brought to every
-- tenant on start, each in its own tenant transaction under row-level security. Which tenants are
-- behind is the one question asked across tenants: a SECURITY DEFINER function owned by
-- crm_blueprint, a NOLOGIN role that may read two columns of tenant and nothing else.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_blueprint') THEN CREATE ROLE crm_blueprint NOLOGIN; END IF;
END $$;
GRANT USAGE ON SCHEMA public TO crm_blueprint;
GRANT SELECT ("id", "blueprint_version") ON "tenant" TO crm_blueprint;
CREATE POLICY blueprint_read ON "tenant" FOR SELECT TO crm_blueprint USING (true);
CREATE FUNCTION jobs_blueprint_tenants(p_version integer, p_limit integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT id FROM tenant WHERE blueprint_version < p_version ORDER BY id LIMIT p_limit $$;
ALTER FUNCTION jobs_blueprint_tenants(integer, integer) OWNER TO crm_blueprint;
REVOKE ALL ON FUNCTION jobs_blueprint_tenants(integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION jobs_blueprint_tenants(integer, integer) TO crm_app;
