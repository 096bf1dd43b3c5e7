// The audit log: GET /api/v1/audit-log (admins' credentials) and Settings → Audit log
import { z } from "zod";
import { auditFilterSchema, auditPageSchema } from "@/lib/schemas/audit.ts";
import { listAudit } from "@/lib/services/audit/audit-query.ts";
import { defineOperation } from "../define.ts";
import { assertLogReader } from "./log-reader.ts";

export const listAuditLogOp = defineOperation({
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
  authorize: assertLogReader,
  run: ({ tx, principal }, filter) => listAudit(tx, principal.tenantId, filter),
});
