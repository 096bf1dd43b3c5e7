import Link from "next/link";
import type { RequestLogLineOut } from "@/lib/schemas/request-log.ts";
import { DataTable } from "@/components/ui/data-table.tsx";
import { FilterSelect } from "@/components/settings/filter-select.tsx";
import { utcSecond } from "@/components/utc-minute.ts";
import { requestLogSearch, STATUS_CLASSES, type RequestLogPageFilter } from "./request-log-filter.ts";

/**
 * A credential's requests (Settings → API keys → a key, Settings → Apps → an app): filters in a GET
 * form, newest first, older pages by link.
 */
export function RequestLogView(p: { label: string; filter: RequestLogPageFilter; lines: RequestLogLineOut[]; next: string | null }) {
  const { label, filter, lines, next } = p;
  const older = requestLogSearch(filter);
  if (next) older.set("after", next);
  return (
    <section className="panel stack">
      <form method="get" className="row" aria-label={`Filter ${label}`}>
        <FilterSelect name="status" label="Status" value={filter.status} options={STATUS_CLASSES.map((c) => [c, c])} />
        <label className="inline">
          Path starts with <input name="path" defaultValue={filter.path} placeholder="/api/v1/contact" maxLength={2048} />
        </label>
        <label className="inline">
          From <input type="date" name="from" defaultValue={filter.from} />
        </label>
        <label className="inline">
          Request id <input name="requestId" defaultValue={filter.requestId} maxLength={100} className="mono" />
        </label>
        <button type="submit" className="secondary">
          Filter
        </button>
      </form>
      <DataTable
        label={label}
        empty="No request recorded for these filters."
        columns={["Time (UTC)", "Method", "Path or tool", "Status", "ms", "From", "Request id", "Error"]}
        rows={lines.map((l) => ({
          key: l.id,
          cells: [
            utcSecond(l.created_at),
            l.method,
            <span key="p" className="mono">
              {l.path}
              {l.tool ? ` · ${l.tool}` : ""}
            </span>,
            <span key="s" className={`badge ${l.status < 400 ? "ok" : l.status < 500 ? "warning" : "off"}`}>
              {l.status}
            </span>,
            l.duration_ms,
            l.ip ?? "",
            <code key="r">{l.request_id}</code>,
            l.error_code ?? "",
          ],
        }))}
      />
      {next && <Link href={`?${older.toString()}`}>Older requests →</Link>}
    </section>
  );
}
