import { query, queryResult } from "@/lib/adapters/actions/session-operation.ts";
import { listApprovalsOp } from "@/lib/operations/approvals/approvals.ts";
import { getRecordOp } from "@/lib/operations/records/get-record.ts";
import { recordTitle } from "@/components/records/display.ts";
import { DecisionForm } from "@/components/records/decision-form.tsx";
import { decideAction } from "./actions.ts";
import { utcMinute } from "@/components/utc-minute.ts";

export const metadata = { title: "My approvals" };

const shown = (value: unknown) =>
  value === null || value === undefined ? "(empty)" : Array.isArray(value) ? value.join(", ") : String(value);

/** My approvals: the requests waiting for the signed-in user's decision, each with its record and the requested change. */
export default async function MyApprovalsPage() {
  const [pending, decided] = await Promise.all([
    query(listApprovalsOp, { mine: true, status: "pending", limit: 100 }),
    query(listApprovalsOp, { mine: true, limit: 20 }),
  ]);
  const history = decided.data.filter((a) => a.status !== "pending");
  // The subjects' names: a link reads better as a name than as an id.
  const titles = new Map(
    await Promise.all(
      [...pending.data, ...history].map(async (a) => {
        const record = await queryResult(getRecordOp, { object: a.objectApiName, id: a.recordId });
        return [a.id, record.ok ? recordTitle(record.data as Record<string, unknown>) : a.recordId.slice(0, 8)] as const;
      }),
    ),
  );
  return (
    <>
      <h1>My approvals</h1>
      {pending.data.length === 0 ? (
        <p className="lead">Nothing waits for your decision.</p>
      ) : (
        <ul className="stack" aria-label="Waiting for you">
          {pending.data.map((a) => (
            <li key={a.id} className="panel stack" aria-label={`Approval request ${a.id}`}>
              <div className="row spread">
                <strong>
                  {a.processName ?? "Approval"}:{" "}
                  <a href={`/records/${a.objectApiName}/${a.recordId}`} data-testid="approval-subject">
                    {titles.get(a.id)}
                  </a>{" "}
                  <span className="hint">({a.objectApiName})</span>
                </strong>
                <span className="hint">requested {utcMinute(a.created_at)}</span>
              </div>
              <dl className="requested">
                {Object.entries(a.requested).map(([field, value]) => (
                  <div key={field}>
                    <dt>{field}</dt>
                    <dd>{shown(value)}</dd>
                  </div>
                ))}
              </dl>
              <DecisionForm action={decideAction.bind(null, a.id)} label={`Decide ${a.id}`} />
            </li>
          ))}
        </ul>
      )}
      {history.length > 0 && (
        <section className="panel">
          <h2>Decided</h2>
          <ul aria-label="Decided">
            {history.map((a) => (
              <li key={a.id}>
                <a href={`/records/${a.objectApiName}/${a.recordId}`}>{titles.get(a.id)}</a> {a.status} {utcMinute(a.decided_at)}
                {a.comment ? `: “${a.comment}”` : ""}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
