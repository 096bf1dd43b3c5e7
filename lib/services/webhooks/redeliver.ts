import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import { DISPATCH_CHANNEL } from "./dispatch.ts";

/**
 * A manual redelivery (never automatic): a new attempt of the same event with the same body,
 * queued in the caller's transaction and started by whichever dispatcher wakes first after it
 * commits (the NOTIFY rides with the commit). A paused webhook sends nothing, so it is refused.
 */
export async function queueRedelivery(tx: SqlTx, tenantId: string, webhookId: string, deliveryId: string): Promise<string> {
  const [hook] = await tx.$queryRaw<{ active: boolean }[]>`
    SELECT active FROM webhook WHERE tenant_id = ${tenantId}::uuid AND id = ${webhookId}::uuid`;
  if (!hook) throw notFound("Webhook");
  const id = uuidV7();
  const [queued] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO webhook_delivery (tenant_id, id, webhook_id, event_id, event, redelivery_of, state, request_body, created_at)
    SELECT tenant_id, ${id}::uuid, webhook_id, event_id, event, id, 'queued', request_body, now() FROM webhook_delivery
    WHERE tenant_id = ${tenantId}::uuid AND webhook_id = ${webhookId}::uuid AND id = ${deliveryId}::uuid
    RETURNING id::text`;
  if (!queued) throw notFound("Delivery");
  if (!hook.active) throw invalid("The webhook is paused: resume it to redeliver");
  await tx.$queryRaw`SELECT pg_notify(${DISPATCH_CHANNEL}, '')`;
  return id;
}
