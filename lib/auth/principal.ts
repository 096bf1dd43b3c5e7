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
  /** Per-object overrides by object apiName. */
  objects: Record<string, ActionGrant>;
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

export interface SessionCredential {
  kind: "session";
}

export interface Principal {
  tenantId: string;
  userId: string;
  /** The tenant's schema version when the request started (keys the object-definition cache). */
  schemaVersion: number;
  role: RolePermissions;
  credential: ApiKeyCredential | SessionCredential;
}

/** The rate-limit bucket: one per credential, shared by every surface. */
export function rateLimitKey(p: Principal): string | null {
  return p.credential.kind === "api_key" ? `key:${p.credential.id}` : null;
}
