import type { Principal } from "@/lib/auth/principal.ts";
import { isAdmin } from "@/lib/auth/access.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/**
 * Who may change the tenant's schema (objects and fields): admins, in the browser or through
 * their credentials — never a read-only key, nor a key limited to some objects (a schema change
 * reaches beyond them). OAuth tokens also need objects:write (assertOperationScope).
 */
export function assertSchemaManager(p: Principal): void {
  const c = p.credential;
  if (c.kind === "api_key" && c.readOnly) throw new AppError("api_key_read_only");
  if (c.kind === "api_key" && c.allowedObjects) throw new AppError("api_key_object_denied");
  if (!isAdmin(p)) throw new AppError("permission_denied");
}

export const SCHEMA_ERRORS = ["permission_denied", "api_key_read_only", "api_key_object_denied", "insufficient_scope"] as const;
