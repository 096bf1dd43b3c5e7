-- AlterTable
ALTER TABLE "webhook" ADD COLUMN     "previous_secret_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "previous_secret_sealed" TEXT;

-- Hand-written: a replaced secret always has its end.
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_previous_secret_check"
  CHECK (("previous_secret_sealed" IS NULL) = ("previous_secret_expires_at" IS NULL));
