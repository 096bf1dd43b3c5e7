import { archiveFieldAction, updateFieldAction } from "@/app/(settings)/settings/objects/actions.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { ActionForm } from "./action-form.tsx";
import { Field } from "./field.tsx";

/** Inline editor of one field: label, required, options or formula; archive for custom fields. */
export function EditFieldForm({ objectApiName, field }: { objectApiName: string; field: FieldDescription }) {
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
