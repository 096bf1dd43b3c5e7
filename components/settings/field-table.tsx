import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { EditFieldForm, type FieldActions } from "./edit-field-form.tsx";

function detail(f: FieldDescription): string {
  if (f.options) return f.options.map((o) => o.value).join(", ");
  if (f.targetObject) return `→ ${f.targetObject}`;
  if (f.formula) return `= ${f.formula.expression}`;
  if (f.rollup)
    return `${f.rollup.aggregate}(${f.rollup.childObject}${f.rollup.valueField ? "." + f.rollup.valueField : ""}) by ${f.rollup.childField}`;
  return "";
}

export function FieldTable({
  objectApiName,
  fields,
  editable,
}: {
  objectApiName: string;
  fields: FieldDescription[];
  /** The editors' actions, for those who may change fields. */
  editable?: FieldActions;
}) {
  return (
    <table>
      <thead>
        <tr>
          <th>Field</th>
          <th>API name</th>
          <th>Type</th>
          <th>Rules</th>
          <th>Details</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.apiName} data-testid={`field-${f.apiName}`}>
            <td>{f.label}</td>
            <td className="mono">{f.apiName}</td>
            <td>{f.type}</td>
            <td>{[f.required && "required", f.unique && "unique", f.readOnly && "read-only"].filter(Boolean).join(", ")}</td>
            <td className="mono">{detail(f)}</td>
            <td>
              {editable && (
                <EditFieldForm
                  objectApiName={objectApiName}
                  field={f}
                  updateFieldAction={editable.updateFieldAction}
                  archiveFieldAction={editable.archiveFieldAction}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
