import { z } from "zod";
import { MAX_DESTINATION_URL_LENGTH } from "@/lib/net/destination.ts";
import { EVENT_NAMES, FEED_EVENT_TYPES, PRESELECTED_EVENTS, type EventName, type TestEventName } from "./event-names.ts";

/** Longest webhook URL accepted: any destination's limit (lib/net/destination.ts). */
const MAX_WEBHOOK_URL_LENGTH = MAX_DESTINATION_URL_LENGTH;

/** Most webhooks one tenant may have (GitHub allows 20 per repository, Stripe 16 endpoints). */
export const MAX_WEBHOOKS_PER_TENANT = 20;

const eventNameSchema = z.enum(EVENT_NAMES as [EventName, ...EventName[]]).describe("An event name of the catalog (spec 6.1)");

const urlSchema = z
  .string()
  .min(1, "give the address to deliver to")
  .max(MAX_WEBHOOK_URL_LENGTH)
  .describe("Where deliveries are POSTed: an http or https address on the public internet");

const eventsSchema = z
  .array(eventNameSchema)
  .min(1, "subscribe to at least one event")
  .max(EVENT_NAMES.length * 2)
  .transform((events) => [...new Set(events)])
  .describe("The events it is sent, each at most once");

export const webhookCreateSchema = z.strictObject({
  url: urlSchema,
  events: eventsSchema.default([...PRESELECTED_EVENTS]).describe("The events it is sent; record.created and record.updated when omitted"),
  active: z.boolean().default(true).describe("false to create it paused"),
});

export const webhookChangesSchema = z
  .strictObject({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    active: z.boolean().optional().describe("false pauses it (nothing is sent, the configuration is kept), true resumes it"),
  })
  .refine((c) => c.url !== undefined || c.events !== undefined || c.active !== undefined, "change at least one of url, events, active");

/** A delivery attempt's result as the log shows it: a response status, or an error, or neither while it is under way. */
const DELIVERY_ERRORS = [
  "timeout",
  "dns_failure",
  "refused_destination",
  "connection_error",
  "tls_error",
  "redirect_not_followed",
  "interrupted",
] as const;

export const deliverySchema = z
  .object({
    id: z.string().describe("The delivery's id (uuid), sent as x-service-delivery and webhook-id"),
    webhookId: z.string(),
    event: z.string().describe("The event name"),
    status: z.number().int().nullable().describe("The receiver's response status; null when none came"),
    error: z
      .enum(DELIVERY_ERRORS)
      .nullable()
      .describe(
        "Why it failed when no status tells: timeout (4 s), dns_failure, refused_destination (not a public address), connection_error, " +
          "tls_error, redirect_not_followed (beside a 3xx status), interrupted (the sending instance stopped first; it may have been received). " +
          "Both status and error are null while the attempt is under way",
      ),
    duration_ms: z.number().int().nullable().describe("How long the attempt took"),
    created_at: z.string(),
  })
  .meta({ id: "WebhookDelivery", description: "One attempt to deliver one event to one webhook. There is never an automatic retry." });

export const deliveryDetailSchema = deliverySchema
  .extend({
    redelivery_of: z.string().nullable().describe("The delivery this one sent again, for a manual redelivery"),
    error_detail: z.string().nullable().describe("The failure in words"),
    request: z.object({
      headers: z.record(z.string(), z.string()).nullable().describe("The headers exactly as sent; null if it was never sent"),
      body: z.string().describe("The body exactly as sent (and signed)"),
    }),
    response: z.object({ head: z.string().nullable().describe("The first 1,024 bytes of the receiver's answer") }),
  })
  .meta({ id: "WebhookDeliveryDetail", description: "A delivery with the request as sent and the start of the answer." });

const lastDeliverySchema = z
  .object({ status: z.number().int().nullable(), error: z.enum(DELIVERY_ERRORS).nullable(), created_at: z.string() })
  .nullable();

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    active: z.boolean().describe("false while paused"),
    created_at: z.string(),
    created_by: z.object({ id: z.string(), name: z.string() }).describe("Who created it"),
    last_delivery: lastDeliverySchema.describe("The result of its latest delivery, null before the first"),
  })
  .meta({ id: "Webhook", description: "A webhook (spec 2.7). Its signing secret is returned once, when it is created." });

export const createdWebhookSchema = webhookSchema
  .extend({
    secret: z
      .string()
      .describe("The signing secret (whsec_...): shown this once and never again. A lost one is replaced with rotate-secret"),
  })
  .meta({ id: "CreatedWebhook" });

export const rotatedSecretSchema = z
  .object({
    secret: z.string().describe("The new signing secret (whsec_...): shown this once and never again"),
    previous_secret_expires_at: z
      .string()
      .describe(
        "Until when (24 hours from now) the replaced secret still signs: meanwhile webhook-signature carries a v1 signature per " +
          "secret, space-separated, and x-service-signature the new one's only. A secret replaced earlier stops at once",
      ),
  })
  .meta({ id: "RotatedWebhookSecret", description: "A webhook's new signing secret, and the end of the one it replaced." });

export const deliveryPageSchema = z
  .object({
    data: z.array(deliverySchema),
    has_more: z.boolean().describe("Whether older deliveries follow; pass the last id as starting_after"),
  })
  .meta({ id: "WebhookDeliveryPage" });

export const deliveryFilterSchema = {
  event: z
    .enum(FEED_EVENT_TYPES as [EventName | TestEventName, ...(EventName | TestEventName)[]])
    .optional()
    .describe("Only deliveries of this event (webhook.test: the test sends)"),
  outcome: z.enum(["success", "failure"]).optional().describe("success: a 2xx status; failure: anything else that has finished"),
  limit: z.number().int().min(1).max(100).default(25).describe("How many to return, newest first (1 to 100)"),
  starting_after: z.uuid().optional().describe("The id of the last delivery of the previous page"),
};

export type Webhook = z.input<typeof webhookSchema>;
export type Delivery = z.input<typeof deliverySchema>;
export type DeliveryDetail = z.input<typeof deliveryDetailSchema>;
export type DeliveryFilter = {
  webhookId?: string;
  event?: string;
  outcome?: "success" | "failure";
  limit: number;
  starting_after?: string;
};
