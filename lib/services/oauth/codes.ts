import type { SqlTx } from "@/lib/db/tenant.ts";
import { generateTenantSecret } from "@/lib/auth/tenant-secret.ts";

/** Authorization codes live 60 s (DESIGN.md) and are single use. */
export const CODE_TTL_MS = 60_000;

export interface CodeRequest {
  appId: string;
  userId: string;
  grantId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string;
}

/** Issues a code for an approved authorization request; the string goes to the redirect URI. */
export async function issueCode(tx: SqlTx, tenantId: string, c: CodeRequest, now = new Date()): Promise<string> {
  const code = generateTenantSecret("code", tenantId);
  await tx.$executeRaw`
    INSERT INTO oauth_code (tenant_id, id, secret_hash, app_id, user_id, grant_id, redirect_uri, scopes, code_challenge, expires_at)
    VALUES (${tenantId}::uuid, ${code.id}::uuid, ${code.secretHash}, ${c.appId}::uuid, ${c.userId}::uuid, ${c.grantId}::uuid,
            ${c.redirectUri}, ${c.scopes}::text[], ${c.codeChallenge}, ${new Date(now.getTime() + CODE_TTL_MS)})`;
  return code.secret;
}
