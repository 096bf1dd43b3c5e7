import type { Principal } from "@/lib/auth/principal.ts";

/**
 * The credential a storage key is issued to: an API key, an OAuth authorization (every token of
 * the family, so a refresh between step 1 and step 3 does not matter) or a signed-in user.
 */
export function credentialRef(p: Principal): string {
  const c = p.credential;
  if (c.kind === "api_key") return `key:${c.id}`;
  if (c.kind === "oauth") return `oauth:${c.familyId}`;
  return `user:${p.userId}`;
}
