-- CreateTable
CREATE TABLE "oauth_app_widget" (
    "id" UUID NOT NULL,
    "app_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "embed_url" TEXT NOT NULL,
    "objects" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_app_widget_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "oauth_app_widget_app_id_key_key" ON "oauth_app_widget"("app_id", "key");

-- AddForeignKey
ALTER TABLE "oauth_app_widget" ADD CONSTRAINT "oauth_app_widget_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "oauth_app"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What the declaration schema enforces, kept by the database too.
ALTER TABLE "oauth_app_widget" ADD CONSTRAINT "oauth_app_widget_location_check" CHECK ("location" IN ('record', 'dashboard'));
ALTER TABLE "oauth_app_widget" ADD CONSTRAINT "oauth_app_widget_sizes_check" CHECK (
  length("key") BETWEEN 1 AND 64 AND length("title") BETWEEN 1 AND 100 AND length("embed_url") <= 2000
  AND "objects" IS NOT NULL AND cardinality("objects") <= 50
);
