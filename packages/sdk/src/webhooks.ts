/** A delivery's body once verified: the event and its payload, as the webhook was sent it. */
export interface WebhookEvent {
  event: string;
  [key: string]: unknown;
}

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

export interface VerifyOptions {
  /** How old (or how far in the future) a delivery's timestamp may be, in seconds (default 300): older ones are replays. */
  tolerance?: number;
  /** The current time, in milliseconds (for tests). */
  now?: number;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
}

const encoder = new TextEncoder();
const bytes = (body: string | Uint8Array): Uint8Array<ArrayBuffer> =>
  typeof body === "string" ? encoder.encode(body) : new Uint8Array(body);

async function hmac(key: Uint8Array<ArrayBuffer>, ...parts: Uint8Array<ArrayBuffer>[]): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (message.set(p, at), at + p.length), 0);
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, message));
}

/** Constant-time comparison of two byte strings. */
function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
function fromBase64(s: string): Uint8Array<ArrayBuffer> {
  try {
    return Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array(0); // not base64: matches nothing
  }
}

/**
 * Checks that a webhook delivery was signed with the webhook's secret and is recent, and returns
 * its event. `rawBody` must be the body exactly as received (before any JSON parsing).
 * The Standard Webhooks signature (`webhook-signature`, over the delivery id, the timestamp and the
 * body) is checked when present, else the spec's `x-service-signature` (the body's HMAC, hex); the
 * timestamp (`webhook-timestamp` or `x-service-timestamp`) must be within `tolerance` of now.
 * Throws `WebhookVerificationError` otherwise.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const body = bytes(rawBody);
  const timestamp = header(headers, "webhook-timestamp") ?? header(headers, "x-service-timestamp");
  if (!timestamp || !/^\d+$/.test(timestamp)) throw new WebhookVerificationError("The delivery has no timestamp");
  const tolerance = options.tolerance ?? 300;
  if (Math.abs((options.now ?? Date.now()) / 1000 - Number(timestamp)) > tolerance)
    throw new WebhookVerificationError("The delivery's timestamp is outside the tolerance: a replay, or a clock far off");

  const standard = header(headers, "webhook-signature");
  if (standard) {
    const id = header(headers, "webhook-id");
    if (!id) throw new WebhookVerificationError("The delivery has a webhook-signature but no webhook-id");
    const key = fromBase64(secret.replace(/^whsec_/, ""));
    const expected = await hmac(key, encoder.encode(`${id}.${timestamp}.`), body);
    const ok = standard.split(" ").some((candidate) => {
      const [version, signature] = candidate.split(",", 2);
      return version === "v1" && !!signature && equal(fromBase64(signature), expected);
    });
    if (!ok) throw new WebhookVerificationError("No webhook-signature matches the body and the secret");
  } else {
    const signature = header(headers, "x-service-signature");
    if (!signature?.startsWith("sha256=")) throw new WebhookVerificationError("The delivery is not signed");
    const expected = hex(await hmac(encoder.encode(secret), body));
    if (!equal(encoder.encode(signature.slice("sha256=".length)), encoder.encode(expected)))
      throw new WebhookVerificationError("x-service-signature does not match the body and the secret");
  }
  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("The signed body is not JSON");
  }
}
