import { createHmac, randomBytes } from "node:crypto";

/**
 * A webhook's signing secret as it is shown once: `whsec_` and 32 random bytes in base64, the
 * Standard Webhooks form, so that standard's libraries take it as it is. The spec's
 * `x-service-signature` is keyed with this whole string, exactly as displayed.
 */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The Standard Webhooks key: the bytes after `whsec_`. */
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ""), "base64");
}

export interface SignedDelivery {
  secret: string;
  /** The secret a rotation replaced, while it has not expired: `webhook-signature` carries its signature too. */
  previousSecret?: string | null;
  event: string;
  /** Unique per delivery (a redelivery is a new one): `x-service-delivery` and `webhook-id`. */
  deliveryId: string;
  /** The event's id, the same for every delivery of it (redeliveries too): receivers dedupe by it. */
  eventId: string;
  sentAt: Date;
  /** The exact bytes sent; both signatures cover them, never a re-serialization. */
  body: Buffer;
}

/**
 * The headers of one delivery: the spec's three (§6.2.2, §6.3) and the Standard Webhooks three,
 * whose signature also covers the id and the timestamp so a receiver can refuse replays. After a
 * rotation, `webhook-signature` lists a signature per secret, the current one first, space-separated
 * as that standard allows (its libraries accept any one that matches), so receivers still holding
 * the previous secret keep verifying; `x-service-signature` (spec §6.3, one value) is the current one's.
 */
export function deliveryHeaders(d: SignedDelivery): Record<string, string> {
  const seconds = String(Math.floor(d.sentAt.getTime() / 1000));
  const spec = createHmac("sha256", d.secret).update(d.body).digest("hex");
  const standard = [d.secret, ...(d.previousSecret ? [d.previousSecret] : [])]
    .map(
      (secret) => `v1,${createHmac("sha256", standardKey(secret)).update(`${d.deliveryId}.${seconds}.`).update(d.body).digest("base64")}`,
    )
    .join(" ");
  return {
    "content-type": "application/json",
    "x-service-event": d.event,
    "x-service-signature": `sha256=${spec}`,
    "x-service-delivery": d.deliveryId,
    "x-service-event-id": d.eventId,
    "x-service-timestamp": seconds,
    "webhook-id": d.deliveryId,
    "webhook-timestamp": seconds,
    "webhook-signature": standard,
  };
}
