import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";

/**
 * Every bearer secret of the service — API keys, OAuth authorization codes, access and refresh
 * tokens — has one layout: `<prefix>` + base64url(row id ‖ tenant id) (43 chars) +
 * base64url(32 random bytes) (43 chars). The ids find the row by primary key inside the tenant's
 * RLS transaction, with no lookup across tenants; only the SHA-256 of the whole string is stored
 * (256 bits of entropy, so a fast hash is enough). The prefixes tell the kinds apart at a glance
 * and in secret scanners; the fixed body length keeps any kind from parsing as another.
 */
export const SECRET_PREFIX = { code: "crm_ac_", access: "crm_at_", refresh: "crm_rt_", userLink: "crm_ul_", apiKey: "crm_" } as const;
export type SecretKind = keyof typeof SECRET_PREFIX;

const BODY = /^([A-Za-z0-9_-]{43})([A-Za-z0-9_-]{43})$/;

const uuidBytes = (uuid: string) => Buffer.from(uuid.replaceAll("-", ""), "hex");
function bytesToUuid(b: Buffer): string {
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const hashSecret = (secret: string): string => createHash("sha256").update(secret).digest("hex");

export interface NewTenantSecret {
  id: string;
  secret: string;
  secretHash: string;
}

export function generateTenantSecret(kind: SecretKind, tenantId: string): NewTenantSecret {
  const id = uuidV7();
  const ids = Buffer.concat([uuidBytes(id), uuidBytes(tenantId)]).toString("base64url");
  const secret = `${SECRET_PREFIX[kind]}${ids}${randomBytes(32).toString("base64url")}`;
  return { id, secret, secretHash: hashSecret(secret) };
}

/** The row and tenant ids a secret names, or null when it is not a well-formed secret of this kind. */
export function parseTenantSecret(kind: SecretKind, secret: string): { id: string; tenantId: string } | null {
  const prefix = SECRET_PREFIX[kind];
  if (!secret.startsWith(prefix)) return null;
  const m = BODY.exec(secret.slice(prefix.length));
  if (!m) return null;
  const ids = Buffer.from(m[1]!, "base64url");
  if (ids.length !== 32) return null;
  return { id: bytesToUuid(ids.subarray(0, 16)), tenantId: bytesToUuid(ids.subarray(16)) };
}

/** Which kind of secret this string is, if it parses as one (the API key prefix starts the others'). */
export function secretKindOf(secret: string): SecretKind | null {
  return (Object.keys(SECRET_PREFIX) as SecretKind[]).find((k) => parseTenantSecret(k, secret) !== null) ?? null;
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
