-- AlterTable
ALTER TABLE "app_user" ADD COLUMN     "joined_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "user_link" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "purpose" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "created_by_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_link_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateIndex
CREATE INDEX "user_link_tenant_id_user_id_idx" ON "user_link"("tenant_id", "user_id");

-- Hand-written: links belong to a user of the tenant and go with them.
ALTER TABLE "user_link" ADD CONSTRAINT "user_link_user_fkey" FOREIGN KEY ("tenant_id", "user_id")
  REFERENCES "app_user"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_link" ADD CONSTRAINT "user_link_check" CHECK ("purpose" IN ('invite', 'reset') AND length("secret_hash") = 64);
-- Someone invited who has not joined yet cannot sign in.
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_joined_check" CHECK ("joined_at" IS NOT NULL OR NOT "active");

-- Hand-written: tenant isolation (see the row_level_security migration).
ALTER TABLE "user_link" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "user_link" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "user_link" USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Hand-written: invitations and password resets go out through the outbox as 'account' email
-- (no unsubscribe footer: they are transactional).
ALTER TABLE "email_message" DROP CONSTRAINT "email_message_check";
ALTER TABLE "email_message" ADD CONSTRAINT "email_message_check" CHECK (
  "kind" IN ('marketing', 'flow', 'account')
  AND "state" IN ('queued', 'sending', 'sent', 'failed', 'interrupted', 'stored')
  AND length("to_address") BETWEEN 3 AND 254 AND length("from_address") BETWEEN 3 AND 320
  AND length("subject") BETWEEN 1 AND 255 AND length("text_body") <= 200000 AND length("html_body") <= 400000
  AND length("message_id") <= 255 AND ("error" IS NULL OR length("error") <= 2000));
