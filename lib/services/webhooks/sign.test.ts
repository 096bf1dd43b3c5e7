import { createHmac, timingSafeEqual } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { deliveryHeaders, generateWebhookSecret } from "./sign.ts";

/** A receiver written from spec §6.3 alone: HMAC-SHA256 of the raw body, hex, `sha256=`, constant-time compare. */
function specReceiverAccepts(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`);
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe("signing a delivery", () => {
  const secret = generateWebhookSecret();
  const body = Buffer.from('{"event":"record.created","data":{"name":"Zoë"}}');
  const headers = deliveryHeaders({
    secret,
    event: "record.created",
    deliveryId: "msg_2b9f",
    eventId: "0190b2a0-0000-7000-8000-000000000001",
    sentAt: new Date(),
    body,
  });

  it("carries the spec's headers, verified by a receiver that follows §6.3", () => {
    expect(headers).toMatchObject({
      "content-type": "application/json",
      "x-service-event": "record.created",
      "x-service-delivery": "msg_2b9f",
    });
    expect(headers["x-service-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(specReceiverAccepts(secret, body, headers["x-service-signature"])).toBe(true);
    expect(specReceiverAccepts(secret, Buffer.from(body.toString().replace("Zoë", "Zoe")), headers["x-service-signature"])).toBe(false);
    expect(specReceiverAccepts(generateWebhookSecret(), body, headers["x-service-signature"])).toBe(false);
  });

  it("is verified by the standardwebhooks library with the secret as shown", () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body.toString(), headers)).toEqual(JSON.parse(body.toString()));
    const replayed = { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 3600) };
    expect(() => new Webhook(secret).verify(body.toString(), replayed)).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body.toString(), headers)).toThrow();
  });

  it("signs with both secrets after a rotation: webhook-signature carries both, x-service-signature the current one", () => {
    const previous = generateWebhookSecret();
    const both = deliveryHeaders({
      secret,
      previousSecret: previous,
      event: "record.created",
      deliveryId: "msg_2ba0",
      eventId: "e",
      sentAt: new Date(),
      body,
    });
    expect(both["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    for (const s of [secret, previous]) expect(new Webhook(s).verify(body.toString(), both)).toEqual(JSON.parse(body.toString()));
    expect(() => new Webhook(generateWebhookSecret()).verify(body.toString(), both)).toThrow();
    expect(specReceiverAccepts(secret, body, both["x-service-signature"])).toBe(true);
    expect(specReceiverAccepts(previous, body, both["x-service-signature"])).toBe(false);
    expect(headers["webhook-signature"]).not.toContain(" ");
  });
});
