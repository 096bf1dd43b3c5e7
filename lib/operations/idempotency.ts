import { createHash } from "node:crypto";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError, invalid } from "@/lib/errors/app-error.ts";

/** A stored answer replayed for a repeated Idempotency-Key. */
export interface Replay {
  status: number;
  body: unknown;
}

export const MAX_KEY_LENGTH = 255;
/** How long a key is kept; the purge job (lib/jobs/purge-expired.ts) deletes older ones. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** The writes that create or change (POST, PATCH) take an Idempotency-Key; reads and deletes are idempotent already. */
export const takesIdempotencyKey = (method: string): boolean => method === "POST" || method === "PATCH";

export function requestFingerprint(input: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(input) ?? "")
    .digest("hex");
}

/** Printable keys only: PostgreSQL text cannot hold a NUL, and no client means a control character. */
const VALID_KEY = new RegExp(`^[^\\u0000-\\u001f\\u007f]{1,${MAX_KEY_LENGTH}}$`);

/**
 * Idempotency-Key for POST and PATCH, per credential, kept 24 hours (as Stripe does): the first
 * request reserves the key in its own transaction and stores its response there; a repeat with
 * the same request gets that response again, with a different request 409. A concurrent repeat
 * waits on the reservation (the primary key), so the operation never runs twice.
 * The response is stored as its JSON text, not as jsonb: jsonb refuses "\u0000" (22P05), which an
 * item error may quote from the request, and reorders keys; text replays the answer exactly.
 * Returns the replay, or a function that stores the fresh response.
 */
export async function reserveIdempotencyKey(
  tx: SqlTx,
  tenantId: string,
  credentialId: string,
  key: string,
  fingerprint: string,
): Promise<{ replay: Replay } | { store: (status: number, body: unknown) => Promise<void> }> {
  if (!VALID_KEY.test(key)) throw invalid(`Idempotency-Key: must be 1 to ${MAX_KEY_LENGTH} characters, none of them a control character`);
  await tx.$executeRaw`DELETE FROM idempotency_key WHERE tenant_id = ${tenantId}::uuid AND credential_id = ${credentialId}::uuid AND key = ${key}
    AND created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;
  const reserved = await tx.$executeRaw`
    INSERT INTO idempotency_key (tenant_id, credential_id, key, request_hash, status, response)
    VALUES (${tenantId}::uuid, ${credentialId}::uuid, ${key}, ${fingerprint}, 0, 'null') ON CONFLICT DO NOTHING`;
  if (reserved === 0) {
    const [row] = await tx.$queryRaw<{ request_hash: string; status: number; response: string }[]>`
      SELECT request_hash, status, response FROM idempotency_key
      WHERE tenant_id = ${tenantId}::uuid AND credential_id = ${credentialId}::uuid AND key = ${key}`;
    if (!row) throw new AppError("conflict", "Idempotency-Key: a request with this key is still in progress; retry");
    if (row.request_hash !== fingerprint) throw new AppError("conflict", "Idempotency-Key: already used with a different request");
    return { replay: { status: row.status, body: JSON.parse(row.response) as unknown } };
  }
  return {
    store: async (status, body) => {
      await tx.$executeRaw`UPDATE idempotency_key SET status = ${status}, response = ${JSON.stringify(body ?? null)}
        WHERE tenant_id = ${tenantId}::uuid AND credential_id = ${credentialId}::uuid AND key = ${key}`;
    },
  };
}
