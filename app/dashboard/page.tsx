import { query, queryResult } from "@/lib/adapters/actions/session-operation.ts";
import { listActivitiesOp } from "@/lib/operations/activities/list-activities.ts";
import { recordNavigationOp } from "@/lib/operations/session/record-navigation.ts";
import { listRecordsOp } from "@/lib/operations/records/list-records.ts";
import { placedWidgetsOp } from "@/lib/operations/widgets/placed-widgets.ts";
import { recordHref } from "@/components/records/display.ts";
import { WidgetColumn } from "@/components/widgets/widget-column.tsx";
import { utcMinute } from "@/components/utc-minute.ts";

export const metadata = { title: "Dashboard" };

const when = (iso: string | null) => utcMinute(iso, "no due date");

/** The start page: how many records each object holds, your open activities, and the widgets apps place on the dashboard. */
export default async function DashboardPage() {
  const [objects, mine, widgets] = await Promise.all([
    query(recordNavigationOp, {}),
    queryResult(listActivitiesOp, { assignee: "me", status: "open", order: "due_at:asc", limit: 10 }),
    query(placedWidgetsOp, { location: "dashboard" }),
  ]);
  const totals = await Promise.all(objects.data.map((o) => queryResult(listRecordsOp, { object: o.apiName, limit: 1 })));
  return (
    <>
      <h1>Dashboard</h1>
      <div className="record-layout">
        <div className="stack">
          <section className="panel" aria-label="Records">
            <h2>Records</h2>
            <ul className="tiles">
              {objects.data.map((o, i) => {
                const total = totals[i];
                return (
                  <li key={o.apiName}>
                    <a href={`/records/${o.apiName}`}>
                      <strong>{total?.ok ? total.data.total : "—"}</strong> {o.pluralLabel}
                    </a>
                  </li>
                );
              })}
            </ul>
          </section>
          {mine.ok && (
            <section className="panel" aria-label="Your open activities">
              <h2>Your open activities ({mine.data.total})</h2>
              {mine.data.data.length === 0 ? (
                <p className="hint">Nothing open is assigned to you.</p>
              ) : (
                <ul className="stack">
                  {mine.data.data.map((a) => (
                    <li key={a.id}>
                      <span className="badge">{a.type}</span> <a href={recordHref(a.objectApiName, a.record_id)}>{a.subject}</a>{" "}
                      <span className="hint">{when(a.due_at)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </div>
        <WidgetColumn widgets={widgets.data} />
      </div>
    </>
  );
}
