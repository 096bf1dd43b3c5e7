import { afterEach, describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box.ts";
import { generateWebhookSecret } from "./sign.ts";

const saved = { auth: process.env.AUTH_SECRET, key: process.env.WEBHOOK_SECRET_KEY };
const restore = (name: string, value: string | undefined) => {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
};
afterEach(() => {
  restore("AUTH_SECRET", saved.auth);
  restore("WEBHOOK_SECRET_KEY", saved.key);
});

describe("webhook secrets at rest", () => {
  it("are sealed, never stored as they are, and open only for their own webhook under the same key", () => {
    process.env.AUTH_SECRET = "first-auth-secret";
    delete process.env.WEBHOOK_SECRET_KEY;
    const secret = generateWebhookSecret();
    const sealed = sealSecret(secret, "webhook-a");
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(sealSecret(secret, "webhook-a")).not.toBe(sealed);
    expect(openSecret(sealed, "webhook-a")).toBe(secret);
    expect(() => openSecret(sealed, "webhook-b")).toThrow();
    const [v, iv, body, tag] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] ^= 1;
    expect(() => openSecret([v, iv, flipped.toString("base64url"), tag].join("."), "webhook-a")).toThrow();
    process.env.AUTH_SECRET = "another-auth-secret";
    expect(() => openSecret(sealed, "webhook-a")).toThrow();
  });

  it("use WEBHOOK_SECRET_KEY instead of AUTH_SECRET when it is set", () => {
    process.env.WEBHOOK_SECRET_KEY = "operator-key";
    process.env.AUTH_SECRET = "first-auth-secret";
    const sealed = sealSecret("whsec_x", "w");
    process.env.AUTH_SECRET = "another-auth-secret";
    expect(openSecret(sealed, "w")).toBe("whsec_x");
    delete process.env.WEBHOOK_SECRET_KEY;
    expect(() => openSecret(sealed, "w")).toThrow();
  });
});
