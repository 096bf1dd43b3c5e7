import Link from "next/link";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { listObjectsOp } from "@/lib/operations/objects/list-objects.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { ActionForm } from "@/components/ui/action-form.tsx";
import { AdminOnly } from "@/components/settings/admin-only.tsx";
import { Field } from "@/components/ui/field.tsx";
import { createObjectAction } from "./actions.ts";

export const metadata = { title: "Objects" };

export default async function ObjectsPage() {
  const [objects, me] = await Promise.all([query(listObjectsOp, {}), query(currentUserOp, {})]);
  return (
    <>
      <h1>Objects &amp; fields</h1>
      <p className="lead">Built-in and custom objects share one structure and the same API endpoints.</p>
      <section className="panel">
        <table>
          <thead>
            <tr>
              <th>Object</th>
              <th>API name</th>
              <th>Kind</th>
            </tr>
          </thead>
          <tbody>
            {objects.data.map((o) => (
              <tr key={o.apiName}>
                <td>
                  <Link href={`/settings/objects/${o.apiName}`}>{o.label}</Link>
                </td>
                <td className="mono">{o.apiName}</td>
                <td>{o.custom ? <span className="badge ok">Custom</span> : <span className="badge">Built-in</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="panel">
        <h2>New custom object</h2>
        <AdminOnly isAdmin={me.isAdmin}>
          <ActionForm action={createObjectAction} label="New custom object" submit="Create object">
            <div className="grid2">
              <Field name="label" label="Label">
                <input name="label" required placeholder="Project" />
              </Field>
              <Field name="pluralLabel" label="Plural label">
                <input name="pluralLabel" placeholder="Projects" />
              </Field>
              <Field name="apiName" label="API name" hint="Lowercase letters, digits and _; used in URLs.">
                <input name="apiName" required pattern="[a-z][a-z0-9_]*" placeholder="project" />
              </Field>
            </div>
            <Field name="description" label="Description">
              <input name="description" />
            </Field>
          </ActionForm>
        </AdminOnly>
      </section>
    </>
  );
}
