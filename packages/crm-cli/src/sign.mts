import { createHmac, randomBytes } from "node:crypto";

/** A signing secret as the app shows one (`whsec_` and 32 random bytes in base64, the Standard Webhooks form). */
export function sessionSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * The headers of one webhook delivery, exactly as the app sends them (lib/services/webhooks/sign.ts
 * in the app; tests/cli compares the two): the spec's x-service-* headers and the Standard Webhooks
 * three, both signatures over the exact body bytes.
 */
export function deliveryHeaders(d: { secret: string; event: string; deliveryId: string; eventId: string; sentAt: Date; body: Buffer }) {
  const seconds = String(Math.floor(d.sentAt.getTime() / 1000));
  const spec = createHmac("sha256", d.secret).update(d.body).digest("hex");
  const key = Buffer.from(d.secret.replace(/^whsec_/, ""), "base64");
  const standard = createHmac("sha256", key).update(`${d.deliveryId}.${seconds}.`).update(d.body).digest("base64");
  return {
    "content-type": "application/json",
    "x-service-event": d.event,
    "x-service-signature": `sha256=${spec}`,
    "x-service-delivery": d.deliveryId,
    "x-service-event-id": d.eventId,
    "x-service-timestamp": seconds,
    "webhook-id": d.deliveryId,
    "webhook-timestamp": seconds,
    "webhook-signature": `v1,${standard}`,
  };
}
