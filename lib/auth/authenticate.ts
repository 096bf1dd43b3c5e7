import { withTenantSql } from "@/lib/db/tenant.ts";
import type { Credential } from "./credential.ts";
import { loadPrincipal } from "./load-principal.ts";
import type { Principal } from "./principal.ts";

/**
 * Checks a credential in its own tenant transaction, without running anything or spending its
 * rate limit (MCP's per-request 401).
 */
export function authenticate(credential: Credential): Promise<Principal> {
  return withTenantSql(credential.tenantId, (tx) => loadPrincipal(tx, credential));
}
