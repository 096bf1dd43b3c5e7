import { AppError, notFound } from "@/lib/errors/app-error.ts";
import { NEWLY_RESERVED_OBJECT_NAMES, RESERVED_OBJECT_NAMES } from "@/lib/schemas/names.ts";
import { objectScope, scopeAllows, scopeReaches } from "@/lib/oauth/scopes.ts";
import type { ActionGrant, ObjectAction, Principal, RolePermissions } from "./principal.ts";

export function roleGrant(role: RolePermissions, objectApiName: string): ActionGrant {
  return role.objects.get(objectApiName) ?? role.defaults;
}

/**
 * What an API key says of an action whatever the object: read-only keys change nothing, and only
 * keys with "Allow deletion" delete. Other credentials pass (their scopes name objects). Checked
 * before anything is looked up: `(p) => assertKeyMay(p, "update")` as an operation's authorize.
 */
export function assertKeyMay(p: Principal, action: ObjectAction): void {
  const c = p.credential;
  if (c.kind !== "api_key") return;
  if (action !== "read" && c.readOnly) throw new AppError("api_key_read_only");
  if (action === "delete" && !c.allowDelete) throw new AppError("api_key_delete_denied");
}

/**
 * May the principal do `action` on the object? The credential's scopes are checked first (with
 * the spec's identifiers), then the user's role: a key never exceeds its creator.
 */
export function assertObjectAccess(p: Principal, objectApiName: string, action: ObjectAction): void {
  const c = p.credential;
  if (c.kind === "api_key" && c.allowedObjects && !c.allowedObjects.includes(objectApiName)) throw new AppError("api_key_object_denied");
  assertKeyMay(p, action);
  if (c.kind === "oauth") {
    // The same identifiers as key scopes (outside every granted scope, granted reading only, no
    // delete scope), naming the scope that would have allowed it.
    const needed = action === "read" ? "read" : action === "delete" ? "delete" : "write";
    if (!scopeReaches(c.scopes, objectApiName))
      throw new AppError("api_key_object_denied", undefined, undefined, { requiredScope: objectScope(objectApiName, needed) });
    if (!scopeAllows(c.scopes, objectApiName, needed)) {
      const code = needed === "read" ? "api_key_object_denied" : needed === "delete" ? "api_key_delete_denied" : "api_key_read_only";
      throw new AppError(code, undefined, undefined, { requiredScope: objectScope(objectApiName, needed) });
    }
  }
  if (!roleGrant(p.role, objectApiName)[action]) throw new AppError("permission_denied");
}

/**
 * assertObjectAccess for a generic record path (`/{object}`). Reserved names are never objects,
 * whatever the credential: `/activity` is not found, although `activity` is an object name for
 * scopes and roles (activities have their own paths). A name reserved later may still be an object
 * that predates its reservation, which keeps its records (NEWLY_RESERVED_OBJECT_NAMES).
 */
export function assertRecordAccess(p: Principal, objectApiName: string, action: ObjectAction): void {
  if (RESERVED_OBJECT_NAMES.has(objectApiName) && !(NEWLY_RESERVED_OBJECT_NAMES as readonly string[]).includes(objectApiName))
    throw notFound(`Object '${objectApiName}'`);
  assertObjectAccess(p, objectApiName, action);
}

/**
 * OAuth tokens also need the operation's own scope, except records and activities scopes, which
 * assertObjectAccess checks per object (with the spec's identifiers). Settings scopes are never granted to apps.
 */
export function assertOperationScope(p: Principal, scope: string): void {
  const c = p.credential;
  // The scope rides along so the 403 can name it (RFC 6750 3.1 WWW-Authenticate).
  if (c.kind === "oauth" && !scope.startsWith("records:") && !scope.startsWith("activities:") && !c.scopes.includes(scope))
    throw new AppError("insufficient_scope", undefined, undefined, { requiredScope: scope });
}

/** Whether the object shows up at all for this principal (object lists are filtered, not refused). */
export function canSeeObject(p: Principal, objectApiName: string): boolean {
  const c = p.credential;
  if (c.kind === "api_key" && c.allowedObjects && !c.allowedObjects.includes(objectApiName)) return false;
  if (c.kind === "oauth" && !scopeReaches(c.scopes, objectApiName)) return false;
  return roleGrant(p.role, objectApiName).read;
}

/** Settings (objects, fields, roles, every user's keys) are managed by admins in the browser. */
export function isAdmin(p: Principal): boolean {
  return p.role.roleKey === "admin";
}

export function assertAdmin(p: Principal): void {
  if (!isAdmin(p) || p.credential.kind !== "session") throw new AppError("permission_denied");
}

/** OAuth apps of the whole platform are registered and published by platform admins, in the browser. */
export function assertPlatformAdmin(p: Principal): void {
  if (p.credential.kind !== "session" || !p.credential.platformAdmin) throw new AppError("permission_denied");
}

/** Settings are managed by signed-in people, never by keys or apps. */
export function assertSession(p: Principal): void {
  if (p.credential.kind !== "session") throw new AppError("permission_denied");
}

/**
 * Webhooks (spec 5.5): people allowed to manage settings, in the browser or through their
 * credentials (REST hooks), since integrations register their own subscriptions. A key must not be
 * read-only: a webhook sends the tenant's changes out. Tokens need webhooks:manage, which
 * assertOperationScope checks beforehand.
 */
export function assertWebhookManager(p: Principal): void {
  assertKeyMay(p, "update");
  if (!isAdmin(p)) throw new AppError("permission_denied");
}

/**
 * Acting for the company towards the people a contact or lead is (marketing email, enrolling in a
 * flow): the credential must be able to read the object (a key allowed it, a token with
 * records:read or records:read:<object> besides the operation's own scope), must not be a
 * read-only key, and the role must allow updating the object.
 */
export function assertActsForPeople(p: Principal, objectApiName: string): void {
  assertObjectAccess(p, objectApiName, "read");
  assertKeyMay(p, "update");
  if (!roleGrant(p.role, objectApiName).update) throw new AppError("permission_denied");
}
