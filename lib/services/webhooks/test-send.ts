import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import { TEST_EVENT } from "@/lib/schemas/event-names.ts";
import type { TestEventPayload } from "@/lib/services/events/payloads.ts";
import { DISPATCH_CHANNEL } from "./dispatch.ts";

/**
 * "Send test event": a webhook.test event for this webhook only, recorded in the events feed (listed
 * there only when asked for by type) and queued as a delivery in the caller's transaction, which
 * the dispatcher sends like any other (signed at sending, one attempt, its result in the log).
 * The event is written already claimed, so the dispatcher never offers it to another webhook.
 * A paused webhook sends nothing, so it is refused, as a redelivery is.
 */
export async function queueTestEvent(tx: SqlTx, tenantId: string, webhookId: string): Promise<string> {
  const [hook] = await tx.$queryRaw<{ active: boolean }[]>`
    SELECT active FROM webhook WHERE tenant_id = ${tenantId}::uuid AND id = ${webhookId}::uuid`;
  if (!hook) throw notFound("Webhook");
  if (!hook.active) throw invalid("The webhook is paused: resume it to send a test event");
  const eventId = uuidV7();
  const deliveryId = uuidV7();
  const now = new Date();
  const payload: TestEventPayload = {
    event: TEST_EVENT,
    tenantId,
    webhookId,
    timestamp: now.toISOString(),
    data: { message: "A test event sent from the webhook's settings or POST /api/v1/webhooks/{id}/test. Answer with a 2xx status." },
  };
  const body = JSON.stringify(payload);
  await tx.$executeRaw`
    WITH event AS (
      INSERT INTO outbox_event (tenant_id, id, event, object_api_name, record_id, payload, created_at, processed_at, webhook_id)
      VALUES (${tenantId}::uuid, ${eventId}::uuid, ${TEST_EVENT}, NULL, NULL, ${body}, ${now}, ${now}, ${webhookId}::uuid)
    )
    INSERT INTO webhook_delivery (tenant_id, id, webhook_id, event_id, event, state, request_body, created_at)
    VALUES (${tenantId}::uuid, ${deliveryId}::uuid, ${webhookId}::uuid, ${eventId}::uuid, ${TEST_EVENT}, 'queued', ${body}, now())`;
  await tx.$queryRaw`SELECT pg_notify(${DISPATCH_CHANNEL}, ${tenantId})`;
  return deliveryId;
}
