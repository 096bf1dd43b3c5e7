// /api/v1/webhooks and /api/v1/webhooks/{id}: REST hooks (DESIGN.md), also behind Settings → Webhooks
import { z } from "zod";
import { assertWebhookManager } from "@/lib/auth/access.ts";
import {
  createdWebhookSchema,
  deliveryDetailSchema,
  rotatedSecretSchema,
  webhookChangesSchema,
  webhookCreateSchema,
  webhookSchema,
} from "@/lib/schemas/webhooks.ts";
import {
  createWebhook,
  deleteWebhook,
  findDelivery,
  findWebhook,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
} from "@/lib/services/webhooks/webhooks.ts";
import { queueTestEvent } from "@/lib/services/webhooks/test-send.ts";
import { defineOperation } from "../define.ts";

const WHO =
  "Only for people allowed to manage settings (admins): their session, their API keys that are not read-only, " +
  "or OAuth tokens granted webhooks:manage.";
const ERRORS = ["permission_denied", "api_key_read_only", "insufficient_scope"] as const;
const webhookRef = z.object({ id: z.uuid().describe("The webhook's id") });

export const listWebhooksOp = defineOperation({
  name: "webhooks.list",
  summary: "List webhooks",
  description: `The tenant's webhooks, oldest first, each with the result of its latest delivery. ${WHO}`,
  scope: "webhooks:manage",
  http: { method: "GET", path: "/webhooks" },
  input: z.object({}),
  output: z.object({ data: z.array(webhookSchema) }),
  errors: [...ERRORS],
  authorize: assertWebhookManager,
  run: async ({ tx, principal }) => ({ data: await listWebhooks(tx, principal.tenantId) }),
});

export const createWebhookOp = defineOperation({
  name: "webhooks.create",
  summary: "Create a webhook",
  description:
    "Subscribes an http(s) address on the public internet to events (record.created and record.updated when `events` is omitted). " +
    "The answer holds the signing secret, the only time it is shown. Deliveries: one POST per event, signed (x-service-signature, " +
    `webhook-signature), within 4 seconds, never retried. At most 20 per tenant. ${WHO}`,
  scope: "webhooks:manage",
  http: { method: "POST", path: "/webhooks", status: 201, body: "webhook" },
  input: z.object({ webhook: webhookCreateSchema }),
  output: createdWebhookSchema,
  errors: ["invalid_request", ...ERRORS],
  authorize: assertWebhookManager,
  run: ({ tx, principal }, { webhook }) => createWebhook(tx, principal, webhook),
  audit: (_input, w) => ({ action: "webhook.created", target: { type: "webhook", id: w.id, label: w.url }, details: { events: w.events } }),
});

export const getWebhookOp = defineOperation({
  name: "webhooks.get",
  summary: "Get a webhook",
  description: `One webhook (never its secret). ${WHO}`,
  scope: "webhooks:manage",
  http: { method: "GET", path: "/webhooks/{id}" },
  input: webhookRef,
  output: webhookSchema,
  errors: ["not_found", ...ERRORS],
  authorize: assertWebhookManager,
  run: ({ tx, principal }, { id }) => findWebhook(tx, principal.tenantId, id),
});

export const updateWebhookOp = defineOperation({
  name: "webhooks.update",
  summary: "Change, pause or resume a webhook",
  description:
    "Changes its address or events, or pauses it (`active: false`: nothing is sent, the configuration is kept) or resumes it " +
    `(events from then on are sent; none from the pause). ${WHO}`,
  scope: "webhooks:manage",
  http: { method: "PATCH", path: "/webhooks/{id}", body: "changes" },
  input: webhookRef.extend({ changes: webhookChangesSchema }),
  output: webhookSchema,
  errors: ["invalid_request", "not_found", ...ERRORS],
  authorize: assertWebhookManager,
  run: ({ tx, principal }, { id, changes }) => updateWebhook(tx, principal.tenantId, id, changes),
  audit: ({ changes }, w) => ({
    action: changes.active === false ? "webhook.paused" : changes.active === true ? "webhook.resumed" : "webhook.updated",
    target: { type: "webhook", id: w.id, label: w.url },
    details: { changed: Object.keys(changes), ...(changes.events ? { events: w.events } : {}) },
  }),
});

export const rotateWebhookSecretOp = defineOperation({
  name: "webhooks.rotateSecret",
  summary: "Rotate a webhook's signing secret",
  description:
    "Replaces the signing secret and returns the new one, the only time it is shown (the way to replace a lost secret). For 24 " +
    "hours deliveries are signed with both: webhook-signature carries a v1 signature per secret, space-separated, as Standard " +
    "Webhooks allows, and x-service-signature the new one's; then the old one stops. Rotating again within those 24 hours ends " +
    `the older secret at once: only the one just replaced keeps signing. ${WHO}`,
  scope: "webhooks:manage",
  http: { method: "POST", path: "/webhooks/{id}/rotate-secret" },
  input: webhookRef,
  output: rotatedSecretSchema,
  errors: ["not_found", ...ERRORS],
  authorize: assertWebhookManager,
  run: ({ tx, principal }, { id }) => rotateWebhookSecret(tx, principal.tenantId, id),
  audit: ({ id }, rotated) => ({
    action: "webhook.secret_rotated",
    target: { type: "webhook", id },
    details: { previous_secret_expires_at: rotated.previous_secret_expires_at },
  }),
});

export const testWebhookOp = defineOperation({
  name: "webhooks.test",
  summary: "Send a test event",
  description:
    "Sends a webhook.test event to this webhook only (whatever it subscribes to), signed and delivered like any event: one attempt, " +
    "its result in the delivery log. The answer is the delivery, under way; read it again for the result. 400 when the webhook " +
    `is paused. ${WHO}`,
  scope: "webhooks:manage",
  http: { method: "POST", path: "/webhooks/{id}/test", status: 202 },
  input: webhookRef,
  output: deliveryDetailSchema,
  errors: ["invalid_request", "not_found", ...ERRORS],
  authorize: assertWebhookManager,
  async run({ tx, principal }, { id }) {
    const deliveryId = await queueTestEvent(tx, principal.tenantId, id);
    return findDelivery(tx, principal.tenantId, id, deliveryId);
  },
});

export const deleteWebhookOp = defineOperation({
  name: "webhooks.delete",
  summary: "Delete a webhook",
  description: `Deletes the webhook and its delivery log; nothing more is sent to it. ${WHO}`,
  scope: "webhooks:manage",
  http: { method: "DELETE", path: "/webhooks/{id}", status: 204 },
  input: webhookRef,
  output: z.null(),
  errors: ["not_found", ...ERRORS],
  authorize: assertWebhookManager,
  run: async ({ tx, principal }, { id }) => {
    await deleteWebhook(tx, principal.tenantId, id);
    return null;
  },
  audit: ({ id }) => ({ action: "webhook.deleted", target: { type: "webhook", id } }),
});
