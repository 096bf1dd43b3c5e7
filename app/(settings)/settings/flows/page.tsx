import { query } from "@/lib/adapters/actions/session-operation.ts";
import { listFlowsOp } from "@/lib/operations/flows/manage-flows.ts";
import { DataTable } from "@/components/ui/data-table.tsx";
import { FlowBuilder } from "@/components/settings/flow-builder.tsx";
import { adminsOnly } from "../webhooks/admins-only.ts";
import { createFlowAction } from "./actions.ts";

export const metadata = { title: "Flows" };

const STEP_WORDS = { email: "email", wait: "wait", task: "task" } as const;

/** Settings → Flows: the company's cadences, and a new one (admins). */
export default async function FlowsPage() {
  await adminsOnly();
  const flows = await query(listFlowsOp, {});
  return (
    <>
      <h1>Flows</h1>
      <p className="lead">
        A flow runs its steps in order for each contact or lead enrolled in it: send an email, wait, create a task. A reply to a flow&apos;s
        email stops it for that person; people who unsubscribed are never emailed. Enroll records from their page, from a list selection, or
        with <code>POST /api/v1/flows/&#123;id&#125;/enrollments</code>.
      </p>
      <section className="panel">
        <h2>Flows</h2>
        <DataTable
          label="Flows"
          empty="No flows yet."
          columns={["Name", "Enrolls", "Steps", "Status", "Going through it"]}
          rows={flows.data.map((f) => ({
            key: f.id,
            cells: [
              <a key="n" href={`/settings/flows/${f.id}`}>
                {f.name}
              </a>,
              f.objectApiName === "lead" ? "Leads" : "Contacts",
              f.steps.map((s) => STEP_WORDS[s.type]).join(" → "),
              <span key="s" className={f.status === "active" ? "badge ok" : "badge"}>
                {f.status}
              </span>,
              String(f.activeEnrollments),
            ],
          }))}
        />
      </section>
      <section className="panel">
        <h2>New flow</h2>
        <p className="hint">A new flow starts paused: activate it once its steps are right.</p>
        <FlowBuilder action={createFlowAction} label="New flow" submit="Create flow" objectChoice />
      </section>
    </>
  );
}
