import Link from "next/link";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";
import type { Webhook } from "@/lib/schemas/webhooks.ts";
import { ActionButton } from "@/components/ui/action-button.tsx";
import { ConfirmSubmit } from "@/components/ui/confirm-submit.tsx";
import { DeliveryResult, when } from "./delivery-result.tsx";

export function WebhookTable({
  webhooks,
  setWebhookActiveAction,
  deleteWebhookAction,
}: {
  webhooks: Webhook[];
  setWebhookActiveAction: (id: string, active: boolean) => Promise<FormState>;
  deleteWebhookAction: (form: FormData) => Promise<void>;
}) {
  if (!webhooks.length) return <p className="hint">No webhooks yet.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Endpoint</th>
          <th>Events</th>
          <th>Status</th>
          <th>Created</th>
          <th>Last delivery</th>
          <th>Actions</th>
        </tr>
      </thead>
      <tbody>
        {webhooks.map((w) => (
          <tr key={w.id} data-testid="webhook-row">
            <td className="mono">
              <Link href={`/settings/webhooks/${w.id}`}>{w.url}</Link>
            </td>
            <td className="mono">{w.events.join(", ")}</td>
            <td>{w.active ? <span className="badge">Active</span> : <span className="badge off">Paused</span>}</td>
            <td>
              {w.created_by.name}
              <br />
              <span className="hint">{when(w.created_at)}</span>
            </td>
            <td>
              {w.last_delivery ? (
                <DeliveryResult status={w.last_delivery.status} error={w.last_delivery.error} />
              ) : (
                <span className="hint">none yet</span>
              )}
            </td>
            <td className="row">
              {/* No optimistic label: the badge changes with the page's data, once the server has saved the change. */}
              <ActionButton action={setWebhookActiveAction.bind(null, w.id, !w.active)} label={`${w.active ? "Pause" : "Resume"} ${w.url}`}>
                {w.active ? "Pause" : "Resume"}
              </ActionButton>
              <form action={deleteWebhookAction}>
                <input type="hidden" name="id" value={w.id} />
                <ConfirmSubmit
                  question={`Delete the webhook to ${w.url} and its delivery log? This cannot be undone.`}
                  label={`Delete ${w.url}`}
                >
                  Delete
                </ConfirmSubmit>
              </form>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
