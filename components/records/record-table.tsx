"use client";
import { useActionState, useState, type MouseEvent, type ReactNode } from "react";
import type { BulkOutcome } from "@/app/records/[object]/list-actions.ts";

export interface RecordRow {
  id: string;
  title: string;
  cells: ReactNode[];
}

interface Props {
  label: string;
  columns: ReactNode[];
  rows: RecordRow[];
  /** The bulk action on the selection (trash, or restore in the trash view); none: no checkboxes. */
  bulk?: { action: (prev: BulkOutcome | null, form: FormData) => Promise<BulkOutcome>; label: string; confirm?: string; danger?: boolean };
}

/** A page of records; with a bulk action, rows can be selected and acted on together (a confirmation first when it is destructive). */
export function RecordTable({ label, columns, rows, bulk }: Props) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [outcome, dispatch, pending] = useActionState<BulkOutcome | null, FormData>(async (prev, form) => {
    const result = await bulk!.action(prev, form);
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
  const confirm = (event: MouseEvent<HTMLButtonElement>) => {
    if (bulk?.confirm && !window.confirm(bulk.confirm.replace("{n}", String(chosen.size)))) event.preventDefault();
  };
  return (
    <form action={dispatch} className="stack">
      {bulk && (
        <div className="row">
          <button type="submit" className={bulk.danger ? "danger" : undefined} disabled={pending || chosen.size === 0} onClick={confirm}>
            {bulk.label} ({chosen.size})
          </button>
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
            {bulk && (
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
              {bulk && (
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
