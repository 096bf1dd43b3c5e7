import type { SqlTx } from "@/lib/db/tenant.ts";
import { revokeUserTokens } from "@/lib/services/oauth/tokens.ts";

/**
 * Ends every browser session (each carries the session version it began with; load-principal.ts
 * compares it on every request) and every OAuth token and unexchanged code of the user, at once.
 * `changeUser` updates the user's row and must raise `session_version`. Tokens are swept before and
 * after it: a refresh under way holds its token's row and then waits for the user's (tokens.ts
 * liveGrant), so the first sweep must not hold the user's row yet; the second catches whatever such
 * a refresh issued before this could lock the user. API keys are credentials admins manage, not sessions.
 */
export async function endSessionsAndTokens(
  tx: SqlTx,
  tenantId: string,
  userId: string,
  changeUser?: () => PromiseLike<unknown>,
): Promise<void> {
  await revokeUserTokens(tx, tenantId, userId);
  await (changeUser?.() ??
    tx.$executeRaw`UPDATE app_user SET session_version = session_version + 1 WHERE tenant_id = ${tenantId}::uuid AND id = ${userId}::uuid`);
  await revokeUserTokens(tx, tenantId, userId);
}
