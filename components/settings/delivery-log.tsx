import Link from "next/link";
import { FEED_EVENT_TYPES } from "@/lib/schemas/event-names.ts";
import type { Delivery, Webhook } from "@/lib/schemas/webhooks.ts";
import { DeliveryResult, when } from "./delivery-result.tsx";
import { FilterSelect } from "./filter-select.tsx";

export interface LogFilter {
  webhook?: string;
  event?: string;
  outcome?: string;
}

/** Recent deliveries, newest first, with filters (a GET form: the URL keeps them) and a link to older ones. */
export function DeliveryLog({
  deliveries,
  hasMore,
  webhooks,
  filter,
}: {
  deliveries: Delivery[];
  hasMore: boolean;
  webhooks: Webhook[];
  filter: LogFilter;
}) {
  const urls = new Map(webhooks.map((w) => [w.id, w.url]));
  const older = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])));
  const last = deliveries.at(-1);
  if (last) older.set("after", last.id);
  return (
    <div className="stack">
      <form method="get" className="row" aria-label="Filter deliveries">
        <FilterSelect name="webhook" label="Webhook" value={filter.webhook} options={webhooks.map((w) => [w.id, w.url])} />
        <FilterSelect name="event" label="Event" value={filter.event} options={FEED_EVENT_TYPES.map((e) => [e, e])} />
        <FilterSelect
          name="outcome"
          label="Result"
          value={filter.outcome}
          options={[
            ["success", "Success"],
            ["failure", "Failure"],
          ]}
        />
        <button type="submit" className="secondary">
          Filter
        </button>
      </form>
      {deliveries.length === 0 ? (
        <p className="hint">No deliveries.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Time</th>
              <th>Event</th>
              <th>Webhook</th>
              <th>Result</th>
              <th>Duration</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.id} data-testid="delivery-row">
                <td>
                  <Link href={`/settings/webhooks/${d.webhookId}/deliveries/${d.id}`}>{when(d.created_at)}</Link>
                </td>
                <td className="mono">{d.event}</td>
                <td className="mono">{urls.get(d.webhookId) ?? d.webhookId}</td>
                <td>
                  <DeliveryResult status={d.status} error={d.error} />
                </td>
                <td>{d.duration_ms === null ? "" : `${d.duration_ms} ms`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasMore && <Link href={`?${older.toString()}`}>Older deliveries →</Link>}
    </div>
  );
}
