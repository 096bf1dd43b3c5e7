/**
 * verifyWebhook against the app's own signing (lib/services/webhooks/sign.ts): what the app sends
 * passes, in both header schemes; a changed byte, another secret or an old delivery does not.
 */
import { describe, expect, it } from "vitest";
import { deliveryHeaders, generateWebhookSecret } from "@/lib/services/webhooks/sign.ts";
import { verifyWebhook, WebhookVerificationError } from "../../packages/sdk/src/webhooks.ts";

const secret = generateWebhookSecret();
const sentAt = new Date();
const body = Buffer.from(JSON.stringify({ event: "record.created", object: "contact", data: { last_name: "Zoë 🚀" } }), "utf8");
const signed = (over: Partial<Parameters<typeof deliveryHeaders>[0]> = {}) =>
  deliveryHeaders({
    secret,
    event: "record.created",
    deliveryId: crypto.randomUUID(),
    eventId: crypto.randomUUID(),
    sentAt,
    body,
    ...over,
  });
const without = (headers: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k)));

describe("verifyWebhook", () => {
  it("returns the event of a delivery the app signed: Standard Webhooks headers, the spec's alone, a Headers object, bytes", async () => {
    const headers = signed();
    expect((await verifyWebhook(body, headers, secret)).event).toBe("record.created");
    expect((await verifyWebhook(body.toString("utf8"), new Headers(headers), secret)).data).toEqual({ last_name: "Zoë 🚀" });
    expect(
      (await verifyWebhook(new Uint8Array(body), without(headers, "webhook-signature", "webhook-id", "webhook-timestamp"), secret)).event,
    ).toBe("record.created");
  });

  it("takes the new secret's signature while a rotation's old one is still sent beside it", async () => {
    const previous = generateWebhookSecret();
    const headers = deliveryHeaders({ secret, previousSecret: previous, event: "e", deliveryId: "d", eventId: "e", sentAt, body });
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    await expect(verifyWebhook(body, headers, secret)).resolves.toBeTruthy();
    await expect(verifyWebhook(body, headers, previous)).resolves.toBeTruthy();
  });

  it("refuses a changed body, another secret, a changed id, an old or missing timestamp, an unsigned delivery", async () => {
    const headers = signed();
    const changed = Buffer.from(body.toString("utf8").replace("Zoë", "Zoe"), "utf8");
    const spec = without(headers, "webhook-signature", "webhook-id", "webhook-timestamp");
    const refusals: [string | Buffer, Record<string, string>, string][] = [
      [changed, headers, secret],
      [body, headers, generateWebhookSecret()],
      [body, { ...headers, "webhook-id": "another" }, secret],
      [changed, spec, secret],
      [body, spec, generateWebhookSecret()],
      [body, without(headers, "webhook-timestamp", "x-service-timestamp"), secret],
      [body, without(spec, "x-service-signature"), secret],
      [body, { ...headers, "webhook-signature": "v1,!!not base64!!" }, secret],
    ];
    for (const [b, h, s] of refusals) await expect(verifyWebhook(b, h, s)).rejects.toBeInstanceOf(WebhookVerificationError);
    const old = signed({ sentAt: new Date(Date.now() - 10 * 60_000) });
    await expect(verifyWebhook(body, old, secret)).rejects.toThrow(/tolerance/);
    await expect(verifyWebhook(body, old, secret, { tolerance: 3600 })).resolves.toBeTruthy();
  });
});
