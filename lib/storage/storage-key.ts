import { randomBytes } from "node:crypto";

/**
 * A storage key: `<tenant id>/<32 random bytes, base64url>`. Unguessable, scoped to its tenant by
 * its first segment, and made of nothing but [0-9a-f-] and base64url characters, so it can never
 * name a path outside the store, whatever the backend does with slashes and dots.
 */
const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9_-]{43}$/;

export function newStorageKey(tenantId: string): string {
  return `${tenantId.toLowerCase()}/${randomBytes(32).toString("base64url")}`;
}

export function isStorageKey(value: string): boolean {
  return STORAGE_KEY.test(value);
}

/** The tenant a well-formed key was issued for. */
export const storageKeyTenant = (key: string): string => key.slice(0, 36);
