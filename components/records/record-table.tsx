"use client";
import { useActionState, useState, type MouseEvent, type ReactNode } from "react";

/** What a bulk action did to the selected records: how many it changed, and the refusals by record. */
export interface BulkOutcome {
  done: number;
  failed: { id: string; error: string }[];
}

export interface RecordRow {
  id: string;
  title: string;
  cells: ReactNode[];
}

export interface BulkAction {
  action: (prev: BulkOutcome | null, form: FormData) => Promise<BulkOutcome>;
  label: string;
  confirm?: string;
  danger?: boolean;
  /** A choice posted with the selection (the flow to enroll in), as a select before the button. */
  choice?: { name: string; label: string; options: { value: string; label: string }[] };
}

interface Props {
  label: string;
  columns: ReactNode[];
  rows: RecordRow[];
  /** The bulk actions on the selection (trash, enroll in a flow; restore in the trash view); none: no checkboxes. */
  bulk?: BulkAction[];
}

/** A page of records; with a bulk action, rows can be selected and acted on together (a confirmation first when it is destructive). */
export function RecordTable({ label, columns, rows, bulk }: Props) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [outcome, dispatch, pending] = useActionState<BulkOutcome | null, FormData>(async (prev, form) => {
    // The button pressed says which action (React passes the submitter's name and value).
    const result = await bulk![Number(form.get("bulk") ?? 0)]!.action(prev, form);
    setChosen(new Set());
    return result;
  }, null);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const all = rows.length > 0 && rows.every((r) => chosen.has(r.id));
  const confirm = (b: BulkAction) => (event: MouseEvent<HTMLButtonElement>) => {
    if (b.confirm && !window.confirm(b.confirm.replace("{n}", String(chosen.size)))) event.preventDefault();
  };
  const checkboxes = Boolean(bulk?.length);
  return (
    <form action={dispatch} className="stack">
      {checkboxes && (
        <div className="row">
          {bulk!.map((b, i) => (
            <span key={b.label} className="row">
              {b.choice && (
                <select name={b.choice.name} aria-label={b.choice.label}>
                  {b.choice.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              )}
              <button
                type="submit"
                name="bulk"
                value={i}
                className={b.danger ? "danger" : undefined}
                disabled={pending || chosen.size === 0}
                onClick={confirm(b)}
              >
                {b.label} ({chosen.size})
              </button>
            </span>
          ))}
          {outcome && (
            <span role="status" className={outcome.failed.length ? "error" : "success"}>
              {outcome.done} done
              {outcome.failed.length ? `, ${outcome.failed.length} refused: ${outcome.failed.map((f) => f.error).join("; ")}` : ""}.
            </span>
          )}
        </div>
      )}
      <table aria-label={label}>
        <thead>
          <tr>
            {checkboxes && (
              <th>
                <input
                  type="checkbox"
                  aria-label="Select all"
                  checked={all}
                  onChange={() => setChosen(all ? new Set() : new Set(rows.map((r) => r.id)))}
                />
              </th>
            )}
            {columns.map((c, i) => (
              <th key={i}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              {checkboxes && (
                <td>
                  <input
                    type="checkbox"
                    name="id"
                    value={r.id}
                    aria-label={`Select ${r.title}`}
                    checked={chosen.has(r.id)}
                    onChange={() => toggle(r.id)}
                  />
                </td>
              )}
              {r.cells.map((c, i) => (
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </form>
  );
}
