import { query } from "@/lib/adapters/actions/session-operation.ts";
import { listProcessesOp } from "@/lib/operations/approvals/manage-processes.ts";
import { listObjectsOp } from "@/lib/operations/objects/list-objects.ts";
import { ActionButton } from "@/components/ui/action-button.tsx";
import { ActionForm } from "@/components/ui/action-form.tsx";
import { DataTable } from "@/components/ui/data-table.tsx";
import { Field } from "@/components/ui/field.tsx";
import { adminsOnly } from "../webhooks/admins-only.ts";
import { deleteProcessAction, saveProcessAction } from "./actions.ts";

export const metadata = { title: "Approvals" };

/** Settings → Approvals: one process per object, its condition, its approver and what it locks (admins). */
export default async function ApprovalsSettingsPage() {
  await adminsOnly();
  const [processes, objects] = await Promise.all([query(listProcessesOp, {}), query(listObjectsOp, {})]);
  const approverName = (p: { approver: { userId: string | null; role: string | null } }) =>
    p.approver.role
      ? `Everyone with the role ${processes.roles.find((r) => r.key === p.approver.role)?.name ?? p.approver.role}`
      : (processes.users.find((u) => u.id === p.approver.userId)?.name ?? "A user no longer active");
  return (
    <>
      <h1>Approvals</h1>
      <p className="lead">
        A record whose values enter its object&apos;s condition (on any change: the browser, the API, agents, bulk, line items) — or that
        someone submits — waits for an approver&apos;s decision in <a href="/approvals">My approvals</a>. Meanwhile the fields of the
        condition (or the whole record) cannot change.
      </p>
      <section className="panel">
        <h2>Processes</h2>
        <DataTable
          label="Approval processes"
          empty="No approval process yet."
          columns={["Object", "Name", "Condition", "Approver", "Locks", ""]}
          rows={processes.data.map((p) => ({
            key: p.id,
            cells: [
              p.objectApiName,
              p.name,
              <code key="c">{p.conditions.join(" AND ")}</code>,
              approverName(p),
              p.lockMode === "record" ? "the whole record" : "the condition's fields",
              <ActionButton
                key="d"
                action={deleteProcessAction.bind(null, p.id)}
                question={`Delete the approval process “${p.name}”? Pending requests can still be decided, and lock nothing any more.`}
                danger
              >
                Delete
              </ActionButton>,
            ],
          }))}
        />
      </section>
      <section className="panel">
        <h2>Save a process</h2>
        <p className="hint">One process per object: saving for an object that has one replaces it.</p>
        <ActionForm action={saveProcessAction} label="Save approval process" submit="Save process" success="Saved.">
          <Field name="objectApiName" label="Object">
            <select name="objectApiName" defaultValue="opportunity">
              {objects.data.map((o) => (
                <option key={o.apiName} value={o.apiName}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <Field name="name" label="Name">
            <input name="name" required maxLength={120} placeholder="Large deals" />
          </Field>
          <Field
            name="conditions"
            label="Condition"
            hint={
              <>
                One filter per line, as the API&apos;s list filters write them (all must hold): <code>amount:gte:100000</code>,{" "}
                <code>stage:eq:negotiation</code>.
              </>
            }
          >
            <textarea name="conditions" required rows={3} maxLength={4000} />
          </Field>
          <Field name="approver" label="Approver">
            <select name="approver" defaultValue="role:admin">
              {processes.roles.map((r) => (
                <option key={r.key} value={`role:${r.key}`}>
                  Everyone with the role {r.name}
                </option>
              ))}
              {processes.users.map((u) => (
                <option key={u.id} value={`user:${u.id}`}>
                  {u.name} ({u.email})
                </option>
              ))}
            </select>
          </Field>
          <Field name="lockMode" label="While pending, lock">
            <select name="lockMode" defaultValue="fields">
              <option value="fields">the fields in the condition</option>
              <option value="record">the whole record</option>
            </select>
          </Field>
        </ActionForm>
      </section>
    </>
  );
}
