import Link from "next/link";
import { notFound } from "next/navigation";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { listEnrollmentsOp } from "@/lib/operations/flows/manage-enrollments.ts";
import { getFlowOp } from "@/lib/operations/flows/manage-flows.ts";
import { ActionButton } from "@/components/ui/action-button.tsx";
import { DataTable } from "@/components/ui/data-table.tsx";
import { FlowBuilder } from "@/components/settings/flow-builder.tsx";
import { adminsOnly } from "../../webhooks/admins-only.ts";
import { setFlowStatusAction, stopEnrollmentAction, updateFlowAction } from "../actions.ts";
import { utcMinute } from "@/components/utc-minute.ts";

export const metadata = { title: "Flow" };

const PAGE = 50;

/** One flow: activate or pause it, change it, and see who goes through it (with Stop). */
export default async function FlowPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ offset?: string }>;
}) {
  await adminsOnly();
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const offset = Math.max(0, Math.min(Number.parseInt((await searchParams).offset ?? "0", 10) || 0, 100_000));
  const flow = await query(getFlowOp, { id });
  const enrollments = await query(listEnrollmentsOp, { id, limit: PAGE, offset });
  const active = flow.status === "active";
  return (
    <>
      <nav aria-label="Breadcrumb" className="hint">
        <Link href="/settings/flows">Flows</Link> / {flow.name}
      </nav>
      <div className="row spread">
        <h1>{flow.name}</h1>
        <span className="row">
          <span className={active ? "badge ok" : "badge"} data-testid="flow-status">
            {flow.status}
          </span>
          {active ? (
            <ActionButton
              action={setFlowStatusAction.bind(null, id, "paused")}
              question={`Pause “${flow.name}”? No step runs until it is activated again.`}
            >
              Pause
            </ActionButton>
          ) : (
            <ActionButton action={setFlowStatusAction.bind(null, id, "active")}>Activate</ActionButton>
          )}
        </span>
      </div>
      <p className="lead">
        Enrolls {flow.objectApiName === "lead" ? "leads" : "contacts"}. {flow.activeEnrollments} going through it now.
      </p>
      <section className="panel">
        <h2>Enrollments</h2>
        <DataTable
          label="Enrollments"
          empty="Nobody enrolled yet."
          columns={["Record", "Status", "Step", "Next step due", "Ended", "Why", ""]}
          rows={enrollments.data.map((e) => ({
            key: e.id,
            cells: [
              <a key="r" href={`/records/${e.objectApiName}/${e.recordId}`}>
                {e.recordId.slice(0, 8)}
              </a>,
              e.status,
              `${Math.min(e.step, flow.steps.length)} of ${flow.steps.length}`,
              utcMinute(e.dueAt),
              utcMinute(e.ended_at),
              e.endReason ?? "",
              e.status === "active" ? (
                <ActionButton
                  key="s"
                  action={stopEnrollmentAction.bind(null, id, e.id)}
                  question="Stop this enrollment? No further step runs for this record."
                  danger
                >
                  Stop
                </ActionButton>
              ) : (
                ""
              ),
            ],
          }))}
        />
        <nav className="row spread" aria-label="Pages">
          <span>
            {enrollments.total === 0 ? 0 : offset + 1}–{offset + enrollments.data.length} of {enrollments.total}
          </span>
          <span className="row">
            {offset > 0 && <a href={`/settings/flows/${id}?offset=${Math.max(0, offset - PAGE)}`}>← Newer</a>}
            {offset + PAGE < enrollments.total && <a href={`/settings/flows/${id}?offset=${offset + PAGE}`}>Older →</a>}
          </span>
        </nav>
      </section>
      <section className="panel">
        <h2>Steps</h2>
        <FlowBuilder
          key={flow.updated_at}
          action={updateFlowAction.bind(null, id)}
          label="Change flow"
          submit="Save"
          initial={{ name: flow.name, steps: flow.steps }}
          locked={active ? "Pause the flow to change its steps: enrollments under way continue at their step number." : undefined}
        />
      </section>
    </>
  );
}
