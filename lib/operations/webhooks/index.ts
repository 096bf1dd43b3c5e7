import type { Operation } from "../define.ts";
import { getWebhookDeliveryOp, listWebhookDeliveriesOp, redeliverOp, resendEventOp } from "./deliveries.ts";
import {
  createWebhookOp,
  deleteWebhookOp,
  getWebhookOp,
  listWebhooksOp,
  rotateWebhookSecretOp,
  testWebhookOp,
  updateWebhookOp,
} from "./manage-webhooks.ts";

/** The webhooks area of the API (REST hooks), in reference order. No MCP tools: agents do not register webhooks. */
export const webhookOperations: Operation[] = [
  listWebhooksOp,
  createWebhookOp,
  getWebhookOp,
  updateWebhookOp,
  rotateWebhookSecretOp,
  testWebhookOp,
  deleteWebhookOp,
  listWebhookDeliveriesOp,
  getWebhookDeliveryOp,
  redeliverOp,
  resendEventOp,
];
