import { query } from "@/lib/adapters/actions/session-operation.ts";
import { describeObjectOp } from "@/lib/operations/objects/describe-object.ts";
import { listObjectsOp } from "@/lib/operations/objects/list-objects.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { ActionForm } from "@/components/ui/action-form.tsx";
import { AdminOnly } from "@/components/settings/admin-only.tsx";
import { AddFieldForm } from "@/components/settings/add-field-form.tsx";
import { Field } from "@/components/ui/field.tsx";
import { FieldTable } from "@/components/settings/field-table.tsx";
import { archiveFieldAction, archiveObjectAction, createFieldAction, updateFieldAction, updateObjectAction } from "../actions.ts";

export default async function ObjectPage({ params }: { params: Promise<{ apiName: string }> }) {
  const { apiName } = await params;
  const [object, objects, me] = await Promise.all([
    query(describeObjectOp, { apiName }),
    query(listObjectsOp, {}),
    query(currentUserOp, {}),
  ]);
  return (
    <>
      <h1>{object.label}</h1>
      <p className="lead">
        <span className="mono">/api/v1/{object.apiName}</span> · {object.custom ? "custom object" : "built-in object"}
      </p>
      <section className="panel">
        <h2>Fields</h2>
        <FieldTable
          objectApiName={object.apiName}
          fields={object.fields}
          editable={me.isAdmin ? { updateFieldAction, archiveFieldAction } : undefined}
        />
      </section>
      <section className="panel">
        <h2>Add a field</h2>
        <AdminOnly isAdmin={me.isAdmin}>
          <AddFieldForm objectApiName={object.apiName} objects={objects.data} createFieldAction={createFieldAction} />
        </AdminOnly>
      </section>
      <section className="panel">
        <h2>Object settings</h2>
        <AdminOnly isAdmin={me.isAdmin}>
          <ActionForm action={updateObjectAction} label="Edit object" submit="Save" success="Saved.">
            <input type="hidden" name="apiName" value={object.apiName} />
            <div className="grid2">
              <Field name="label" label="Label">
                <input name="label" defaultValue={object.label} required />
              </Field>
              <Field name="pluralLabel" label="Plural label">
                <input name="pluralLabel" defaultValue={object.pluralLabel} required />
              </Field>
            </div>
            <Field name="description" label="Description">
              <input name="description" defaultValue={object.description} />
            </Field>
          </ActionForm>
          {object.custom && (
            <>
              <h2>Archive</h2>
              <p className="hint">Archiving hides the object from the API and settings; its records are kept.</p>
              <ActionForm
                action={archiveObjectAction}
                label="Archive object"
                submit="Archive object"
                danger
                question={`Archive ${object.label}? It disappears from the API and the pages; its records are kept.`}
              >
                <input type="hidden" name="apiName" value={object.apiName} />
              </ActionForm>
            </>
          )}
        </AdminOnly>
      </section>
    </>
  );
}
