import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { derivedSecret } from "@/lib/secrets.ts";

/**
 * Webhook signing secrets at rest (issue 13, item 13): AES-256-GCM, under WEBHOOK_SECRET_KEY when
 * the operator sets one, else under a key derived from AUTH_SECRET (the same on every instance
 * that shares it). The webhook's id is the associated data, so a sealed secret copied onto another
 * webhook's row does not open. Format: `v1.<iv>.<ciphertext>.<tag>`, base64url.
 */
const VERSION = "v1";

function key(): Buffer {
  const configured = process.env.WEBHOOK_SECRET_KEY;
  return createHash("sha256")
    .update(configured ? `configured:${configured}` : `derived:${derivedSecret("webhook-signing-secrets")}`)
    .digest();
}

export function sealSecret(secret: string, webhookId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(webhookId));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), sealed.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The secret, or an Error when the value was not sealed for this webhook under this key. */
export function openSecret(value: string, webhookId: string): string {
  const [version, iv, sealed, tag] = value.split(".");
  if (version !== VERSION || !iv || !sealed || !tag) throw new Error("Not a sealed webhook secret");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(webhookId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}
