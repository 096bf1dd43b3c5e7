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
  await tx.$queryRaw`SELECT pg_notify(${DISPATCH_CHANNEL}, ${tenantId})`;
  return id;
}

/**
 * Sends an event of the feed (GET /events) to a webhook, by hand: its exact payload as a new
 * delivery, queued in the caller's transaction, whether or not the webhook was sent it before or
 * subscribes to it (`crm events resend`). The webhook's first delivery of the event counts as its
 * original, so that the dispatcher never adds another; later ones are redeliveries of it.
 */
export async function queueEventResend(tx: SqlTx, tenantId: string, webhookId: string, eventId: string): Promise<string> {
  const [hook] = await tx.$queryRaw<{ active: boolean }[]>`
    SELECT active FROM webhook WHERE tenant_id = ${tenantId}::uuid AND id = ${webhookId}::uuid`;
  if (!hook) throw notFound("Webhook");
  const id = uuidV7();
  const [queued] = await tx.$queryRaw<{ id: string }[]>`
    WITH event AS (
      SELECT e.id, e.event, e.payload FROM outbox_event e WHERE e.tenant_id = ${tenantId}::uuid AND e.id = ${eventId}::uuid
    ), original AS (
      SELECT d.id FROM webhook_delivery d
      WHERE d.tenant_id = ${tenantId}::uuid AND d.webhook_id = ${webhookId}::uuid AND d.event_id = ${eventId}::uuid
        AND d.redelivery_of IS NULL
    )
    INSERT INTO webhook_delivery (tenant_id, id, webhook_id, event_id, event, redelivery_of, state, request_body, created_at)
    SELECT ${tenantId}::uuid, ${id}::uuid, ${webhookId}::uuid, event.id, event.event, (SELECT original.id FROM original), 'queued',
           event.payload, now()
    FROM event
    RETURNING id::text`;
  if (!queued) throw notFound("Event");
  if (!hook.active) throw invalid("The webhook is paused: resume it to resend");
  await tx.$queryRaw`SELECT pg_notify(${DISPATCH_CHANNEL}, ${tenantId})`;
  return id;
}
