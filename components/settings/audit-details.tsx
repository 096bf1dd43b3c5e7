import { Fragment } from "react";

const shown = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

/**
 * An audit entry's details, closed to one line of their names (the table stays within the window)
 * and opened as name/value pairs that wrap, rather than one long line of JSON.
 */
export function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details);
  if (!entries.length) return null;
  const names = entries.map(([k]) => k);
  return (
    <details className="audit-details">
      <summary>{names.length > 3 ? `${names.slice(0, 3).join(", ")} and ${names.length - 3} more` : names.join(", ")}</summary>
      <dl className="facts">
        {entries.map(([k, v]) => (
          <Fragment key={k}>
            <dt>{k}</dt>
            <dd className="mono">{shown(v)}</dd>
          </Fragment>
        ))}
      </dl>
    </details>
  );
}
