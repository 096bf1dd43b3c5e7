// The delivery log: /api/v1/webhooks/{id}/deliveries, and Settings → Webhooks across webhooks
import { z } from "zod";
import { assertWebhookManager } from "@/lib/auth/access.ts";
import { deliveryDetailSchema, deliveryFilterSchema, deliveryPageSchema } from "@/lib/schemas/webhooks.ts";
import { queueEventResend, queueRedelivery } from "@/lib/services/webhooks/redeliver.ts";
import { findDelivery, findWebhook, listDeliveries } from "@/lib/services/webhooks/webhooks.ts";
import { defineOperation } from "../define.ts";

const ERRORS = ["permission_denied", "api_key_read_only", "insufficient_scope"] as const;
const deliveryRef = z.object({ id: z.uuid().describe("The webhook's id"), deliveryId: z.uuid().describe("The delivery's id") });

export const listWebhookDeliveriesOp = defineOperation({
  name: "webhooks.deliveries",
  summary: "List a webhook's deliveries",
  description:
    "Its recent deliveries, newest first, kept 30 days: the response status, or the error when none came. Filter by event and by " +
    "outcome; page with starting_after. Only the caller's tenant.",
  scope: "webhooks:manage",
  http: { method: "GET", path: "/webhooks/{id}/deliveries" },
  input: z.object({ id: z.uuid().describe("The webhook's id"), ...deliveryFilterSchema }),
  output: deliveryPageSchema,
  errors: ["invalid_request", "not_found", ...ERRORS],
  authorize: assertWebhookManager,
  async run({ tx, principal }, { id, ...filter }) {
    await findWebhook(tx, principal.tenantId, id);
    return listDeliveries(tx, principal.tenantId, { ...filter, webhookId: id });
  },
});

/** The settings screen's log: every webhook's deliveries, or one's (not an API path: the REST log is per webhook). */
export const deliveryLogOp = defineOperation({
  name: "webhooks.log",
  summary: "Recent deliveries",
  description: "The tenant's recent deliveries, newest first, optionally of one webhook.",
  scope: "webhooks:manage",
  input: z.object({ webhookId: z.uuid().optional(), ...deliveryFilterSchema }),
  output: deliveryPageSchema,
  errors: ["invalid_request", ...ERRORS],
  authorize: assertWebhookManager,
  run: ({ tx, principal }, filter) => listDeliveries(tx, principal.tenantId, filter),
});

export const getWebhookDeliveryOp = defineOperation({
  name: "webhooks.delivery",
  summary: "Get a delivery",
  description: "One delivery with the exact headers and body that were sent and the first 1,024 bytes of the answer.",
  scope: "webhooks:manage",
  http: { method: "GET", path: "/webhooks/{id}/deliveries/{deliveryId}" },
  input: deliveryRef,
  output: deliveryDetailSchema,
  errors: ["not_found", ...ERRORS],
  authorize: assertWebhookManager,
  run: ({ tx, principal }, { id, deliveryId }) => findDelivery(tx, principal.tenantId, id, deliveryId),
});

export const redeliverOp = defineOperation({
  name: "webhooks.redeliver",
  summary: "Redeliver",
  description:
    "Sends a delivery's exact body again, at once, as a new delivery with its own id and signatures (it never happens on its own). " +
    "400 when the webhook is paused. The answer is the new delivery, under way.",
  scope: "webhooks:manage",
  http: { method: "POST", path: "/webhooks/{id}/deliveries/{deliveryId}/redeliver", status: 202 },
  input: deliveryRef,
  output: deliveryDetailSchema,
  errors: ["invalid_request", "not_found", ...ERRORS],
  authorize: assertWebhookManager,
  async run({ tx, principal }, { id, deliveryId }) {
    const queued = await queueRedelivery(tx, principal.tenantId, id, deliveryId);
    return findDelivery(tx, principal.tenantId, id, queued);
  },
});

export const resendEventOp = defineOperation({
  name: "webhooks.resend",
  summary: "Send an event to a webhook",
  description:
    "Sends an event of GET /events (by its id) to this webhook, at once, as a new delivery with the event's exact payload, whether " +
    "or not the webhook was sent it before or subscribes to it: how a receiver gets an event it missed. 400 when the webhook is " +
    "paused. The answer is the new delivery, under way.",
  scope: "webhooks:manage",
  http: { method: "POST", path: "/webhooks/{id}/resend", status: 202, body: "resend" },
  input: z.object({
    id: z.uuid().describe("The webhook's id"),
    resend: z.strictObject({ event_id: z.uuid().describe("The event's id (GET /events)") }),
  }),
  output: deliveryDetailSchema,
  errors: ["invalid_request", "not_found", ...ERRORS],
  authorize: assertWebhookManager,
  async run({ tx, principal }, { id, resend }) {
    const queued = await queueEventResend(tx, principal.tenantId, id, resend.event_id);
    return findDelivery(tx, principal.tenantId, id, queued);
  },
});
