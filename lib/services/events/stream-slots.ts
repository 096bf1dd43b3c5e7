import { newRequestId } from "@/lib/ids/uuid-v7.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { MAX_STREAMS_PER_CREDENTIAL } from "@/lib/schemas/events.ts";

/**
 * A credential's open event streams, counted across every instance in event_stream_slot: a stream
 * takes a slot when it opens, refreshes it at each heartbeat and frees it when it ends; the slot of
 * a stream whose instance was killed expires after `ttlSeconds`.
 */
export interface StreamSlot {
  refresh(): Promise<void>;
  /** Idempotent; never rejects (a slot it could not free expires). */
  release(): Promise<void>;
}

/**
 * Takes one of the credential's MAX_STREAMS_PER_CREDENTIAL slots, or refuses with 429. Takers of
 * one credential queue on a transaction-level advisory lock, so two instances cannot both take
 * the last slot.
 */
export async function takeStreamSlot(tenantId: string, credentialKey: string, ttlSeconds: number): Promise<StreamSlot> {
  const id = newRequestId();
  await withTenantSql(tenantId, async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`event-stream-slot:${tenantId}:${credentialKey}`}, 0))`;
    await tx.$executeRaw`
      DELETE FROM event_stream_slot
      WHERE tenant_id = ${tenantId}::uuid AND credential_key = ${credentialKey} AND expires_at <= now()`;
    const [held] = await tx.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM event_stream_slot WHERE tenant_id = ${tenantId}::uuid AND credential_key = ${credentialKey}`;
    if (held!.n >= MAX_STREAMS_PER_CREDENTIAL)
      throw new AppError(
        "rate_limited",
        `Too many event streams open for this credential (${MAX_STREAMS_PER_CREDENTIAL} at most): close one first`,
        undefined,
        { retryAfter: 5 },
      );
    await tx.$executeRaw`
      INSERT INTO event_stream_slot (tenant_id, id, credential_key, expires_at)
      VALUES (${tenantId}::uuid, ${id}::uuid, ${credentialKey}, now() + make_interval(secs => ${ttlSeconds}::int))`;
  });
  let released: Promise<void> | undefined;
  return {
    refresh: async () => {
      await withTenantSql(tenantId, async (tx) => {
        await tx.$executeRaw`
          UPDATE event_stream_slot SET expires_at = now() + make_interval(secs => ${ttlSeconds}::int)
          WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`;
      });
    },
    release: () =>
      (released ??= withTenantSql(tenantId, async (tx) => {
        await tx.$executeRaw`DELETE FROM event_stream_slot WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`;
      }).catch(() => undefined)),
  };
}
