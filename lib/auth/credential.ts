import { AppError } from "@/lib/errors/app-error.ts";
import { parseTenantSecret } from "@/lib/auth/tenant-secret.ts";
import { parseApiKey } from "./api-key-format.ts";

/**
 * What a request presented, before any database lookup. A session is the signed-in user of a page
 * or server action, or — `apiConsole` — of the API reference's Try it calling /api/v1 (credential-from-request.ts).
 * Its `sessionVersion` is the user's session version when they signed in (the JWT carries it): the
 * session works only while the user's current one is the same (load-principal.ts).
 */
export type Credential =
  | { kind: "api_key"; secret: string; keyId: string; tenantId: string }
  | { kind: "oauth"; secret: string; tokenId: string; tenantId: string }
  | { kind: "session"; tenantId: string; userId: string; sessionVersion: number; apiConsole?: true };

export type SessionCredentialInput = Extract<Credential, { kind: "session" }>;

/**
 * The session credential of a decoded Auth.js token or session user, or null when it names no
 * user. A session signed in before versions existed carries none: version 0, every user's first.
 */
export function sessionCredentialOf(claims: { sub?: unknown; tenantId?: unknown; sv?: unknown }): SessionCredentialInput | null {
  if (typeof claims.sub !== "string" || !claims.sub || typeof claims.tenantId !== "string" || !claims.tenantId) return null;
  return {
    kind: "session",
    tenantId: claims.tenantId,
    userId: claims.sub,
    sessionVersion: typeof claims.sv === "number" && Number.isInteger(claims.sv) ? claims.sv : 0,
  };
}

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
