import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

/**
 * API key layout: `crm_` + base64url(key id ‖ tenant id) (43 chars) + base64url(32 random bytes)
 * (43 chars). The ids let a request find its tenant and key row by primary key, inside the
 * tenant's RLS transaction, with no cross-tenant lookup; only the SHA-256 of the whole key is
 * stored (the secret has 256 bits of entropy, so a fast hash is enough).
 */
const PREFIX = "crm_";
const FORMAT = /^crm_([A-Za-z0-9_-]{43})([A-Za-z0-9_-]{43})$/;

function uuidToBytes(uuid: string): Buffer {
  return Buffer.from(uuid.replaceAll("-", ""), "hex");
}

function bytesToUuid(b: Buffer): string {
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface NewApiKey {
  id: string;
  secret: string;
  secretHash: string;
  /** What the UI shows to tell keys apart: never enough to use the key. */
  prefix: string;
}

export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function generateApiKey(tenantId: string): NewApiKey {
  const id = randomUUID();
  const ids = Buffer.concat([uuidToBytes(id), uuidToBytes(tenantId)]).toString("base64url");
  const secret = `${PREFIX}${ids}${randomBytes(32).toString("base64url")}`;
  return { id, secret, secretHash: hashApiKey(secret), prefix: secret.slice(0, PREFIX.length + 8) };
}

export function parseApiKey(secret: string): { keyId: string; tenantId: string } | null {
  const m = FORMAT.exec(secret);
  if (!m) return null;
  const ids = Buffer.from(m[1]!, "base64url");
  if (ids.length !== 32) return null;
  return { keyId: bytesToUuid(ids.subarray(0, 16)), tenantId: bytesToUuid(ids.subarray(16)) };
}

export function apiKeyMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashApiKey(secret), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
