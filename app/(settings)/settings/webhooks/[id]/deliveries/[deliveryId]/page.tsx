import Link from "next/link";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { getWebhookDeliveryOp } from "@/lib/operations/webhooks/deliveries.ts";
import { getWebhookOp } from "@/lib/operations/webhooks/manage-webhooks.ts";
import { DeliveryResult, when } from "@/components/settings/delivery-result.tsx";
import { RedeliverButton } from "@/components/settings/redeliver-button.tsx";
import { redeliverAction } from "../../../actions.ts";
import { notFound } from "next/navigation";
import { adminsOnly } from "../../../admins-only.ts";

export const metadata = { title: "Delivery" };

/** Pretty-prints the body for reading; the signed bytes are exactly the ones shown raw below it. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export default async function DeliveryPage({ params }: { params: Promise<{ id: string; deliveryId: string }> }) {
  await adminsOnly();
  const { id, deliveryId } = await params;
  if (!isUuid(id) || !isUuid(deliveryId)) notFound();
  const [webhook, d] = await Promise.all([query(getWebhookOp, { id }), query(getWebhookDeliveryOp, { id, deliveryId })]);
  return (
    <>
      <p>
        <Link href={`/settings/webhooks/${webhook.id}`}>← {webhook.url}</Link>
      </p>
      <h1>
        <span className="mono">{d.event}</span> delivery
      </h1>
      <section className="panel stack" aria-label="Result">
        <div className="row">
          <DeliveryResult status={d.status} error={d.error} />
          <span>{when(d.created_at)}</span>
          {d.duration_ms !== null && <span>{d.duration_ms} ms</span>}
        </div>
        {d.error_detail && <p className="hint">{d.error_detail}</p>}
        {d.redelivery_of && (
          <p className="hint">
            A redelivery of <Link href={`/settings/webhooks/${webhook.id}/deliveries/${d.redelivery_of}`}>an earlier delivery</Link>.
          </p>
        )}
        <p className="mono hint">Delivery id {d.id}</p>
        <RedeliverButton id={webhook.id} deliveryId={d.id} disabled={!webhook.active} redeliverAction={redeliverAction} />
        {!webhook.active && <p className="hint">The webhook is paused: resume it to redeliver.</p>}
      </section>
      {/* What was sent beside what came back, as a receiver's developer compares them. */}
      <div className="side-by-side">
        <section className="panel" aria-label="Request">
          <h2>Request</h2>
          <p className="mono">POST {webhook.url}</p>
          {d.request.headers ? (
            <table>
              <tbody>
                {Object.entries(d.request.headers).map(([name, value]) => (
                  <tr key={name}>
                    <th className="mono">{name}</th>
                    <td className="mono">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="hint">Not sent yet.</p>
          )}
          <h3>Body</h3>
          <pre data-testid="delivery-body">{pretty(d.request.body)}</pre>
          <details>
            <summary>Raw body, as signed</summary>
            <pre className="mono">{d.request.body}</pre>
          </details>
        </section>
        <section className="panel" aria-label="Response">
          <h2>Response</h2>
          <div className="row">
            <DeliveryResult status={d.status} error={d.error} />
            {d.duration_ms !== null && <span>after {d.duration_ms} ms</span>}
          </div>
          {d.error_detail && <p className="hint">{d.error_detail}</p>}
          <h3>Body</h3>
          {d.response.head ? <pre data-testid="response-head">{d.response.head}</pre> : <p className="hint">No response body.</p>}
          <p className="hint">The first 1,024 bytes of the answer are kept.</p>
        </section>
      </div>
    </>
  );
}
