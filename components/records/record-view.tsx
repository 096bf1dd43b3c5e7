"use client";
import { useCallback, useState, type ReactNode } from "react";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import type { FormAction } from "@/components/ui/settings-form.tsx";
import { RecordForm, type LookupChoice, type LookupSearch } from "./record-form.tsx";
import { useHydrated } from "@/components/ui/use-hydrated.ts";

interface RecordViewProps {
  fields: FieldDescription[];
  editable: FieldDescription[];
  values: Record<string, unknown>;
  /** Each field's value as rendered on the server (lookups as links, computed values as they are). */
  cells: Record<string, ReactNode>;
  lookups: Record<string, LookupChoice[]>;
  searchLookup?: LookupSearch;
  /** Absent for people who may not update the record: no edit control at all. */
  update?: FormAction<unknown>;
}

/** The record's fields, read; "Edit" turns them into a form in place (inline edit), formula and rollup fields stay read-only. */
export function RecordView({ fields, editable, values, cells, lookups, searchLookup, update }: RecordViewProps) {
  const [editing, setEditing] = useState(false);
  const done = useCallback(() => setEditing(false), []);
  const hydrated = useHydrated();
  if (editing && update)
    return (
      <section className="panel" aria-label="Edit record">
        <RecordForm
          label="Edit record"
          fields={editable}
          values={values}
          lookups={lookups}
          searchLookup={searchLookup}
          action={update}
          submit="Save"
          onSaved={done}
        >
          <button type="button" className="secondary" onClick={done}>
            Cancel
          </button>
        </RecordForm>
      </section>
    );
  return (
    <section className="panel" aria-label="Details">
      <div className="row spread">
        <h2>Details</h2>
        {update && (
          <button type="button" disabled={!hydrated} onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
      </div>
      <table aria-label="Fields" className="fields">
        <tbody>
          {fields.map((f) => (
            <tr key={f.apiName}>
              <th scope="row">{f.label}</th>
              <td>
                {cells[f.apiName]}
                {(f.type === "formula" || f.type === "rollup") && <span className="hint"> (computed)</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
