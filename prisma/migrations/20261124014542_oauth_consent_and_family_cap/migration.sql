-- AlterTable
ALTER TABLE "oauth_grant" ADD COLUMN     "consented_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "oauth_consent_use" (
    "tenant_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "oauth_consent_use_pkey" PRIMARY KEY ("tenant_id","token_hash")
);

-- CreateIndex
CREATE INDEX "oauth_consent_use_tenant_id_expires_at_idx" ON "oauth_consent_use"("tenant_id", "expires_at");

-- Hand-written: a grant's last consent so far was its updated_at (recordConsent was its only
-- writer). The owner is subject to FORCE'd row-level security, so lift it for this one statement
-- (the migration runs in one transaction: no request sees the table without it).
ALTER TABLE "oauth_grant" NO FORCE ROW LEVEL SECURITY;
UPDATE "oauth_grant" SET "consented_at" = "updated_at";
ALTER TABLE "oauth_grant" FORCE ROW LEVEL SECURITY;

-- Hand-written: tenant isolation, as for the other OAuth tenant tables.
ALTER TABLE "oauth_consent_use" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "oauth_consent_use" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "oauth_consent_use" USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
