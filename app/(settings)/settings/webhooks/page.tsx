import { query } from "@/lib/adapters/actions/session-operation.ts";
import { deliveryLogOp } from "@/lib/operations/webhooks/deliveries.ts";
import { listWebhooksOp } from "@/lib/operations/webhooks/manage-webhooks.ts";
import { CreateWebhookForm } from "@/components/settings/create-webhook-form.tsx";
import { DeliveryLog } from "@/components/settings/delivery-log.tsx";
import { WebhookTable } from "@/components/settings/webhook-table.tsx";
import { createWebhookAction, deleteWebhookAction, setWebhookActiveAction } from "./actions.ts";
import { adminsOnly } from "./admins-only.ts";
import { logFilter } from "./log-filter.ts";

export const metadata = { title: "Webhooks" };

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await adminsOnly();
  const filter = logFilter(await searchParams);
  const [webhooks, log] = await Promise.all([query(listWebhooksOp, {}), query(deliveryLogOp, { ...filter, limit: 25 })]);
  return (
    <>
      <h1>Webhooks</h1>
      <p className="lead">
        Each event is POSTed at once to the webhooks subscribed to it, signed with their secret, within 4 seconds, and never retried:
        failures stay in the log below, where you can redeliver them.
      </p>
      <section className="panel">
        <h2>Add a webhook</h2>
        <CreateWebhookForm createWebhookAction={createWebhookAction} />
      </section>
      <section className="panel">
        <h2>Your webhooks</h2>
        <WebhookTable webhooks={webhooks.data} setWebhookActiveAction={setWebhookActiveAction} deleteWebhookAction={deleteWebhookAction} />
      </section>
      <section className="panel" aria-label="Recent deliveries">
        <h2>Recent deliveries</h2>
        <p className="hint">Kept 30 days.</p>
        <DeliveryLog
          deliveries={log.data}
          hasMore={log.has_more}
          webhooks={webhooks.data}
          filter={{ webhook: filter.webhookId, event: filter.event, outcome: filter.outcome }}
        />
      </section>
    </>
  );
}
