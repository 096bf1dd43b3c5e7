import { z } from "zod";
import { AUDIT_ACTION_NAMES } from "@/lib/schemas/audit-actions.ts";
import { isoDateParam } from "./iso-date.ts";

export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    created_at: z.date().describe("When the change was committed (the entry is written in its transaction)"),
    action: z.enum(AUDIT_ACTION_NAMES).describe("What happened, `<target>.<verb>`"),
    actor: z
      .object({ id: z.uuid().nullable(), email: z.string().nullable() })
      .describe("Who did it: the user the credential acts as, and their email at the time"),
    credential: z
      .object({
        kind: z.enum(["session", "api_key", "oauth", "system"]),
        id: z.string().nullable().describe("The API key's id, or the OAuth token family's; null for the browser"),
        name: z.string().nullable().describe("The API key's name, or the OAuth app's"),
      })
      .describe("How they were signed in"),
    ip: z.string().nullable().describe("The client's address as the server saw it"),
    target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).describe("What was changed"),
    details: z.record(z.string(), z.unknown()).describe("What changed, without any secret"),
  })
  .meta({ id: "AuditEntry" });

export const auditPageSchema = z
  .object({
    data: z.array(auditEntrySchema),
    has_more: z.boolean().describe("Whether older entries follow; pass the last id as starting_after"),
  })
  .meta({ id: "AuditLogPage" });

export const auditFilterSchema = {
  action: z.enum(AUDIT_ACTION_NAMES).optional().describe("Only entries of this action"),
  actor: z.uuid().optional().describe("Only entries of this user (their id)"),
  since: isoDateParam("Only entries at or after this time"),
  until: isoDateParam("Only entries before this time"),
  limit: z.number().int().min(1).max(100).default(25).describe("How many to return, newest first (1 to 100)"),
  starting_after: z.uuid().optional().describe("The id of the last entry of the previous page"),
};

export type AuditFilter = {
  action?: string;
  actor?: string;
  since?: Date;
  until?: Date;
  limit: number;
  starting_after?: string;
};
export type AuditEntryOut = z.input<typeof auditEntrySchema>;
