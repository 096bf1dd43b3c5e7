-- Hand-written note: stored replies become their JSON text. jsonb refuses the escape "\u0000"
-- (22P05), which a bulk item error may quote from the request, so storing such a reply failed the
-- whole request; jsonb also reorders object keys, so replays differed from the first answer. The
-- existing jsonb values convert to their JSON text.

-- AlterTable
ALTER TABLE "idempotency_key" ALTER COLUMN "response" SET DATA TYPE TEXT;
