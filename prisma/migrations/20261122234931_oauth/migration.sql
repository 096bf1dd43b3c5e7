-- AlterTable
ALTER TABLE "app_user" ADD COLUMN     "platform_admin" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "oauth_app" (
    "id" UUID NOT NULL,
    "client_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "logo_url" TEXT,
    "redirect_uris" TEXT[],
    "allowed_origins" TEXT[],
    "scopes" TEXT[],
    "secret_hash" TEXT,
    "published_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_app_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_grant" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "app_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "scopes" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "oauth_grant_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "oauth_code" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "app_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "grant_id" UUID NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "scopes" TEXT[],
    "code_challenge" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_code_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "oauth_token" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "family_id" UUID NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "app_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "grant_id" UUID NOT NULL,
    "scopes" TEXT[],
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_token_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "oauth_app_client_id_key" ON "oauth_app"("client_id");

-- CreateIndex
CREATE INDEX "oauth_grant_tenant_id_user_id_app_id_idx" ON "oauth_grant"("tenant_id", "user_id", "app_id");

-- CreateIndex
CREATE INDEX "oauth_token_tenant_id_family_id_idx" ON "oauth_token"("tenant_id", "family_id");

-- CreateIndex
CREATE INDEX "oauth_token_tenant_id_grant_id_idx" ON "oauth_token"("tenant_id", "grant_id");

-- CreateIndex
CREATE INDEX "oauth_token_tenant_id_user_id_created_at_idx" ON "oauth_token"("tenant_id", "user_id", "created_at");

-- Hand-written: tenant isolation for the tenant tables (see the row_level_security migration).
-- oauth_app is platform data without a tenant: the app role reads it; only code paths of
-- platform admins write it.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['oauth_grant', 'oauth_code', 'oauth_token'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;
