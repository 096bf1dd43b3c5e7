import type { Operation } from "../define.ts";
import { getWebhookDeliveryOp, listWebhookDeliveriesOp, redeliverOp } from "./deliveries.ts";
import {
  createWebhookOp,
  deleteWebhookOp,
  getWebhookOp,
  listWebhooksOp,
  rotateWebhookSecretOp,
  updateWebhookOp,
} from "./manage-webhooks.ts";

/** The webhooks area of the API (REST hooks), in reference order. No MCP tools: agents do not register webhooks. */
export const webhookOperations: Operation[] = [
  listWebhooksOp,
  createWebhookOp,
  getWebhookOp,
  updateWebhookOp,
  rotateWebhookSecretOp,
  deleteWebhookOp,
  listWebhookDeliveriesOp,
  getWebhookDeliveryOp,
  redeliverOp,
];
