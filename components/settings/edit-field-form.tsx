"use client";
// A client component, rendered by the server's field table with the page's actions as props: as a
// server component between them, the page's re-render after saving failed in the browser (React
// error 130, an element type it could not resolve) and the table kept the old label.
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { ActionForm } from "@/components/ui/action-form.tsx";
import type { FormAction } from "@/components/ui/settings-form.tsx";
import { Field } from "@/components/ui/field.tsx";

/** The page's server actions a field's editor posts to. */
export interface FieldActions {
  updateFieldAction: FormAction<unknown>;
  archiveFieldAction: FormAction<unknown>;
}

/** Inline editor of one field: label, required, options or formula; archive for custom fields. */
export function EditFieldForm({
  objectApiName,
  field,
  updateFieldAction,
  archiveFieldAction,
}: { objectApiName: string; field: FieldDescription } & FieldActions) {
  const computed = field.readOnly;
  return (
    <details>
      <summary>Edit</summary>
      <ActionForm action={updateFieldAction} label={`Edit ${field.apiName}`} submit="Save field" success="Saved.">
        <input type="hidden" name="objectApiName" value={objectApiName} />
        <input type="hidden" name="fieldApiName" value={field.apiName} />
        <Field name="label" label="Label">
          <input name="label" defaultValue={field.label} required />
        </Field>
        {!computed && (
          <Field name="required" label="Required" inline>
            <input type="checkbox" name="required" defaultChecked={field.required} />
          </Field>
        )}
        {field.options && (
          <Field name="options" label="Options" item="Option">
            <textarea name="options" rows={4} defaultValue={field.options.map((o) => `${o.value}:${o.label}`).join("\n")} />
          </Field>
        )}
        {field.formula && (
          <Field name="expression" label="Expression">
            <input name="expression" className="mono" defaultValue={field.formula.expression} />
          </Field>
        )}
      </ActionForm>
      {field.custom && (
        <ActionForm
          action={archiveFieldAction}
          label={`Archive ${field.apiName}`}
          submit="Archive field"
          danger
          question={`Archive the field ${field.label}? It is hidden from the API and the pages; stored values are kept.`}
        >
          <input type="hidden" name="objectApiName" value={objectApiName} />
          <input type="hidden" name="fieldApiName" value={field.apiName} />
        </ActionForm>
      )}
    </details>
  );
}
