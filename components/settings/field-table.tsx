import { archiveFieldAction } from "@/app/(settings)/settings/objects/actions.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { ActionForm } from "./action-form.tsx";

function detail(f: FieldDescription): string {
  if (f.options) return f.options.map((o) => o.value).join(", ");
  if (f.targetObject) return `→ ${f.targetObject}`;
  if (f.formula) return `= ${f.formula.expression}`;
  if (f.rollup) return `${f.rollup.aggregate}(${f.rollup.childObject}${f.rollup.valueField ? "." + f.rollup.valueField : ""}) by ${f.rollup.childField}`;
  return "";
}

export function FieldTable({ objectApiName, fields }: { objectApiName: string; fields: FieldDescription[] }) {
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
            <td>
              {[f.required && "required", f.unique && "unique", f.readOnly && "read-only"].filter(Boolean).join(", ")}
            </td>
            <td className="mono">{detail(f)}</td>
            <td>
              {f.custom && (
                <ActionForm action={archiveFieldAction} label={`Archive ${f.apiName}`} submit="Archive" danger>
                  <input type="hidden" name="objectApiName" value={objectApiName} />
                  <input type="hidden" name="fieldApiName" value={f.apiName} />
                </ActionForm>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
