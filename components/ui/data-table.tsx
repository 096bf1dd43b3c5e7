import type { ReactNode } from "react";

/** A labelled table of rows, or a hint when there are none. A table wider than the page scrolls in its own box. */
export function DataTable({
  label,
  columns,
  rows,
  empty,
}: {
  label: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty?: string;
}) {
  if (!rows.length && empty) return <p className="hint">{empty}</p>;
  return (
    <div className="table-scroll">
      <table aria-label={label}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              {r.cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
