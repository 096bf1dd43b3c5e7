import { csvLine } from "@/lib/services/csv/csv-cell.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import type { AuditEntryOut, AuditFilter } from "@/lib/schemas/audit.ts";

interface AuditRow {
  id: string;
  created_at: Date;
  action: AuditEntryOut["action"];
  actor_id: string | null;
  actor_email: string | null;
  credential_kind: AuditEntryOut["credential"]["kind"];
  credential_id: string | null;
  credential_name: string | null;
  ip: string | null;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  details: Record<string, unknown> | string;
}

const toEntry = (r: AuditRow): AuditEntryOut => ({
  id: r.id,
  created_at: r.created_at,
  action: r.action,
  actor: { id: r.actor_id, email: r.actor_email },
  credential: { kind: r.credential_kind, id: r.credential_id, name: r.credential_name },
  ip: r.ip,
  target: { type: r.target_type, id: r.target_id, label: r.target_label },
  details: typeof r.details === "string" ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
});

/** The tenant's entries, newest first (ids are time-ordered UUIDv7), one page after `starting_after`. */
export async function listAudit(tx: SqlTx, tenantId: string, f: AuditFilter): Promise<{ data: AuditEntryOut[]; has_more: boolean }> {
  // ORDER BY names the table's id: a bare `id` would be the select list's id::text, which no index orders.
  const rows = await tx.$queryRaw<AuditRow[]>`
    SELECT id::text, created_at, action, actor_id::text, actor_email, credential_kind, credential_id, credential_name, ip,
           target_type, target_id, target_label, details
    FROM audit_log
    WHERE tenant_id = ${tenantId}::uuid
      AND (${f.action ?? null}::text IS NULL OR action = ${f.action ?? null}::text)
      AND (${f.actor ?? null}::uuid IS NULL OR actor_id = ${f.actor ?? null}::uuid)
      AND (${f.since ?? null}::timestamptz IS NULL OR created_at >= ${f.since ?? null}::timestamptz)
      AND (${f.until ?? null}::timestamptz IS NULL OR created_at < ${f.until ?? null}::timestamptz)
      AND (${f.starting_after ?? null}::uuid IS NULL OR id < ${f.starting_after ?? null}::uuid)
    ORDER BY audit_log.id DESC LIMIT ${f.limit + 1}`;
  return { data: rows.slice(0, f.limit).map(toEntry), has_more: rows.length > f.limit };
}

const CSV_COLUMNS = [
  "time",
  "action",
  "actor_email",
  "credential_kind",
  "credential_name",
  "ip",
  "target_type",
  "target_id",
  "target_label",
  "details",
];

/** The entries as CSV rows (header first), for the settings page's export. */
export function auditCsv(entries: AuditEntryOut[]): string {
  let csv = csvLine(CSV_COLUMNS);
  for (const e of entries) {
    csv += csvLine([
      new Date(e.created_at).toISOString(),
      e.action,
      e.actor.email,
      e.credential.kind,
      e.credential.name,
      e.ip,
      e.target.type,
      e.target.id,
      e.target.label,
      JSON.stringify(e.details),
    ]);
  }
  return csv;
}
