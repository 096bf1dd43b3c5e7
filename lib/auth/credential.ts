import { AppError } from "@/lib/errors/app-error.ts";
import { parseTenantSecret } from "@/lib/auth/tenant-secret.ts";
import { parseApiKey } from "./api-key-format.ts";

/**
 * What a request presented, before any database lookup. A session is the signed-in user of a page
 * or server action, or — `apiConsole` — of the API reference's Try it calling /api/v1 (credential-from-request.ts).
 */
export type Credential =
  | { kind: "api_key"; secret: string; keyId: string; tenantId: string }
  | { kind: "oauth"; secret: string; tokenId: string; tenantId: string }
  | { kind: "session"; tenantId: string; userId: string; apiConsole?: true };

/**
 * Reads `Authorization: Bearer <API key or OAuth access token>`. Missing → 401 unauthenticated; anything that is not a
 * well-formed key → 401 invalid_credential, without touching the database.
 */
export function credentialFromHeaders(headers: Pick<Headers, "get">): Credential {
  const header = headers.get("authorization");
  if (!header) throw new AppError("unauthenticated");
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) throw new AppError("invalid_credential");
  const secret = match[1]!;
  const token = parseTenantSecret("access", secret);
  if (token) return { kind: "oauth", secret, tokenId: token.id, tenantId: token.tenantId };
  const ids = parseApiKey(secret);
  if (!ids) throw new AppError("invalid_credential");
  return { kind: "api_key", secret, ...ids };
}
