import { isAdmin } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/**
 * The logs (audit log, request log) name every person, their addresses and every credential of the
 * company: admins read them with an unrestricted credential of theirs — their session, a key not
 * limited to some objects (a read-only one is fine), or an OAuth token granted audit:read
 * (assertOperationScope) by an admin. A key limited to objects is refused like the schema API
 * refuses it, before anything is read.
 */
export function assertLogReader(p: Principal): void {
  if (p.credential.kind === "api_key" && p.credential.allowedObjects) throw new AppError("api_key_object_denied");
  if (!isAdmin(p)) throw new AppError("permission_denied");
}
