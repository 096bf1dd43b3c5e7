-- CreateTable
CREATE TABLE "tenant" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "role" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "default_read" BOOLEAN NOT NULL,
    "default_create" BOOLEAN NOT NULL,
    "default_update" BOOLEAN NOT NULL,
    "default_delete" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "role_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "role_permission" (
    "tenant_id" UUID NOT NULL,
    "role_id" UUID NOT NULL,
    "object_api_name" TEXT NOT NULL,
    "can_read" BOOLEAN NOT NULL,
    "can_create" BOOLEAN NOT NULL,
    "can_update" BOOLEAN NOT NULL,
    "can_delete" BOOLEAN NOT NULL,

    CONSTRAINT "role_permission_pkey" PRIMARY KEY ("tenant_id","role_id","object_api_name")
);

-- CreateTable
CREATE TABLE "app_user" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role_id" UUID NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_user_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "api_key" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "created_by_id" UUID NOT NULL,
    "read_only" BOOLEAN NOT NULL DEFAULT false,
    "allowed_objects" TEXT[],
    "allow_delete" BOOLEAN NOT NULL DEFAULT false,
    "rate_limit" INTEGER NOT NULL DEFAULT 120,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_key_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "object_def" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "api_name" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "plural_label" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "custom" BOOLEAN NOT NULL,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "object_def_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "field_def" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "object_id" UUID NOT NULL,
    "api_name" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "unique" BOOLEAN NOT NULL DEFAULT false,
    "custom" BOOLEAN NOT NULL,
    "position" INTEGER NOT NULL,
    "config" JSONB NOT NULL DEFAULT '{}',
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "field_def_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "record" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "object_id" UUID NOT NULL,
    "owner_id" UUID,
    "data" JSONB NOT NULL DEFAULT '{}',
    "name" TEXT NOT NULL DEFAULT '',
    "name_search" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "record_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "tenant_slug_key" ON "tenant"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "role_tenant_id_key_key" ON "role"("tenant_id", "key");

-- CreateIndex
CREATE INDEX "app_user_tenant_id_role_id_idx" ON "app_user"("tenant_id", "role_id");

-- CreateIndex
CREATE UNIQUE INDEX "app_user_email_key" ON "app_user"("email");

-- CreateIndex
CREATE INDEX "api_key_tenant_id_created_at_idx" ON "api_key"("tenant_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "object_def_tenant_id_api_name_key" ON "object_def"("tenant_id", "api_name");

-- CreateIndex
CREATE UNIQUE INDEX "field_def_tenant_id_object_id_api_name_key" ON "field_def"("tenant_id", "object_id", "api_name");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_updated_at_id_idx" ON "record"("tenant_id", "object_id", "updated_at" DESC, "id");

-- CreateIndex
CREATE INDEX "record_tenant_id_object_id_name_search_idx" ON "record"("tenant_id", "object_id", "name_search");

-- AddForeignKey
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_tenant_id_role_id_fkey" FOREIGN KEY ("tenant_id", "role_id") REFERENCES "role"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_tenant_id_role_id_fkey" FOREIGN KEY ("tenant_id", "role_id") REFERENCES "role"("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_tenant_id_created_by_id_fkey" FOREIGN KEY ("tenant_id", "created_by_id") REFERENCES "app_user"("tenant_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "field_def" ADD CONSTRAINT "field_def_tenant_id_object_id_fkey" FOREIGN KEY ("tenant_id", "object_id") REFERENCES "object_def"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
