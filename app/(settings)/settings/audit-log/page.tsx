import Link from "next/link";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { listAuditLogOp } from "@/lib/operations/audit/list-audit-log.ts";
import { listUsersOp } from "@/lib/operations/users/manage-users.ts";
import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES } from "@/lib/schemas/audit-actions.ts";
import { DataTable } from "@/components/ui/data-table.tsx";
import { AuditDetails } from "@/components/settings/audit-details.tsx";
import { FilterSelect } from "@/components/settings/filter-select.tsx";
import { utcMinute } from "@/components/utc-minute.ts";
import { adminsOnly } from "../webhooks/admins-only.ts";
import { auditPageFilter, auditQuery, filterSearch } from "./filter.ts";

export const metadata = { title: "Audit log" };

const PAGE = 50;
const CREDENTIAL = { session: "browser", api_key: "API key", oauth: "OAuth", system: "system" } as const;

/** Settings → Audit log (admins): who changed what, when and from where; filters, older pages, CSV export. */
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await adminsOnly();
  const search = await searchParams;
  const filter = auditPageFilter(search);
  const after = typeof search.after === "string" && isUuid(search.after) ? search.after : undefined;
  const [log, users] = await Promise.all([
    query(listAuditLogOp, { ...auditQuery(filter), limit: PAGE, starting_after: after }),
    query(listUsersOp, {}),
  ]);
  const older = filterSearch(filter);
  const last = log.data.at(-1);
  if (last) older.set("after", last.id);
  return (
    <>
      <h1>Audit log</h1>
      <p className="lead">
        Who changed the company&apos;s settings and access, when and from where. Entries are written with the change itself, can be neither
        edited nor deleted, and never hold a secret. Also at <code>GET /api/v1/audit-log</code> for admins&apos; credentials.
      </p>
      <section className="panel stack">
        <form method="get" className="row" aria-label="Filter the audit log">
          <FilterSelect name="action" label="Action" value={filter.action} options={AUDIT_ACTION_NAMES.map((a) => [a, AUDIT_ACTIONS[a]])} />
          <FilterSelect name="actor" label="User" value={filter.actor} options={users.data.map((u) => [u.id, u.email])} />
          <label className="inline">
            From <input type="date" name="from" defaultValue={filter.from} />
          </label>
          <label className="inline">
            To <input type="date" name="to" defaultValue={filter.to} />
          </label>
          <button type="submit" className="secondary">
            Filter
          </button>
          <a href={`/settings/audit-log/export?${filterSearch(filter).toString()}`} download>
            Export CSV
          </a>
        </form>
        <DataTable
          label="Audit log"
          empty="Nothing recorded for these filters."
          columns={["Time (UTC)", "Who", "Via", "From", "Action", "Target", "Details"]}
          rows={log.data.map((e) => ({
            key: e.id,
            cells: [
              <span className="nowrap" key="t">
                {utcMinute(e.created_at)}
              </span>,
              // No actor: the system acted, or someone unknown (a sign-in refused for a wrong password).
              e.actor.email ?? (e.credential.kind === "system" ? "system" : "unknown"),
              e.credential.name ? `${CREDENTIAL[e.credential.kind]}: ${e.credential.name}` : CREDENTIAL[e.credential.kind],
              e.ip ?? "",
              AUDIT_ACTIONS[e.action],
              e.target.label ?? e.target.id ?? e.target.type,
              <AuditDetails key="d" details={e.details} />,
            ],
          }))}
        />
        {log.has_more && <Link href={`?${older.toString()}`}>Older entries →</Link>}
      </section>
    </>
  );
}
