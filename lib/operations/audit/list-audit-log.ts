// The audit log: GET /api/v1/audit-log (admins' credentials) and Settings → Audit log
import { z } from "zod";
import { isAdmin } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { auditFilterSchema, auditPageSchema } from "@/lib/schemas/audit.ts";
import { listAudit } from "@/lib/services/audit/audit-query.ts";
import { defineSqlOperation } from "../define.ts";

/**
 * The log names every person, their addresses and every credential of the company: admins read it
 * with an unrestricted credential of theirs — their session, a key not limited to some objects (a
 * read-only one is fine), or an OAuth token granted audit:read (assertOperationScope) by an admin.
 * A key limited to objects is refused like the schema API refuses it, before anything is read.
 */
function assertAuditReader(p: Principal): void {
  if (p.credential.kind === "api_key" && p.credential.allowedObjects) throw new AppError("api_key_object_denied");
  if (!isAdmin(p)) throw new AppError("permission_denied");
}

export const listAuditLogOp = defineSqlOperation({
  name: "audit.list",
  summary: "List the audit log",
  description:
    "Who changed the company's configuration and access, when and from where: API keys, apps and agent connections, OAuth " +
    "grants and revocations, webhooks, objects, fields, roles, users and their sign-ins, widgets, flows and approval processes. " +
    "Newest first; page with starting_after. Entries are written with the change itself and never hold a secret. Admins' " +
    "unrestricted credentials only: not a key limited to some objects; tokens need audit:read.",
  scope: "audit:read",
  http: { method: "GET", path: "/audit-log" },
  input: z.object(auditFilterSchema),
  output: auditPageSchema,
  errors: ["invalid_request", "permission_denied", "api_key_object_denied", "insufficient_scope"],
  authorize: assertAuditReader,
  run: ({ tx, principal }, filter) => listAudit(tx, principal.tenantId, filter),
});
