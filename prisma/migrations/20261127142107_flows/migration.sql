-- AlterTable
ALTER TABLE "email_message" ADD COLUMN     "enrollment_id" UUID,
ADD COLUMN     "flow_step" INTEGER,
ADD COLUMN     "replied_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "flow" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "object_api_name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "steps" JSONB NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "flow_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "flow_enrollment" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "flow_id" UUID NOT NULL,
    "object_api_name" TEXT NOT NULL,
    "record_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "step_index" INTEGER NOT NULL DEFAULT 0,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "wait_started_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "end_reason" TEXT,
    "enrolled_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "flow_enrollment_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateIndex
CREATE INDEX "flow_tenant_id_created_at_id_idx" ON "flow"("tenant_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "flow_enrollment_tenant_id_flow_id_created_at_id_idx" ON "flow_enrollment"("tenant_id", "flow_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "flow_enrollment_tenant_id_record_id_idx" ON "flow_enrollment"("tenant_id", "record_id");

-- AddForeignKey
ALTER TABLE "flow_enrollment" ADD CONSTRAINT "flow_enrollment_tenant_id_flow_id_fkey" FOREIGN KEY ("tenant_id", "flow_id") REFERENCES "flow"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "flow_enrollment" ADD CONSTRAINT "flow_enrollment_tenant_id_record_id_fkey" FOREIGN KEY ("tenant_id", "record_id") REFERENCES "record"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the rules the services also check, kept by the database whatever writes.
ALTER TABLE "flow" ADD CONSTRAINT "flow_check" CHECK (
  length("name") BETWEEN 1 AND 120 AND "status" IN ('paused', 'active') AND jsonb_typeof("steps") = 'array'
  AND jsonb_array_length("steps") BETWEEN 1 AND 20 AND length("steps"::text) <= 500000);
ALTER TABLE "flow_enrollment" ADD CONSTRAINT "flow_enrollment_check" CHECK (
  "status" IN ('active', 'completed', 'stopped') AND "step_index" BETWEEN 0 AND 20 AND "attempts" >= 0
  AND (("status" = 'active') = ("end_reason" IS NULL)) AND (("status" = 'active') = ("ended_at" IS NULL)));
ALTER TABLE "email_message" ADD CONSTRAINT "email_message_flow_check" CHECK (
  ("enrollment_id" IS NULL) = ("flow_step" IS NULL) AND ("flow_step" IS NULL OR "flow_step" BETWEEN 1 AND 20));

-- Hand-written: a record is in a flow once at a time (it may enroll again once that ended),
CREATE UNIQUE INDEX "flow_enrollment_active_key" ON "flow_enrollment" ("tenant_id", "flow_id", "record_id") WHERE "status" = 'active';
-- and the steps due per flow, which the flow-steps job claims oldest first from active flows only:
-- the due enrollments of a paused flow are never walked through.
CREATE INDEX "flow_enrollment_due_idx" ON "flow_enrollment" ("tenant_id", "flow_id", "due_at", "id") WHERE "status" = 'active';
-- The active flows, which the job starts from, across tenants.
CREATE INDEX "flow_active_idx" ON "flow" ("tenant_id", "id") WHERE "status" = 'active';

-- Hand-written: tenant isolation (see the row_level_security migration).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['flow', 'flow_enrollment'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;

-- Hand-written: the flow-steps job (lib/jobs/flow-steps.ts) runs as crm_app, one tenant at a time.
-- Which tenants have steps due it learns through a SECURITY DEFINER function owned by crm_flows,
-- a NOLOGIN role that reads only the columns it needs.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'crm_flows') THEN CREATE ROLE crm_flows NOLOGIN; END IF;
END $$;
GRANT USAGE ON SCHEMA public TO crm_flows;
GRANT SELECT ("tenant_id", "id", "status") ON "flow" TO crm_flows;
GRANT SELECT ("tenant_id", "flow_id", "status", "due_at") ON "flow_enrollment" TO crm_flows;
CREATE POLICY flows_read ON "flow" FOR SELECT TO crm_flows USING (true);
CREATE POLICY flows_read ON "flow_enrollment" FOR SELECT TO crm_flows USING (true);

CREATE FUNCTION jobs_flow_tenants(p_limit integer) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT d.tenant_id FROM (
      SELECT f.tenant_id,
             (SELECT min(e.due_at) FROM flow_enrollment e
              WHERE e.tenant_id = f.tenant_id AND e.flow_id = f.id AND e.status = 'active') AS due
      FROM flow f WHERE f.status = 'active') d
    WHERE d.due <= now()
    GROUP BY d.tenant_id ORDER BY min(d.due) LIMIT p_limit $$;
ALTER FUNCTION jobs_flow_tenants(integer) OWNER TO crm_flows;
REVOKE ALL ON FUNCTION jobs_flow_tenants(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION jobs_flow_tenants(integer) TO crm_app;

-- Hand-written: the inbound email endpoint learns which tenant's flow message a reply answers
-- (by our Message-ID) through a SECURITY DEFINER function owned by crm_mail; it reads nothing else.
GRANT SELECT ("message_id", "kind", "enrollment_id") ON "email_message" TO crm_mail;
CREATE FUNCTION email_reply_target(p_message_ids text[]) RETURNS TABLE (tenant_id uuid, id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT m.tenant_id, m.id FROM email_message m
    WHERE m.message_id = ANY (p_message_ids[1:50]) AND m.kind = 'flow' AND m.enrollment_id IS NOT NULL
    ORDER BY m.created_at DESC LIMIT 1 $$;
ALTER FUNCTION email_reply_target(text[]) OWNER TO crm_mail;
REVOKE ALL ON FUNCTION email_reply_target(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION email_reply_target(text[]) TO crm_app;
