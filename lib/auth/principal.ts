/** Who is calling, resolved once per request by authenticate(); every check reads this. */
export type ObjectAction = "read" | "create" | "update" | "delete";

export interface ActionGrant {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

export interface RolePermissions {
  roleKey: string;
  defaults: ActionGrant;
  /**
   * Per-object overrides by object apiName. A Map, not a plain object: an object named
   * `constructor` must find its own grant (or none), never one inherited from Object.prototype.
   */
  objects: ReadonlyMap<string, ActionGrant>;
}

export interface ApiKeyCredential {
  kind: "api_key";
  id: string;
  readOnly: boolean;
  /** null: every object. */
  allowedObjects: string[] | null;
  allowDelete: boolean;
  rateLimit: number;
}

/** An OAuth access token: the consenting user, limited by the granted scopes (lib/oauth/scopes.ts). */
export interface OAuthCredential {
  kind: "oauth";
  tokenId: string;
  appId: string;
  /** Every token descending from one authorization: one rate-limit bucket, refreshes included. */
  familyId: string;
  scopes: string[];
  rateLimit: number;
}

export interface SessionCredential {
  kind: "session";
  /** Platform admins register and publish OAuth apps for every tenant. */
  platformAdmin: boolean;
  /** The API reference's Try it calling /api/v1, which counts like any API client; pages and server actions do not. */
  apiConsole: boolean;
}

export interface Principal {
  tenantId: string;
  userId: string;
  /** The tenant's schema version when the request started (keys the object-definition cache). */
  schemaVersion: number;
  role: RolePermissions;
  credential: ApiKeyCredential | OAuthCredential | SessionCredential;
}

/** Try it's requests per minute per user: the spec's default for a key (spec 8). */
export const API_CONSOLE_RATE_LIMIT = 120;

/** The rate-limit bucket: one per credential, shared by every surface; none for pages and server actions. */
export function rateLimitKey(p: Principal): { key: string; limit: number } | null {
  const c = p.credential;
  if (c.kind === "api_key") return { key: `key:${c.id}`, limit: c.rateLimit };
  if (c.kind === "oauth") return { key: `oauth:${c.familyId}`, limit: c.rateLimit };
  if (c.apiConsole) return { key: `user:${p.userId}`, limit: API_CONSOLE_RATE_LIMIT };
  return null;
}
