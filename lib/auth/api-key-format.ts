import { generateTenantSecret, parseTenantSecret } from "./tenant-secret.ts";

/**
 * API keys: `crm_` + base64url(key id ‖ tenant id) + base64url(32 random bytes), the layout of
 * every bearer secret (tenant-secret.ts).
 */
export interface NewApiKey {
  id: string;
  secret: string;
  secretHash: string;
  /** What the UI shows to tell keys apart: never enough to use the key. */
  prefix: string;
}

export function generateApiKey(tenantId: string): NewApiKey {
  const key = generateTenantSecret("apiKey", tenantId);
  return { ...key, prefix: key.secret.slice(0, "crm_".length + 8) };
}

export function parseApiKey(secret: string): { keyId: string; tenantId: string } | null {
  const ids = parseTenantSecret("apiKey", secret);
  return ids && { keyId: ids.id, tenantId: ids.tenantId };
}
