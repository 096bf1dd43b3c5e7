-- CreateTable
CREATE TABLE "approval_process" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "object_api_name" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "conditions" TEXT[],
    "approver_user_id" UUID,
    "approver_role" TEXT,
    "lock_mode" TEXT NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "approval_process_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "approval_request" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "process_id" UUID,
    "object_api_name" TEXT NOT NULL,
    "record_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "requested_by_id" UUID,
    "approver_ids" UUID[],
    "locked_fields" TEXT[],
    "lock_whole" BOOLEAN NOT NULL,
    "requested" JSONB NOT NULL DEFAULT '{}',
    "decided_by_id" UUID,
    "comment" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "approval_request_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "approval_process_tenant_id_object_api_name_key" ON "approval_process"("tenant_id", "object_api_name");

-- CreateIndex
CREATE INDEX "approval_request_tenant_id_created_at_id_idx" ON "approval_request"("tenant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "approval_request_tenant_id_record_id_idx" ON "approval_request"("tenant_id", "record_id");

-- AddForeignKey
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_tenant_id_record_id_fkey" FOREIGN KEY ("tenant_id", "record_id") REFERENCES "record"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the rules the services also check, kept by the database whatever writes.
ALTER TABLE "approval_process" ADD CONSTRAINT "approval_process_check" CHECK (
  length("name") BETWEEN 1 AND 120 AND "lock_mode" IN ('fields', 'record')
  AND cardinality("conditions") BETWEEN 1 AND 12
  AND (("approver_user_id" IS NULL) <> ("approver_role" IS NULL)));
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_check" CHECK (
  "status" IN ('pending', 'approved', 'rejected')
  AND (("status" = 'pending') = ("decided_at" IS NULL))
  AND ("comment" IS NULL OR length("comment") <= 2000)
  AND cardinality("approver_ids") <= 1000 AND cardinality("locked_fields") <= 200);

-- Hand-written: a record has one pending request at a time (a race of two writes entering the
-- condition makes one request), and approvers' inboxes list the pending ones.
CREATE UNIQUE INDEX "approval_request_pending_key" ON "approval_request" ("tenant_id", "record_id") WHERE "status" = 'pending';
CREATE INDEX "approval_request_pending_idx" ON "approval_request" ("tenant_id", "created_at") WHERE "status" = 'pending';

-- Hand-written: tenant isolation (see the row_level_security migration).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['approval_process', 'approval_request'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;
